// A handler: requires a library through `${__hooks}`, inside the handler.
routerAdd('GET', '/x', (e) => {
  const a = require(`${__hooks}/lib/a.js`)
  return e.json(200, a.value())
})
