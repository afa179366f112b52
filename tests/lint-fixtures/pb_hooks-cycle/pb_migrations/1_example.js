// A migration requiring a library, as the real ones do.
migrate((app) => {
  require(`${__hooks}/lib/c.js`).c(app)
})
