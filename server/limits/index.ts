// Limits and abuse: what a request may cost (body sizes, realtime connections), what a visitor
// may send (input limits, common passwords), what one address may store in a day, sign-in
// throttling, who the visitor is behind the proxy, and the answers that are not the visitor's
// fault (503 for a failed save, Retry-After on 429); and a request to change one's e-mail that
// tells nothing about the new address.
import { applyDeploySettingsAtStart, dropUntrustedProxyHeaders } from './proxy'
import { checkInput, checkRecordWrite } from './input-hooks'
import { countCappedCreate, pruneCountersNow, pruneExpiredCounters } from './ip-caps'
import { applyBodyLimit, limitRequest } from './request-limits'
import { setRealtimeTimeouts } from './realtime'
import { setRetryAfter } from './retry-after'
import { answerFailedSave } from './save-errors'
import { throttleSignIn } from './signin-throttle'
import { hideTakenNewEmail } from './email-change-request'
import * as counterRows from './counters'
import { every, jobKind } from '../queue/index'

export type { InputProblem, InputProblems } from './input-problems'
export type { CounterState } from './counters'
export { inputProblems, passwordProblems } from './input-problems'
export { inputErrors, sentBody } from './input-body'
export { commonPasswordProblem } from './passwords'
export { countCreate, giveBack } from './ip-caps'
export { clientIp, isExcludedIp } from './proxy'
export { ipInList, trustedProxyIPs } from './deploy-config'
export { noteRetryAt, takeRetryAt } from './retry-after'
/** The body limit of every route (the route-table test walks the router against it). */
export { ROUTE_BODY_LIMITS } from '../../src/config/limits'

/** abuse_counters: keyed-hash counts with an expiry (counters.ts). */
export const counters = {
  hashOf: counterRows.hashOf,
  take: counterRows.take,
  add: counterRows.add,
  giveBack: counterRows.giveBack,
  read: counterRows.read,
  remove: counterRows.remove,
  prune: counterRows.prune,
}

/** The middlewares and hooks the entry table binds. */
export const hooks = {
  /** The outer middleware chain (server/main.ts): body limits and realtime slots. */
  limitRequest,
  /** The outer middleware chain, last: a superuser route's large body limit (PocketBase's). */
  applyBodyLimit,
  /** request-limits.pb.js: realtime connections' idle and maximum time. */
  setRealtimeTimeouts,
  /** The inner middleware chain: records writes' JSON types and fields. */
  checkRecordWrite,
  /** input-limits.pb.js: contacts, newsletter_subscriptions, audits creates. */
  checkInput,
  /** ip-caps.pb.js: contacts, audits, events creates. */
  countCappedCreate,
  /** proxy.pb.js: bootstrap. */
  applyDeploySettingsAtStart,
  /** The outer middleware chain: the trusted-proxy headers. */
  dropUntrustedProxyHeaders,
  /** signin-throttle.pb.js: users' auth-with-password. */
  throttleSignIn,
  /** save-errors.pb.js: create and update execute. */
  answerFailedSave,
  /** The outer middleware chain: Retry-After on 429. */
  setRetryAfter,
  /** The inner middleware chain: a taken new e-mail answers like a free one. */
  hideTakenNewEmail,
}

export const routes = {
  /** POST /api/limits/prune (superusers). */
  pruneCounters: pruneCountersNow,
}

/** Scheduled work, as rows of the delivery queue's dispatcher (server/queue/jobs.ts). */
export const jobKinds = {
  /** Expired abuse counters go: hourly at :23. */
  'limits.prune-counters': jobKind(pruneExpiredCounters, { repeat: every(60, 23) }),
}
