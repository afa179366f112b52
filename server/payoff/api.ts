// The shape GET and PUT /api/payoff answer with, shared with the browser (src/backend/payoff-api.ts
// imports it as a type). Pure: no PocketBase here.
import type { PayoffAssumptions } from '../../src/config/payoff'

/** The payoff model's assumptions in force, and the site's defaults (the console's reset). */
export interface PayoffAnswer {
  assumptions: PayoffAssumptions
  defaults: PayoffAssumptions
}
