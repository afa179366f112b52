// The payoff model's assumptions as the consultant set them (src/config/payoff.ts has what they
// are and the checks): one row in payoff_settings, written only through PUT /api/payoff; without
// a row, or with one that no longer passes the checks (a section renamed in the audit), the
// defaults apply. GET /api/payoff is public: every report reads its hours and starting rate from
// it (and keeps the answer on the device for offline use).
import type { App, RequestEvent } from '../platform/events'
import { requireConsultant } from '../platform/auth'
import { refuseProblems } from '../platform/errors'
import { parseJson } from '../platform/json'
import { noStore } from '../platform/request'
import { findOrNull, saveSingleRow } from '../platform/sql'
import { checkPayoffAssumptions } from '../../src/audit/payoff'
import { PAYOFF_DEFAULTS } from '../../src/config/payoff'
import type { PayoffAssumptions } from '../../src/config/payoff'
import type { PayoffAnswer } from './api'

export const COLLECTION = 'payoff_settings'
export const ROW_ID = 'payoffsettings1'

function defaults(): PayoffAssumptions {
  return JSON.parse(JSON.stringify(PAYOFF_DEFAULTS)) as PayoffAssumptions
}

/** The assumptions in force. */
export function readPayoff(app: App): PayoffAssumptions {
  const row = findOrNull(app, COLLECTION, ROW_ID)
  if (!row) return defaults()
  const checked = checkPayoffAssumptions(parseJson(row.getString('assumptions')))
  return Object.keys(checked.problems).length ? defaults() : checked.value
}

/** Saves checked assumptions, or throws a 400 naming every bad field. */
function savePayoff(app: App, input: unknown): PayoffAssumptions {
  const checked = checkPayoffAssumptions(input)
  refuseProblems('Please correct the payoff assumptions.', checked.problems)
  saveSingleRow(app, COLLECTION, ROW_ID, { assumptions: JSON.stringify(checked.value) })
  return checked.value
}

/** GET /api/payoff -> { assumptions, defaults } (anyone). */
export function getPayoff(e: RequestEvent): unknown {
  // Short-lived: a change in the console reaches the next report within a minute.
  e.response.header().set('Cache-Control', 'public, max-age=60')
  const answer: PayoffAnswer = { assumptions: readPayoff(e.app), defaults: defaults() }
  return e.json(200, answer)
}

/** PUT /api/payoff {sectionHours, hourlyRate, weeksPerYear} -> { assumptions, defaults } (admins). */
export function putPayoff(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can change the payoff assumptions.')
  noStore(e)
  const answer: PayoffAnswer = {
    assumptions: savePayoff(e.app, e.requestInfo().body),
    defaults: defaults(),
  }
  return e.json(200, answer)
}
