/// <reference path="../.pb-types/types.d.ts" />
// PocketBase's own security-headers middleware is removed: this site's headers are added by the
// outer middleware chain (middlewares.pb.js, server/pages/response-headers.ts).

// (onServe is not among the hooks' globals; the app's own hook is.)
$app
  .onServe()
  .bindFunc((/** @type {core.ServeEvent} */ e) =>
    require(`${__hooks}/generated/server.cjs`).pages.hooks.dropPocketBaseSecurityHeaders(e),
  )
