// The consultant's People settings: after how many days without activity a person in each open
// status is stale. One row in people_settings, written only through PUT /api/people/settings;
// without a row (or with one that no longer passes the checks) the defaults of
// src/config/leads.ts apply.
import { requireConsultant } from '../platform/auth'
import { refuseProblems } from '../platform/errors'
import type { App, RequestEvent } from '../platform/events'
import { parseJson } from '../platform/json'
import { noStore } from '../platform/request'
import { findOrNull, saveSingleRow } from '../platform/sql'
import { STALE_DEFAULTS, checkStaleDays } from '../../src/config/leads'
import type { PeopleSettings } from './api'

const COLLECTION = 'people_settings'
const ROW_ID = 'peoplesettings1'

function readSettings(app: App): PeopleSettings {
  const row = findOrNull(app, COLLECTION, ROW_ID)
  const checked = row ? checkStaleDays(parseJson(row.getString('staleDays'))) : null
  return {
    staleDays: checked && !Object.keys(checked.problems).length ? checked.value : STALE_DEFAULTS,
  }
}

/** GET /api/people/settings -> { staleDays } (the site admin). */
export function getSettings(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can see the People settings.')
  noStore(e)
  return e.json(200, readSettings(e.app))
}

/** PUT /api/people/settings {staleDays} -> { staleDays } (the site admin); 400 naming each field. */
export function putSettings(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can change the People settings.')
  noStore(e)
  const body = e.requestInfo().body as { staleDays?: unknown }
  const checked = checkStaleDays(body && body.staleDays)
  refuseProblems('Please correct the People settings.', checked.problems)
  saveSingleRow(e.app, COLLECTION, ROW_ID, { staleDays: JSON.stringify(checked.value) })
  const answer: PeopleSettings = { staleDays: checked.value }
  return e.json(200, answer)
}
