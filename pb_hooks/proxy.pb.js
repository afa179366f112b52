/// <reference path="../.pb-types/types.d.ts" />
// Running behind the TLS proxy: the deployment env into PocketBase's settings at start, and the
// trusted-proxy headers dropped from any other connection (server/limits/proxy.ts).

onBootstrap((e) =>
  require(`${__hooks}/generated/server.cjs`).limits.hooks.applyDeploySettingsAtStart(e),
)
routerUse(
  new Middleware(
    (e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.dropUntrustedProxyHeaders(e),
    -99000,
  ),
)
