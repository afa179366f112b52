/// <reference path="../.pb-types/types.d.ts" />
// Running behind the TLS proxy: the deployment env into PocketBase's settings at start
// (server/limits/proxy.ts); the trusted-proxy headers from any other connection are dropped by
// the outer middleware chain (middlewares.pb.js).

onBootstrap((e) =>
  require(`${__hooks}/generated/server.cjs`).limits.hooks.applyDeploySettingsAtStart(e),
)
