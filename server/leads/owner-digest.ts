// The owner's inbox: at most OWNER_MAIL_PER_HOUR notifications an hour (default 6; 0 = no cap),
// and from one IP address at most one of each kind (message, audit) an hour, so a flood from a
// few addresses cannot use up the hour and a real visitor's message still goes out on the next
// run. Every other notification is `held` and listed in ONE digest an hour (./digest-mail.ts).
// Nothing is dropped: a held row becomes `sent` when the digest that lists it is sent
// (`payload.digest` names it), or `failed` with the digest's reason; the queue marks them.
import { parsePbTime, toPbTime } from '../../src/config/dates'
import { DELIVERY_DEFAULTS } from '../../src/config/limits'
import { ownerEmail } from '../mail/index'
import { MORNING_MAIL_KIND } from '../people/index'
import { envNumber } from '../platform/env'
import type { App } from '../platform/events'
import { objectOf } from '../platform/json'
import { countRows, selectRow } from '../platform/sql'
import { enqueue, markHeldFailed, markHeldSent } from '../queue/index'
import type { DeliveryKind, DeliveryRow } from '../queue/index'
import { DIGEST_KIND, renderDigest } from './digest-mail'

const HOUR = 60 * 60 * 1000

/** OWNER_MAIL_PER_HOUR from the environment (0 turns the cap and the digest off). */
export function ownerMailPerHour(): number {
  return Math.floor(envNumber('OWNER_MAIL_PER_HOUR', DELIVERY_DEFAULTS.ownerMailPerHour))
}

// Owner notifications sent on their own within the hour (a digest's items carry
// `payload.digest`), and those another run claimed before this one and is sending now: two runs
// at once (the cron and a flush) decide in the order they claimed. The digest and the morning
// mail are no notifications: they never use up the hour.
const SENT_ALONE =
  `FROM deliveries WHERE class = 'owner' AND kind NOT IN ('${DIGEST_KIND}', '${MORNING_MAIL_KIND}') AND (` +
  "(status = 'sent' AND sentAt > {:since} AND json_extract(payload, '$.digest') IS NULL) OR " +
  "(status = 'sending' AND claimedAt < {:claimedAt}))"

/** The queue asks before sending an owner notification: true holds it for the digest. */
export function holdForDigest(app: App, row: DeliveryRow, now: number): boolean {
  const cap = ownerMailPerHour()
  if (cap <= 0) return false
  const since = toPbTime(now - HOUR)
  const claimedAt = row.claimedAt
  if (countRows(app, `SELECT COUNT(*) AS n ${SENT_ALONE}`, { since, claimedAt }) >= cap) return true
  if (!row.clientIp) return false
  return (
    countRows(app, `SELECT COUNT(*) AS n ${SENT_ALONE} AND kind = {:kind} AND clientIp = {:ip}`, {
      since,
      claimedAt,
      kind: row.kind,
      ip: row.clientIp,
    }) > 0
  )
}

/**
 * Held notifications and no digest on its way queue one, due an hour after the oldest held one
 * and an hour after the last digest. Asked when a notification is held and when a digest is done
 * (one may have been held while it was sent), so the digest is a row of the queue with its time
 * from the moment there is something to list.
 */
export function planDigest(app: App, now: number): void {
  const held = selectRow(
    app,
    "SELECT COUNT(*) AS n, IFNULL(MIN(updated), '') AS oldest FROM deliveries " +
      "WHERE status = 'held' AND class = 'owner'",
    {},
    { n: 0, oldest: '' },
  )
  if (!held || held.n === 0) return
  const open = `SELECT COUNT(*) AS n FROM deliveries WHERE kind = '${DIGEST_KIND}' AND status IN ('pending', 'sending')`
  if (countRows(app, open, {}) > 0) return
  // The last digest done with, sent or failed ('' when none yet).
  const last = selectRow(
    app,
    `SELECT id, IFNULL(NULLIF(sentAt, ''), updated) AS at FROM deliveries WHERE kind = '${DIGEST_KIND}' ` +
      "AND status IN ('sent', 'failed') ORDER BY at DESC LIMIT 1",
    {},
    { id: '', at: '' },
  ) ?? { id: '', at: '' }
  const oldest = held.oldest ? parsePbTime(held.oldest) : now
  const runAt = Math.max(
    (isFinite(oldest) ? oldest : now) + HOUR,
    last.at ? parsePbTime(last.at) + HOUR : 0,
  )
  // Two runs at once queue one digest: the key names the digest it follows.
  enqueue(app, {
    kind: DIGEST_KIND,
    recipient: ownerEmail(),
    runAt,
    uniqueKey: `${DIGEST_KIND}:after:${last.id || 'none'}`,
  })
}

/** The ids the digest listed (its payload). */
function listedIds(row: DeliveryRow): string[] {
  const items = objectOf(row.payload).items
  return Array.isArray(items) ? items.map(String) : []
}

const digestKind: DeliveryKind = {
  channel: 'mail',
  class: 'owner',
  // Rendered again at every attempt, so it lists everything held by then.
  keepBody: false,
  render: renderDigest,
  afterSent(app, row, now) {
    markHeldSent(app, listedIds(row), row.id, now)
    planDigest(app, now)
  },
  afterFailed(app, row, reason, now) {
    markHeldFailed(app, listedIds(row), `The hourly digest that listed it failed: ${reason}`, now)
    planDigest(app, now)
  },
}

export const digestKinds: Record<string, DeliveryKind> = { [DIGEST_KIND]: digestKind }
