// Who the visitor is, behind the TLS proxy (deploy/Caddyfile). PocketBase's trusted-proxy
// setting believes X-Forwarded-For on EVERY connection, so before anything reads the visitor's
// IP (the activity log, the superuser IP check, the rate limiter: priorities -1040 to -1000) the
// trusted headers are removed from any connection that does not come from one of
// TRUSTED_PROXY_IPS: a client talking to PocketBase directly cannot pick its own rate-limit
// bucket or pass as an allowed superuser address. At start, the deployment env is copied into
// PocketBase's settings (deploy-config.ts).
import { isServing } from '../platform/env'
import type { App, BootstrapEvent, RequestEvent } from '../platform/events'
import { applyDeploySettings, ipInList, trustedProxyIPs } from './deploy-config'

/**
 * The visitor's address as the rest of the server will see it: X-Forwarded-For counts only on a
 * connection from one of TRUSTED_PROXY_IPS (dropUntrustedProxyHeaders removes it from any other,
 * but the request limits run before that middleware).
 */
export function clientIp(e: RequestEvent): string {
  const remote = e.remoteIP()
  if (e.app.settings().trustedProxy.headers.length === 0) return remote
  return ipInList(remote, trustedProxyIPs()) ? e.realIP() : remote
}

/**
 * True for an address the rate limiter is told to leave alone (Settings > Rate limits >
 * excluded IPs): the per-IP caps leave it alone too.
 */
export function isExcludedIp(app: App, ip: string): boolean {
  const excluded = app.settings().rateLimits.excludedIPs || []
  for (let i = 0; i < excluded.length; i++) if (excluded[i] === ip) return true
  return false
}

/** The middleware: the trusted headers count only on a connection from the proxy. */
export function dropUntrustedProxyHeaders(
  e: RequestEvent,
  next: () => void = () => e.next(),
): void {
  const headers = e.app.settings().trustedProxy.headers
  if (headers.length === 0) return next()
  if (!ipInList(e.remoteIP(), trustedProxyIPs())) {
    for (const name of headers) e.request.header.del(name)
  }
  return next()
}

/** At start: the deployment env into PocketBase's settings, and one line in the log about it. */
export function applyDeploySettingsAtStart(e: BootstrapEvent): void {
  e.next()
  const summary = applyDeploySettings(e.app)
  if (summary && isServing()) console.log(`deploy: ${summary}.`)
}
