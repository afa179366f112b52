/// <reference path="../.pb-types/types.d.ts" />
// Every header this site adds to a response (server/pages/response-headers.ts). Priority -1045:
// before PocketBase's CORS middleware (-1041); its own security-headers middleware is removed.

// (onServe is not among the hooks' globals; the app's own hook is.)
$app
  .onServe()
  .bindFunc((/** @type {core.ServeEvent} */ e) =>
    require(`${__hooks}/generated/server.cjs`).pages.hooks.dropPocketBaseSecurityHeaders(e),
  )
routerUse(
  new Middleware(
    (e) => require(`${__hooks}/generated/server.cjs`).pages.hooks.addResponseHeaders(e),
    -1045,
  ),
)
