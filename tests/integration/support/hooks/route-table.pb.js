/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: lets tests/integration/route-limits.test.ts walk the running
// server's routes.
//   GET  /api/test/routes   -> { registered: every `METHOD /path` a hook file registered with
//                              routerAdd (support/hooks/route-recorder.js), notInRouter: every
//                              route of ROUTE_BODY_LIMITS that PocketBase's router does not have,
//                              otherMethods: a route the router has on a path of the table with
//                              a method the table does not list (a new route of PocketBase's) }
//   POST /api/test/unlisted -> a route planted WITHOUT a body limit: the walk must name it, and
//                              the server must refuse its bodies.

// (onServe is not among the hooks' globals; the app's own hook is.)
$app.onServe().bindFunc((e) => {
  e.next()
  const { ROUTE_BODY_LIMITS } = require(`${__hooks}/generated/server.cjs`).limits
  const notInRouter = []
  for (const route of Object.keys(ROUTE_BODY_LIMITS)) {
    const space = route.indexOf(' ')
    const method = space < 0 ? '' : route.slice(0, space)
    const path = space < 0 ? route : route.slice(space + 1)
    // "/" (any method, unknown paths) is added by the router itself when it builds.
    if (route !== '/' && !e.router.hasRoute(method, path)) notInRouter.push(route)
  }
  const otherMethods = []
  for (const route of Object.keys(ROUTE_BODY_LIMITS)) {
    const path = route.slice(route.indexOf(' ') + 1)
    // hasRoute treats "/" like "/{path...}" (the static site's GET).
    if (path === '/') continue
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const candidate = `${method} ${path}`
      if (
        !(candidate in ROUTE_BODY_LIMITS) &&
        otherMethods.indexOf(candidate) < 0 &&
        e.router.hasRoute(method, path)
      ) {
        otherMethods.push(candidate)
      }
    }
  }
  $app.store().set('test:notInRouter', JSON.stringify(notInRouter))
  $app.store().set('test:otherMethods', JSON.stringify(otherMethods))
})

routerAdd('GET', '/api/test/routes', (e) => {
  const store = e.app.store()
  return e.json(200, {
    registered: JSON.parse(String(store.get('test:routerAdd') || '[]')),
    notInRouter: JSON.parse(String(store.get('test:notInRouter') || '[]')),
    otherMethods: JSON.parse(String(store.get('test:otherMethods') || '[]')),
  })
})

routerAdd('POST', '/api/test/unlisted', (e) => {
  const body = e.requestInfo().body || {}
  return e.json(200, { keys: Object.keys(body).length })
})
