// GET /api/audits/{id}/results-mail (pb_hooks/audits.pb.js): lets the free audit's report say
// truthfully whether these results are e-mailed or went out with an earlier audit of the same
// device. The delivery queue mails one results mail per address per window
// (MAIL_RESULTS_PER_RECIPIENT_HOURS, the `visitor_results` kind's cap, server/queue/caps.ts), so
// a second audit to the same address within it is saved but not mailed.
//
// The answer is worked out from the audits the asking device made and nothing else: the audit it
// asks about and the earlier audits it names, each by the id it made for it (a stranger cannot
// know another device's ids). It never reads `deliveries`: whether a mail to an address was
// queued, held back or bounced depends on what others did with that address, and telling it
// would let anyone who types a stranger's address learn whether that person took the audit
// today, or whether their mailbox exists. So a stranger typing an address gets the same answer
// whatever that address has had, and the device that made both audits hears what the cap did
// (assuming its earlier audit's mail went out: that one's own report said so too).
//
// Public and read by id, so it has a rate limit of its own: 30 asks a minute per IP (the rule
// `GET /api/audits/`, pb_migrations/1764660000_results_mail_rate_limit.js), then 429 with
// Retry-After; a report asks once per audit and keeps the answer on the device.
import { badRequest } from '../platform/errors'
import type { RequestEvent } from '../platform/events'
import { isRecordId } from '../platform/ids'
import { noStore, pathValue, queryParam } from '../platform/request'
import { selectRow, selectRows } from '../platform/sql'
import { visitorMailWindowHours } from '../queue/index'
import { parsePbTime } from '../../src/config/dates'
import { EARLIER_AUDITS_MAX, type ResultsMailAnswer } from './api'

const HOUR = 60 * 60 * 1000

/** The ids of `?earlier=a,b,c`: at most EARLIER_AUDITS_MAX record ids, else a 400 naming it. */
function earlierIds(e: RequestEvent): string[] {
  const text = queryParam(e, 'earlier')
  const ids = text ? text.split(',') : []
  if (ids.length > EARLIER_AUDITS_MAX || !ids.every(isRecordId)) {
    throw badRequest(
      `\`earlier\` takes at most ${EARLIER_AUDITS_MAX} audit ids, comma-separated.`,
      {
        earlier: ['validation_invalid_value', 'Must be audit ids, comma-separated.'],
      },
    )
  }
  return ids
}

/**
 * The answer for the free audit `id` and the earlier audits its device names (null: no such free
 * audit). The cap is replayed over the device's own audits to the same address, oldest first: one
 * is mailed when none mailed within the window before it, as the queue decides for an address.
 */
export function resultsMailAnswer(
  app: core.App,
  id: string,
  earlier: string[],
): ResultsMailAnswer | null {
  if (!isRecordId(id)) return null
  const audit = selectRow(
    app,
    "SELECT email, created FROM audits WHERE id = {:id} AND flow = 'free'",
    { id },
    { email: '', created: '' },
  )
  if (!audit) return null
  const others = earlier.filter((other) => other !== id)
  if (others.length === 0) return { mailed: 'this' }
  const params: Record<string, unknown> = { email: audit.email, before: audit.created }
  const names = others.map((other, i) => {
    params[`e${i}`] = other
    return `{:e${i}}`
  })
  // The queue's cap counts mails to the address as it stores it: trimmed and lowercased.
  const before = selectRows(
    app,
    `SELECT created FROM audits WHERE id IN (${names.join(', ')}) AND flow = 'free' ` +
      'AND lower(trim(email)) = lower(trim({:email})) AND created < {:before} ORDER BY created',
    params,
    { created: '' },
  )
  const windowHours = visitorMailWindowHours()
  const window = windowHours * HOUR
  let lastMailed: number | null = null
  for (const row of before) {
    const at = parsePbTime(row.created)
    if (lastMailed === null || at - lastMailed > window) lastMailed = at
  }
  if (lastMailed === null || parsePbTime(audit.created) - lastMailed > window) {
    return { mailed: 'this' }
  }
  return { mailed: 'earlier', earlierAt: new Date(lastMailed).toISOString(), windowHours }
}

/** GET /api/audits/{id}/results-mail?earlier=<ids> -> 200 ResultsMailAnswer, or 404. */
export function readResultsMail(e: RequestEvent): unknown {
  noStore(e)
  const answer = resultsMailAnswer(e.app, pathValue(e, 'id'), earlierIds(e))
  if (!answer) throw new NotFoundError('No such free audit.')
  return e.json(200, answer)
}
