// Queueing: one row after the kind's caps (per recipient, per IP) and its unique key, or a
// fan-out fixed by one INSERT OR IGNORE ... SELECT. Always with the caller's app, so the row
// exists exactly when the record that caused it does.
import type { App } from '../platform/events'
import { newRecordId } from '../platform/ids'
import { countRows, selectRow } from '../platform/sql'
import { objectOf } from '../platform/json'
import { toPbTime } from '../../src/config/dates'
import { normaliseRecipient, refusal } from './caps'
import { kindOf } from './registry'
import { HOUR, lifetimeHours } from './settings'
import type { DeliveryJob, DeliveryKind, EnqueueResult, FanOut } from './types'
import { wake } from './wake'

/**
 * Queues one delivery with `app` (the caller's transaction: the row exists exactly when the
 * record that caused it does). Returns { queued: true, id } or { queued: false, reason } for a
 * duplicate unique key, a per-recipient or per-IP cap, or an invalid recipient; a database error
 * propagates, so the caller's transaction decides.
 */
export function enqueue(app: App, job: DeliveryJob): EnqueueResult {
  const kind = kindOf(job.kind)
  const recipient = normaliseRecipient(kind, job.recipient)
  if (!recipient) return { queued: false, reason: 'invalid recipient' }
  let result: EnqueueResult = { queued: false, reason: 'duplicate' }
  // The caps' counts and the INSERT in one transaction (the caller's, when `app` is one; else
  // its own): two requests at once cannot both pass a cap. SQLite has one writer at a time.
  app.runInTransaction((txApp) => {
    result = enqueueChecked(txApp, kind, job, recipient)
  })
  // The dispatcher's loop for the channel looks at once (it sees the row once it commits).
  if (result.queued) wake(app, kind.channel)
  return result
}

function enqueueChecked(
  app: App,
  kind: DeliveryKind,
  job: DeliveryJob,
  recipient: string,
): EnqueueResult {
  const now = Date.now()
  const clientIp = String(job.clientIp || '').slice(0, 64)
  const uniqueKey = String(job.uniqueKey || '').slice(0, 200)
  if (
    uniqueKey &&
    countRows(app, 'SELECT COUNT(*) AS n FROM deliveries WHERE uniqueKey = {:key}', {
      key: uniqueKey,
    }) > 0
  ) {
    return { queued: false, reason: 'duplicate' }
  }
  const scope = kind.capScope ? String(kind.capScope(app, job) || '') : ''
  const payload = scope ? Object.assign({}, job.payload || {}, { capScope: scope }) : job.payload
  const exempt = !!kind.capExempt && kind.capExempt(app, job)
  const refused = refusal(app, {
    kind,
    kindName: job.kind,
    recipient,
    clientIp,
    scope,
    exempt,
    now,
  })
  if (refused) {
    app
      .logger()
      .info(
        'deliveries: not queued',
        'kind',
        job.kind,
        'sourceId',
        job.sourceId || '',
        'why',
        refused,
      )
    return { queued: false, reason: refused }
  }
  return insertDelivery(app, {
    kind: job.kind,
    channel: kind.channel,
    class: kind.class,
    uniqueKey,
    recipient,
    sourceId: job.sourceId,
    payload,
    runAt: job.runAt,
    lifetimeHours: kind.lifetimeHours || lifetimeHours(),
    clientIp,
    now,
  })
}

/** One row as `insertDelivery` writes it: the kind's facts already looked up. */
export interface NewDelivery {
  kind: string
  channel: string
  class: string
  uniqueKey: string
  recipient: string
  sourceId?: string
  payload?: Record<string, unknown> | null
  runAt?: number
  lifetimeHours: number
  clientIp: string
  now: number
}

/**
 * The INSERT of one pending row (a unique key already queued: nothing, 'duplicate'). The caller
 * has done the kind's checks; a job's enqueue (./jobs.ts) has none and needs no kind at all.
 */
export function insertDelivery(app: App, row: NewDelivery): EnqueueResult {
  const id = newRecordId()
  const runAt = Math.max(row.now, row.runAt || row.now)
  const inserted = app
    .db()
    .newQuery(
      'INSERT OR IGNORE INTO deliveries (id, kind, channel, class, status, uniqueKey, recipient, sourceId, payload, ' +
        "attempts, runAt, expiresAt, errorLog, clientIp, created, updated) VALUES ({:id}, {:kind}, {:channel}, {:class}, 'pending', " +
        "{:uniqueKey}, {:recipient}, {:sourceId}, {:payload}, 0, {:runAt}, {:expiresAt}, '[]', {:clientIp}, {:now}, {:now})",
    )
    .bind({
      id,
      kind: row.kind,
      channel: row.channel,
      class: row.class,
      uniqueKey: row.uniqueKey,
      recipient: row.recipient,
      sourceId: String(row.sourceId || '').slice(0, 64),
      payload: row.payload ? JSON.stringify(row.payload) : null,
      runAt: toPbTime(runAt),
      expiresAt: toPbTime(runAt + row.lifetimeHours * HOUR),
      clientIp: row.clientIp,
      now: toPbTime(row.now),
    })
    .execute()
  if (inserted.rowsAffected() === 0) return { queued: false, reason: 'duplicate' }
  return { queued: true, id }
}

/**
 * A fan-out in ONE statement: `select` is a SELECT returning `recipient`, `sourceId` and
 * `uniqueKey` (and optionally `payload`, JSON text) for each delivery; rows whose unique key is
 * queued already are skipped, so the recipients are fixed by one statement and a repeated call
 * adds nothing. No per-recipient or per-IP caps (bulk kinds have none). Returns how many were
 * queued.
 */
export function enqueueMany(app: App, spec: FanOut): number {
  const kind = kindOf(spec.kind)
  const now = Date.now()
  const runAt = Math.max(now, spec.runAt || now)
  const params: Record<string, unknown> = Object.assign({}, spec.params || {}, {
    _kind: spec.kind,
    _channel: kind.channel,
    _class: kind.class,
    _runAt: toPbTime(runAt),
    _expiresAt: toPbTime(runAt + (kind.lifetimeHours || lifetimeHours()) * HOUR),
    _now: toPbTime(now),
  })
  const recipient = kind.channel === 'mail' ? 'lower(trim(src.recipient))' : 'src.recipient'
  const result = app
    .db()
    .newQuery(
      'INSERT OR IGNORE INTO deliveries (id, kind, channel, class, status, uniqueKey, recipient, sourceId, payload, ' +
        'attempts, runAt, expiresAt, errorLog, created, updated) ' +
        "SELECT substr(lower(hex(randomblob(8))), 1, 15), {:_kind}, {:_channel}, {:_class}, 'pending', " +
        `src.uniqueKey, ${recipient}, src.sourceId, ${/\bpayload\b/.test(spec.select) ? 'src.payload' : 'NULL'}, ` +
        "0, {:_runAt}, {:_expiresAt}, '[]', {:_now}, {:_now} " +
        `FROM (${spec.select}) AS src WHERE IFNULL(src.recipient, '') != ''`,
    )
    .bind(params)
    .execute()
  const queued = result.rowsAffected()
  if (queued > 0) wake(app, kind.channel)
  return queued
}

/**
 * Changes what a row still waiting (`pending`, not yet claimed) carries: `change` gets its
 * payload and returns the new one, or null to leave it. False when the row is no longer waiting
 * (claimed, sent or gone): then the caller queues anew. How a kind folds later causes into one
 * delivery (the push area's alerts) without writing this table itself.
 */
export function amendWaiting(
  app: App,
  id: string,
  change: (payload: Record<string, unknown>) => Record<string, unknown> | null,
): boolean {
  const row = selectRow(
    app,
    "SELECT payload FROM deliveries WHERE id = {:id} AND status = 'pending'",
    { id },
    { payload: '' },
  )
  if (!row) return false
  const next = change(objectOf(String(row.payload || '')))
  if (!next) return true
  const updated = app
    .db()
    .newQuery("UPDATE deliveries SET payload = {:payload} WHERE id = {:id} AND status = 'pending'")
    .bind({ payload: JSON.stringify(next), id })
    .execute()
  return updated.rowsAffected() > 0
}
