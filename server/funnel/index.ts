// The funnel's public surface: the privacy-respecting funnel (events, visit tokens, the report),
// the visitors' peer benchmark, and the console's audit counters.
import { readAuditStats } from './audit-stats'
import { checkEvent, recordVisit } from './events'
import { readFunnel, readPeerBenchmark } from './routes'

export { funnelReport } from './report'
export { peerBenchmark } from './histograms'
export { recordConfirmedBooking } from './events'
export { issueToken, tokenProblem } from './token'

/** The routes of pb_hooks/funnel.pb.js and pb_hooks/admin.pb.js. */
export const routes = {
  recordVisit,
  readFunnel,
  readPeerBenchmark,
  readAuditStats,
}

/** The record hooks of pb_hooks/funnel.pb.js. */
export const hooks = {
  checkEvent,
}
