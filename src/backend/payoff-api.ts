// Typed calls of the payoff model's assumptions (pb_hooks/payoff.pb.js, server/payoff/): the
// console reads and saves them; reports read them through src/offline/payoff-assumptions.ts.
// Every call takes the client first so the same code runs in the app and in integration tests.
import type PocketBase from 'pocketbase'
import type { PayoffAssumptions } from '../config/payoff'
import type { PayoffAnswer } from '../../server/payoff/api'

export type { PayoffAnswer, PayoffAssumptions }

export function getPayoff(pb: PocketBase): Promise<PayoffAnswer> {
  return pb.send<PayoffAnswer>('/api/payoff', { method: 'GET' })
}

/** Saves the assumptions (site admin); a 400 names each bad field (`hourlyRate`, ...). */
export function savePayoff(pb: PocketBase, assumptions: PayoffAssumptions): Promise<PayoffAnswer> {
  return pb.send<PayoffAnswer>('/api/payoff', { method: 'PUT', body: assumptions })
}
