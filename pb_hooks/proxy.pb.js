/// <reference path="../.pb-types/types.d.ts" />
// Running behind the TLS proxy (deploy/Caddyfile). At start, the deployment env
// (TRUSTED_PROXY_IPS, SUPERUSER_IPS, BACKUP_*; see lib/deploy-config.js) is copied into
// PocketBase's settings.
//
// PocketBase's trusted-proxy setting believes X-Forwarded-For on EVERY connection. So before
// anything reads the visitor's IP (the activity log, the superuser IP check, the rate limiter:
// priorities -1040 to -1000), this middleware removes the trusted headers from any connection
// that does not come from one of TRUSTED_PROXY_IPS: a client talking to PocketBase directly
// cannot pick its own rate-limit bucket or pass as an allowed superuser address.

onBootstrap((e) => {
  e.next()
  const { applyDeploySettings } = /** @type {typeof import('./lib/deploy-config.js')} */ (
    require(`${__hooks}/lib/deploy-config.js`)
  )
  const summary = applyDeploySettings(e.app)
  if (summary && $os.args.indexOf('serve') >= 0) console.log(`deploy: ${summary}.`)
})

routerUse(
  new Middleware((e) => {
    const headers = e.app.settings().trustedProxy.headers
    if (headers.length === 0) return e.next()
    const { ipInList, trustedProxyIPs } = /** @type {typeof import('./lib/deploy-config.js')} */ (
      require(`${__hooks}/lib/deploy-config.js`)
    )
    if (!ipInList(e.remoteIP(), trustedProxyIPs())) {
      for (const name of headers) e.request.header.del(name)
    }
    return e.next()
  }, -99000),
)
