// The payoff model's assumptions (src/config/payoff.ts, src/audit/payoff.ts): what the consultant
// set, read by the results and follow-up mails, and the routes of pb_hooks/payoff.pb.js.
import { getPayoff, putPayoff } from './settings'

export { readPayoff } from './settings'

/** The routes of pb_hooks/payoff.pb.js. */
export const routes = {
  getPayoff,
  putPayoff,
}
