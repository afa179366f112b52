// The server as PocketBase runs it: every area's routes, record hooks and jobs, which the entry
// table (pb_hooks/*.pb.js) registers, one line each. scripts/build-server.mjs bundles this file
// and everything it imports into pb_hooks/generated/server.cjs.
//
// PocketBase runs each handler in one of a pool of JavaScript engines (and in a new one-off
// engine when all are busy); each engine loads this bundle on its first call. The build makes
// every `import * as area` below load that area the first time the engine uses it, so the
// middlewares every request passes load limits/ and pages/, not markdown-it and the rest
// (scripts/build-server.mjs); the queue reads the kinds and channels when it first needs one.
// Areas, lowest first (an area imports only lower ones, each through its index.ts;
// docs/architecture.md draws them):
//   platform  site  queue  mail  pages  limits  people  funnel  payoff  webhooks  push  newsletter
//   followups
//   leads
//   accounts
import * as accounts from './accounts/index'
import * as followups from './followups/index'
import * as funnel from './funnel/index'
import * as leads from './leads/index'
import * as limits from './limits/index'
import * as mail from './mail/index'
import * as newsletter from './newsletter/index'
import * as pages from './pages/index'
import * as payoff from './payoff/index'
import * as people from './people/index'
import * as push from './push/index'
import * as queue from './queue/index'
import * as site from './site/index'
import * as webhooks from './webhooks/index'
// The registry alone, not the queue: an engine that never queues anything never loads it.
import { registerChannel, registerKinds } from './queue/registry'
import type { RequestEvent } from './platform/events'
import { chain } from './platform/middleware'

registerChannel('mail', () => mail.channel)
registerChannel('webhook', () => webhooks.channel)
registerChannel('push', () => push.channel)
registerChannel('job', () => queue.jobChannel)
registerKinds(() => leads.kinds)
registerKinds(() => newsletter.kinds)
registerKinds(() => accounts.kinds)
registerKinds(() => webhooks.kinds)
registerKinds(() => push.kinds)
registerKinds(() => followups.kinds)
registerKinds(() => people.kinds)
// Scheduled work: rows of the `job` channel (server/queue/jobs.ts).
registerKinds(() => accounts.jobKinds)
registerKinds(() => limits.jobKinds)
registerKinds(() => followups.jobKinds)
registerKinds(() => newsletter.jobKinds)
registerKinds(() => webhooks.jobKinds)
registerKinds(() => leads.jobKinds)
registerKinds(() => people.jobKinds)
// The site area sits below the queue, so its daily job's kind is made here: at 04:23 UTC.
registerKinds(() => ({
  'site.delete-unused-pictures': queue.jobKind(site.jobs.deleteUnusedPictures, {
    repeat: queue.every(24 * 60, 4 * 60 + 23),
  }),
}))

/**
 * The middlewares every request passes, as two of PocketBase's (pb_hooks/middlewares.pb.js), so
 * a request holds two of the pool's engines, not eight (server/platform/middleware.ts). The
 * prerendered pages keep a middleware of their own (pages.pb.js): inside the compression.
 */
export const middlewares = {
  /**
   * Priority -99500, before PocketBase's own: the body limits and realtime slots first (a flood
   * is refused having loaded nothing else), untrusted proxy headers dropped, Retry-After on a
   * 429, the security and cache headers, then a superuser route's large body limit (last: it is
   * PocketBase's own middleware, which calls the rest of PocketBase's chain itself).
   */
  outer: (e: RequestEvent): void =>
    chain(e, [
      limits.hooks.limitRequest,
      limits.hooks.dropUntrustedProxyHeaders,
      limits.hooks.setRetryAfter,
      pages.hooks.addResponseHeaders,
      limits.hooks.applyBodyLimit,
    ]),
  /**
   * Priority 0, after PocketBase's (its rate limits, the auth loaded): a taken new e-mail hidden,
   * anyone but the site admin refused a picture upload before its body is read, records writes'
   * input limits, queries reaching a webhook secret refused, then gzip (last: Go's
   * gzip middleware calls the rest of PocketBase's chain itself).
   */
  inner: (e: RequestEvent): void =>
    chain(e, [
      limits.hooks.hideTakenNewEmail,
      site.hooks.refuseOthersUploads,
      limits.hooks.checkRecordWrite,
      webhooks.hooks.refuseSecretQueries,
      pages.hooks.compress,
    ]),
}

export {
  accounts,
  followups,
  funnel,
  leads,
  limits,
  mail,
  newsletter,
  pages,
  payoff,
  people,
  push,
  queue,
  site,
  webhooks,
}
