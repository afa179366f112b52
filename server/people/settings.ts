// The consultant's People settings: after how many days without activity a person in each open
// status is stale, and whether Today's list comes by e-mail at 7:00 (off by default). One row in
// people_settings, written only through PUT /api/people/settings, which takes either field alone
// and keeps the other; without a row (or with stale days that no longer pass the checks) the
// defaults of src/config/leads.ts apply. Turning the morning mail on queues its first job.
import { requireConsultant } from '../platform/auth'
import { refuseProblems } from '../platform/errors'
import type { App, RequestEvent } from '../platform/events'
import { parseJson } from '../platform/json'
import { noStore } from '../platform/request'
import { findOrNull, saveSingleRow } from '../platform/sql'
import { STALE_DEFAULTS, checkStaleDays } from '../../src/config/leads'
import type { PeopleSettings } from './api'
import { siteTimeZone } from '../mail/index'
import { planMorningMail } from './morning-plan'

const COLLECTION = 'people_settings'
const ROW_ID = 'peoplesettings1'

/** The settings as saved, or their defaults. */
export function readSettings(app: App): PeopleSettings {
  const row = findOrNull(app, COLLECTION, ROW_ID)
  const checked = row ? checkStaleDays(parseJson(row.getString('staleDays'))) : null
  return {
    staleDays: checked && !Object.keys(checked.problems).length ? checked.value : STALE_DEFAULTS,
    morningMail: row ? row.getBool('morningMail') : false,
    timeZone: siteTimeZone(),
  }
}

/** GET /api/people/settings -> { staleDays, morningMail, timeZone } (the site admin). */
export function getSettings(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can see the People settings.')
  noStore(e)
  return e.json(200, readSettings(e.app))
}

/**
 * PUT /api/people/settings {staleDays?, morningMail?} -> the settings (the site admin): each field
 * sent is checked (a 400 names each bad one) and saved, a field not sent keeps its value.
 */
export function putSettings(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can change the People settings.')
  noStore(e)
  const raw = e.requestInfo().body as unknown
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const hasStale = body.staleDays !== undefined
  const hasMorning = body.morningMail !== undefined
  const problems: Record<string, string> = {}
  if (!hasStale && !hasMorning) {
    problems.staleDays = 'Send the stale days, morningMail or both.'
    problems.morningMail = 'Send the stale days, morningMail or both.'
  }
  const stale = hasStale ? checkStaleDays(body.staleDays) : null
  if (stale) Object.assign(problems, stale.problems)
  if (hasMorning && typeof body.morningMail !== 'boolean') {
    problems.morningMail = 'true (on) or false (off).'
  }
  refuseProblems('Please correct the People settings.', problems)

  const answer = readSettings(e.app)
  if (stale) answer.staleDays = stale.value
  if (hasMorning) answer.morningMail = body.morningMail === true
  // The row and the first morning's job commit together (or neither does).
  e.app.runInTransaction((txApp) => {
    saveSingleRow(txApp, COLLECTION, ROW_ID, {
      staleDays: JSON.stringify(answer.staleDays),
      morningMail: answer.morningMail,
    })
    // Turned off, the waiting job finds it off at 7:00 and does nothing (nor plans the next).
    if (answer.morningMail) planMorningMail(txApp, Date.now())
  })
  return e.json(200, answer)
}
