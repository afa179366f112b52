/// <reference path="../../.pb-types/types.d.ts" />
// The delivery queue: the only module that writes `deliveries` (docs/decisions/024-one-delivery-queue.md).
// Everything the server sends to the outside world is one row, queued in the transaction of the
// record that caused it and sent later by a run of its channel (a cron job every minute, or
// POST /api/mail/flush):
//   enqueue      one row, after the kind's caps (per recipient, per IP) and its unique key;
//   enqueueMany  a fan-out fixed by one INSERT OR IGNORE ... SELECT;
//   cancel       pending rows that should not go any more;
//   run          claim due rows in class order (account, owner, visitor, followup, bulk) with
//                ONE UPDATE ... RETURNING, render, send, then record sent / retried / failed with
//                a conditional UPDATE (still the same claim), so overlapping runs never send a
//                row twice; bulk at most NEWSLETTER_RATE_PER_MINUTE, after the others;
//   health       when mail last went out, what waits, the last error and since when.
// Temporary faults are retried with exponential back-off and jitter until the row's expiresAt
// (MAIL_QUEUE_LIFETIME_HOURS, 120 by default); a permanent one fails the row at once. A claim
// left `sending` by a run that died goes back to pending when the server starts, or after
// STALE_CLAIM_MINUTES: at most the one mail in flight can then be sent twice.

/** @typedef {import('./delivery-types').DeliveryJob} DeliveryJob */
/** @typedef {import('./delivery-types').DeliveryKind} DeliveryKind */
/** @typedef {import('./delivery-types').DeliveryRow} DeliveryRow */
/** @typedef {import('./delivery-types').DeliveryChannel} DeliveryChannel */
/** @typedef {import('./delivery-types').ChannelContext} ChannelContext */
/** @typedef {import('./delivery-types').Rendered} Rendered */
/** @typedef {import('./delivery-types').EnqueueResult} EnqueueResult */
/** @typedef {import('./delivery-types').RunSummary} RunSummary */
/** @typedef {import('./delivery-types').DeliveryHealth} DeliveryHealth */

/** @type {typeof import('./delivery-kinds.js')} */
const { kinds } = require('./delivery-kinds.js')
/** @type {typeof import('./delivery-channels.js')} */
const { channels } = require('./delivery-channels.js')
/** @type {typeof import('./delivery-errors.js')} */
const { errorText, isPermanent } = require('./delivery-errors.js')
const { DELIVERY_DEFAULTS, VISITOR_MAIL_DEFAULTS, toPbTime } = require('./shared.cjs')

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
// The same loose check as the audit engine; the forms' fields already checked the address.
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
// Highest first. Within a class, oldest first.
const CLASSES = ['account', 'owner', 'visitor', 'followup', 'bulk', 'webhook']
const CLASS_RANK =
  'CASE class ' + CLASSES.map((name, i) => `WHEN '${name}' THEN ${i}`).join(' ') + ' ELSE 9 END'
const DEFAULT_PRIORITY = 5
// Within a class, a kind's own priority (a visitor's message before an audit notice).
const KIND_RANK =
  'CASE kind ' +
  Object.keys(kinds)
    .filter((name) => typeof kinds[name].priority === 'number')
    .map((name) => `WHEN '${name}' THEN ${Number(kinds[name].priority)}`)
    .join(' ') +
  ` ELSE ${DEFAULT_PRIORITY} END`
const BATCH_SIZE = 10
const MAX_PER_RUN = 1000
// A run stops claiming after this long; the next cron tick goes on.
const RUN_TIME_BUDGET_MS = 50 * 1000
const STALE_CLAIM_MINUTES = 10
const MAX_BACKOFF_MS = HOUR
// The error log keeps the first attempt and the last ones.
const ERROR_LOG_LAST = 4
// A fault of ours (no SMTP configured): retried like any, sent as soon as the channel works.
const NOT_CONFIGURED = 'Not sent: '

// --- settings -----------------------------------------------------------------------------

/**
 * A whole number from the environment; `fallback` when unset or not a number >= 0.
 * @param {string} name @param {number} fallback
 */
function envNumber(name, fallback) {
  const raw = String($os.getenv(name) || '').trim()
  const value = Number(raw)
  return raw !== '' && isFinite(value) && value >= 0 ? value : fallback
}

/** How long temporary faults are retried (MAIL_QUEUE_LIFETIME_HOURS, default 120). */
function lifetimeHours() {
  return (
    envNumber('MAIL_QUEUE_LIFETIME_HOURS', DELIVERY_DEFAULTS.lifetimeHours) ||
    DELIVERY_DEFAULTS.lifetimeHours
  )
}

/** Bulk mails a minute (NEWSLETTER_RATE_PER_MINUTE, default 120; 0 = no throttle). */
function bulkRatePerMinute() {
  return Math.floor(
    envNumber('NEWSLETTER_RATE_PER_MINUTE', DELIVERY_DEFAULTS.newsletterRatePerMinute),
  )
}

/** Mails of `perIpCap` kinds one IP may cause in 24 h (MAIL_VISITOR_PER_IP_PER_DAY). */
function perIpPerDay() {
  return (
    envNumber('MAIL_VISITOR_PER_IP_PER_DAY', VISITOR_MAIL_DEFAULTS.perIpPerDay) ||
    VISITOR_MAIL_DEFAULTS.perIpPerDay
  )
}

/**
 * @param {number | (() => number) | undefined} value
 * @returns {number}
 */
function resolveNumber(value) {
  return typeof value === 'function' ? value() : Number(value || 0)
}

/**
 * @param {string} name
 * @returns {DeliveryKind}
 */
function kindOf(name) {
  const kind = kinds[name]
  if (!kind) throw new Error(`deliveries: unknown kind "${name}"`)
  return kind
}

/** @param {string} text */
function parseTime(text) {
  return text ? Date.parse(String(text).replace(' ', 'T')) : NaN
}

/** @param {string} json */
function parseJson(json) {
  try {
    return json ? JSON.parse(json) : null
  } catch (_) {
    return null
  }
}

/**
 * @param {core.App} app @param {string} sql @param {Record<string, unknown>} params
 * @returns {number}
 */
function count(app, sql, params) {
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery(sql).bind(params).one(row)
  return row.n
}

// --- enqueue ------------------------------------------------------------------------------

/**
 * The recipient as stored: a mail address trimmed and lowercased (or '' when it is not one).
 * @param {DeliveryKind} kind @param {string} recipient
 */
function normaliseRecipient(kind, recipient) {
  const value = String(recipient || '').trim()
  if (kind.channel !== 'mail') return value.length <= 320 ? value : ''
  const address = value.toLowerCase()
  return ADDRESS.test(address) && address.length <= 254 ? address : ''
}

/**
 * Why a job may not be queued now, or '' when it may. Run it with the caller's transaction, so
 * two requests at once cannot both pass a cap.
 * @param {core.App} app @param {DeliveryKind} kind @param {string} kindName
 * @param {string} recipient @param {string} clientIp @param {string} scope
 * @param {boolean} exempt @param {number} now
 */
function refusal(app, kind, kindName, recipient, clientIp, scope, exempt, now) {
  const perRecipient = exempt ? 0 : resolveNumber(kind.perRecipientPerDay)
  if (perRecipient > 0) {
    const hours = resolveNumber(kind.recipientWindowHours) || 24
    const recent =
      "SELECT COUNT(*) AS n FROM deliveries WHERE recipient = {:recipient} AND kind = {:kind} AND status NOT IN ('failed', 'cancelled') AND created >= {:since}" +
      (scope ? " AND json_extract(payload, '$.capScope') = {:scope}" : '')
    const params = { recipient, kind: kindName, since: toPbTime(now - hours * HOUR), scope }
    if (count(app, recent, params) >= perRecipient) return 'recipient cap'
    const spacing = kind.recipientSpacingMinutes || 0
    if (spacing > 0) {
      params.since = toPbTime(now - spacing * MINUTE)
      if (count(app, recent, params) > 0) return 'recipient cap'
    }
  }
  if (kind.perIpCap && clientIp) {
    const capped = Object.keys(kinds).filter((name) => kinds[name].perIpCap)
    /** @type {Record<string, unknown>} */
    const params = { ip: clientIp, since: toPbTime(now - DAY) }
    const names = capped.map((name, i) => {
      params[`k${i}`] = name
      return `{:k${i}}`
    })
    const fromIp = count(
      app,
      `SELECT COUNT(*) AS n FROM deliveries WHERE clientIp = {:ip} AND created >= {:since} AND kind IN (${names.join(', ')})`,
      params,
    )
    if (fromIp >= perIpPerDay()) return 'ip cap'
  }
  return ''
}

/**
 * Queues one delivery with `app` (the caller's transaction: the row exists exactly when the
 * record that caused it does). Returns { queued: true, id } or { queued: false, reason } for a
 * duplicate unique key, a per-recipient or per-IP cap, or an invalid recipient; a database error
 * propagates, so the caller's transaction decides.
 * @param {core.App} app @param {DeliveryJob} job
 * @returns {EnqueueResult}
 */
function enqueue(app, job) {
  const kind = kindOf(job.kind)
  const recipient = normaliseRecipient(kind, job.recipient)
  if (!recipient) return { queued: false, reason: 'invalid recipient' }
  /** @type {EnqueueResult} */
  let result = { queued: false, reason: 'duplicate' }
  // The caps' counts and the INSERT in one transaction (the caller's, when `app` is one; else
  // its own): two requests at once cannot both pass a cap. SQLite has one writer at a time.
  app.runInTransaction((txApp) => {
    result = enqueueChecked(txApp, kind, job, recipient)
  })
  return result
}

/**
 * @param {core.App} app @param {DeliveryKind} kind @param {DeliveryJob} job
 * @param {string} recipient
 * @returns {EnqueueResult}
 */
function enqueueChecked(app, kind, job, recipient) {
  const now = Date.now()
  const clientIp = String(job.clientIp || '').slice(0, 64)
  const uniqueKey = String(job.uniqueKey || '').slice(0, 200)
  if (
    uniqueKey &&
    count(app, 'SELECT COUNT(*) AS n FROM deliveries WHERE uniqueKey = {:key}', {
      key: uniqueKey,
    }) > 0
  ) {
    return { queued: false, reason: 'duplicate' }
  }
  const scope = kind.capScope ? String(kind.capScope(app, job) || '') : ''
  const payload = scope ? Object.assign({}, job.payload || {}, { capScope: scope }) : job.payload
  const exempt = !!kind.capExempt && kind.capExempt(app, job)
  const refused = refusal(app, kind, job.kind, recipient, clientIp, scope, exempt, now)
  if (refused === 'recipient cap' || refused === 'ip cap') {
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
  const id = $security.randomStringWithAlphabet(15, ID_ALPHABET)
  const stamp = toPbTime(now)
  const inserted = app
    .db()
    .newQuery(
      'INSERT OR IGNORE INTO deliveries (id, kind, channel, class, status, uniqueKey, recipient, sourceId, payload, ' +
        "attempts, runAt, expiresAt, errorLog, clientIp, created, updated) VALUES ({:id}, {:kind}, {:channel}, {:class}, 'pending', " +
        "{:uniqueKey}, {:recipient}, {:sourceId}, {:payload}, 0, {:runAt}, {:expiresAt}, '[]', {:clientIp}, {:now}, {:now})",
    )
    .bind({
      id,
      kind: job.kind,
      channel: kind.channel,
      class: kind.class,
      uniqueKey,
      recipient,
      sourceId: String(job.sourceId || '').slice(0, 64),
      payload: payload ? JSON.stringify(payload) : null,
      runAt: toPbTime(Math.max(now, job.runAt || now)),
      expiresAt: toPbTime(
        Math.max(now, job.runAt || now) + (kind.lifetimeHours || lifetimeHours()) * HOUR,
      ),
      clientIp,
      now: stamp,
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
 * @param {core.App} app
 * @param {{ kind: string, select: string, params?: Record<string, unknown>, runAt?: number }} spec
 * @returns {number}
 */
function enqueueMany(app, spec) {
  const kind = kindOf(spec.kind)
  const now = Date.now()
  const runAt = Math.max(now, spec.runAt || now)
  /** @type {Record<string, unknown>} */
  const params = Object.assign({}, spec.params || {}, {
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
  return result.rowsAffected()
}

/**
 * Stops deliveries that should not go any more (unsubscribed since, follow-up stopped, endpoint
 * deleted): rows waiting that match every given field become `cancelled` with the reason.
 * Returns how many.
 * @param {core.App} app
 * @param {{ kind?: string, recipient?: string, sourceId?: string, uniqueKeyPrefix?: string }} match
 * @param {string} reason
 * @returns {number}
 */
function cancel(app, match, reason) {
  const where = ["status IN ('pending', 'held')"]
  /** @type {Record<string, unknown>} */
  const params = {
    reason: String(reason || 'Cancelled.').slice(0, 2000),
    now: toPbTime(Date.now()),
  }
  if (match.kind) {
    where.push('kind = {:kind}')
    params.kind = match.kind
  }
  if (match.recipient) {
    where.push('recipient = {:recipient}')
    params.recipient = String(match.recipient).trim().toLowerCase()
  }
  if (match.sourceId) {
    where.push('sourceId = {:sourceId}')
    params.sourceId = match.sourceId
  }
  if (match.uniqueKeyPrefix) {
    where.push('substr(uniqueKey, 1, length({:prefix})) = {:prefix}')
    params.prefix = match.uniqueKeyPrefix
  }
  if (where.length === 1) throw new Error('deliveries.cancel: say what to cancel')
  const result = app
    .db()
    .newQuery(
      "UPDATE deliveries SET status = 'cancelled', lastError = {:reason}, claimedAt = '', updated = {:now} " +
        `WHERE ${where.join(' AND ')}`,
    )
    .bind(params)
    .execute()
  return result.rowsAffected()
}

// --- run ------------------------------------------------------------------------------------

const ROW_COLUMNS =
  "id, kind, channel, class, recipient, sourceId, IFNULL(payload, '') AS payload, subject, html, text, " +
  "IFNULL(headers, '') AS headers, replyTo, attempts, runAt, claimedAt, expiresAt, " +
  "IFNULL(errorLog, '') AS errorLog, clientIp, created"

/** @returns {DeliveryRow} */
function emptyRow() {
  return {
    id: '',
    kind: '',
    channel: '',
    class: '',
    recipient: '',
    sourceId: '',
    payload: '',
    subject: '',
    html: '',
    text: '',
    headers: '',
    replyTo: '',
    attempts: 0,
    runAt: '',
    claimedAt: '',
    expiresAt: '',
    errorLog: '',
    clientIp: '',
    created: '',
  }
}

/**
 * Claims up to `limit` due rows of the channel for this run (bulk ones only when `bulk`).
 * @param {core.App} app @param {string} channel @param {number} now @param {number} limit
 * @param {boolean} bulk
 * @returns {DeliveryRow[]}
 */
function claim(app, channel, now, limit, bulk) {
  const rows = arrayOf(new DynamicModel(emptyRow()))
  app
    .db()
    .newQuery(
      "UPDATE deliveries SET status = 'sending', claimedAt = {:claimedAt}, updated = {:now} " +
        'WHERE id IN (SELECT id FROM deliveries ' +
        "WHERE channel = {:channel} AND status = 'pending' AND (runAt = '' OR runAt <= {:now}) " +
        (bulk ? "AND class = 'bulk' " : "AND class != 'bulk' ") +
        `ORDER BY ${CLASS_RANK}, ${KIND_RANK}, runAt, created, id LIMIT {:limit}) RETURNING ${ROW_COLUMNS}`,
    )
    // A claim is stamped with the real clock, whatever time the run acts at: a run "as if at"
    // another time must never take another run's fresh claim for a stale one.
    .bind({ now: toPbTime(now), claimedAt: toPbTime(Date.now()), channel, limit })
    .all(rows)
  /** @param {string} name */
  const rank = (name) => {
    const i = CLASSES.indexOf(name)
    return i < 0 ? 9 : i
  }
  /** @param {string} name */
  const priority = (name) => {
    const kind = kinds[name]
    return kind && typeof kind.priority === 'number' ? kind.priority : DEFAULT_PRIORITY
  }
  // RETURNING gives no order: send in the claim's order.
  return /** @type {DeliveryRow[]} */ (/** @type {unknown} */ (rows)).slice().sort((a, b) => {
    const byClass = rank(a.class) - rank(b.class)
    if (byClass !== 0) return byClass
    const byKind = priority(a.kind) - priority(b.kind)
    if (byKind !== 0) return byKind
    if (a.runAt !== b.runAt) return a.runAt < b.runAt ? -1 : 1
    if (a.created !== b.created) return a.created < b.created ? -1 : 1
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  })
}

/**
 * The row's error log with this attempt: the first entry and the last few.
 * @param {DeliveryRow} row @param {number} now @param {string} error @param {boolean} permanent
 */
function withLogEntry(row, now, error, permanent) {
  const log = parseJson(row.errorLog)
  const entries = Array.isArray(log) ? log : []
  entries.push({
    at: toPbTime(now),
    attempt: row.attempts + 1,
    error: error.slice(0, 300),
    permanent,
  })
  const kept =
    entries.length > ERROR_LOG_LAST + 1
      ? [entries[0]].concat(entries.slice(-ERROR_LOG_LAST))
      : entries
  return JSON.stringify(kept)
}

/**
 * Wait after the n-th failed attempt: 1, 2, 4, ... minutes up to an hour, each between half and
 * all of that (equal jitter, so a crowd of retries spreads out).
 * @param {number} attempt
 */
function defaultBackoffMs(attempt) {
  const full = Math.min(MAX_BACKOFF_MS, MINUTE * Math.pow(2, Math.max(0, attempt - 1)))
  return Math.round(full / 2 + Math.random() * (full / 2))
}

/**
 * @param {core.App} app @param {string} sql @param {Record<string, unknown>} params
 * @param {DeliveryRow} row
 */
function finish(app, sql, params, row) {
  return app
    .db()
    .newQuery(`${sql} WHERE id = {:id} AND status = 'sending' AND claimedAt = {:claimedAt}`)
    .bind(Object.assign({ id: row.id, claimedAt: row.claimedAt }, params))
    .execute()
    .rowsAffected()
}

/**
 * @param {core.App} app @param {DeliveryRow} row @param {number} now
 */
function markSent(app, row, now) {
  return finish(
    app,
    "UPDATE deliveries SET status = 'sent', sentAt = {:now}, attempts = attempts + 1, lastError = '', claimedAt = '', updated = {:now}",
    { now: toPbTime(now) },
    row,
  )
}

/**
 * A failed attempt: retried after the kind's back-off while that is before the row expires,
 * else (or when permanent) failed. Returns 'failed' or 'retried'.
 * @param {core.App} app @param {DeliveryRow} row @param {DeliveryKind | null} kind
 * @param {string} error @param {boolean} permanent @param {number} now
 * @param {boolean} [again] due again at once (the attempt itself was the long wait)
 * @returns {'failed' | 'retried'}
 */
function markFailed(app, row, kind, error, permanent, now, again) {
  const attempts = row.attempts + 1
  const backoff = again
    ? 0
    : kind && kind.backoffMs
      ? kind.backoffMs(attempts)
      : defaultBackoffMs(attempts)
  const next = now + backoff
  const expires = parseTime(row.expiresAt)
  const final = permanent || (isFinite(expires) && next > expires)
  const reason =
    final && !permanent
      ? `Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'} over ${Math.round((now - parseTime(row.created)) / HOUR)} h: ${error}`
      : error
  finish(
    app,
    'UPDATE deliveries SET status = {:status}, attempts = attempts + 1, lastError = {:error}, lastErrorAt = {:now}, ' +
      "errorLog = {:log}, claimedAt = '', runAt = {:next}, updated = {:now}",
    {
      status: final ? 'failed' : 'pending',
      error: reason.slice(0, 2000),
      now: toPbTime(now),
      log: withLogEntry(row, now, error, permanent),
      next: final ? row.runAt : toPbTime(next),
    },
    row,
  )
  if (final && kind && kind.afterFailed) {
    try {
      kind.afterFailed(app, row, reason, now)
    } catch (err) {
      app.logger().error('deliveries: afterFailed failed', 'id', row.id, 'error', errorText(err))
    }
  }
  return final ? 'failed' : 'retried'
}

/**
 * Claims left `sending` longer than the stale window (a run that died or an SMTP server that never
 * answered) go back to pending, counting as an attempt (the mail may have left).
 * @param {core.App} app @param {string} channel @param {number} now @param {number} olderThanMs
 */
function recoverClaims(app, channel, now, olderThanMs) {
  const rows = arrayOf(new DynamicModel(emptyRow()))
  app
    .db()
    .newQuery(
      `SELECT ${ROW_COLUMNS} FROM deliveries WHERE channel = {:channel} AND status = 'sending' AND claimedAt <= {:cutoff}`,
    )
    // 0: every claim, whatever its time (the server just started).
    .bind({ channel, cutoff: olderThanMs > 0 ? toPbTime(now - olderThanMs) : '9999' })
    .all(rows)
  let recovered = 0
  for (const row of /** @type {DeliveryRow[]} */ (/** @type {unknown} */ (rows))) {
    const kind = kinds[row.kind] || null
    const error =
      olderThanMs > 0
        ? `The send did not finish within ${STALE_CLAIM_MINUTES} minutes (no answer); it may have been delivered.`
        : 'The server stopped during this send; it may have been delivered.'
    markFailed(app, row, kind, error, false, now, true)
    recovered++
  }
  return recovered
}

/**
 * When the server starts: every claim is from a process that is gone (one PocketBase process
 * owns the database), so its rows go back to the queue at once.
 * @param {core.App} app
 */
function recoverAfterRestart(app) {
  let recovered = 0
  for (const channel of Object.keys(channels))
    recovered += recoverClaims(app, channel, Date.now(), 0)
  return recovered
}

/**
 * The channel cannot send (no SMTP configured): every due row counts one attempt with the reason
 * and backs off as from any fault (failing once past its lifetime), in ONE statement - a run
 * without SMTP stays as cheap as one UPDATE however much mail waits. Returns the rows touched.
 * @param {core.App} app @param {string} channel @param {number} now @param {string} reason
 */
function deferAll(app, channel, now, reason) {
  // 1, 2, 4 ... minutes up to an hour after the n-th attempt, each between half and all of it.
  const wait =
    "'+' || CAST(MIN(60, 1 << MIN(attempts, 6)) * 60 * (0.5 + ABS(RANDOM() % 1000) / 2000.0) AS INTEGER) || ' seconds'"
  const next = `strftime('%Y-%m-%d %H:%M:%fZ', {:now}, ${wait})`
  // Expired when even the shortest wait would end after the row's lifetime.
  const expired =
    "expiresAt != '' AND strftime('%Y-%m-%d %H:%M:%fZ', {:now}, '+' || (MIN(60, 1 << MIN(attempts, 6)) * 30) || ' seconds') > expiresAt"
  return app
    .db()
    .newQuery(
      'UPDATE deliveries SET attempts = attempts + 1, lastErrorAt = {:now}, updated = {:now}, ' +
        `lastError = CASE WHEN ${expired} THEN 'Gave up after ' || (attempts + 1) || ' attempts: ' || {:error} ELSE {:error} END, ` +
        `status = CASE WHEN ${expired} THEN 'failed' ELSE 'pending' END, ` +
        `runAt = CASE WHEN ${expired} THEN runAt ELSE ${next} END ` +
        "WHERE channel = {:channel} AND status = 'pending' AND (runAt = '' OR runAt <= {:now})",
    )
    .bind({ now: toPbTime(now), channel, error: `${NOT_CONFIGURED}${reason}`.slice(0, 2000) })
    .execute()
    .rowsAffected()
}

/**
 * Kinds of the channel that queue deliveries of their own (the owner's digest).
 * @param {core.App} app @param {string} channel @param {number} now
 */
function scheduleKinds(app, channel, now) {
  for (const name of Object.keys(kinds)) {
    const kind = kinds[name]
    if (kind.channel !== channel || !kind.schedule) continue
    try {
      for (const job of kind.schedule(app, now)) enqueue(app, job)
    } catch (err) {
      app.logger().error('deliveries: schedule failed', 'kind', name, 'error', errorText(err))
    }
  }
}

/**
 * Everything before one claimed row is sent: its kind, hold, render. Returns what to send, or
 * null when the row is already done with (failed, held, cancelled, or its claim was lost).
 * @param {core.App} app @param {DeliveryRow} row @param {number} now @param {RunSummary} summary
 * @returns {{ kind: DeliveryKind, rendered: Rendered } | null}
 */
function prepareDelivery(app, row, now, summary) {
  const kind = kinds[row.kind] || null
  if (!kind) {
    summary[markFailed(app, row, null, `Unknown kind "${row.kind}".`, true, now)]++
    return null
  }
  if (kind.hold && kind.hold(app, row, now)) {
    finish(
      app,
      "UPDATE deliveries SET status = 'held', claimedAt = '', updated = {:now}",
      { now: toPbTime(now) },
      row,
    )
    summary.held++
    return null
  }
  /** @type {Rendered} */
  let rendered
  const keepBody = kind.keepBody !== false
  if (keepBody && (row.html || row.text)) {
    rendered = {
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: parseJson(row.headers) || {},
      replyTo: row.replyTo,
    }
  } else {
    try {
      rendered = kind.render(app, row, now)
    } catch (err) {
      summary[markFailed(app, row, kind, errorText(err), isPermanent(err), now)]++
      return null
    }
    if (rendered.cancel) {
      finish(
        app,
        "UPDATE deliveries SET status = 'cancelled', lastError = {:reason}, claimedAt = '', updated = {:now}",
        { reason: rendered.cancel.slice(0, 2000), now: toPbTime(now) },
        row,
      )
      summary.cancelled++
      return null
    }
    if (rendered.payload) row.payload = JSON.stringify(rendered.payload)
    // A run that lost its claim meanwhile (it went stale) must not send.
    const stillClaimed = finish(
      app,
      'UPDATE deliveries SET subject = {:subject}, html = {:html}, text = {:text}, headers = {:headers}, ' +
        'replyTo = {:replyTo}, payload = {:payload}, updated = {:now}',
      {
        subject: String(rendered.subject || '').slice(0, 998),
        html: keepBody ? rendered.html || rendered.body || '' : '',
        text: keepBody ? rendered.text || '' : '',
        headers: rendered.headers ? JSON.stringify(rendered.headers) : null,
        replyTo: String(rendered.replyTo || '').slice(0, 320),
        payload: row.payload || null,
        now: toPbTime(now),
      },
      row,
    )
    if (stillClaimed === 0) return null
  }
  return { kind, rendered }
}

/**
 * Records how one send went: `error` null is sent, anything else a failed attempt.
 * @param {core.App} app @param {DeliveryChannel} channel @param {DeliveryKind} kind
 * @param {DeliveryRow} row @param {unknown} error @param {number} now @param {RunSummary} summary
 */
function finishDelivery(app, channel, kind, row, error, now, summary) {
  if (error) {
    const fault = channel.classify(error)
    const outcome = markFailed(app, row, kind, fault.message, fault.permanent, now)
    summary[outcome]++
    app
      .logger()
      .warn(
        'deliveries: send failed',
        'id',
        row.id,
        'kind',
        row.kind,
        'attempt',
        row.attempts + 1,
        'outcome',
        outcome,
        'error',
        fault.message,
      )
    return
  }
  markSent(app, row, now)
  summary.sent++
  if (kind.afterSent) {
    try {
      kind.afterSent(app, row, now)
    } catch (err) {
      app.logger().error('deliveries: afterSent failed', 'id', row.id, 'error', errorText(err))
    }
  }
}

/**
 * Renders, sends and records one claimed row.
 * @param {core.App} app @param {DeliveryChannel} channel @param {ChannelContext} context
 * @param {DeliveryRow} row @param {number} now @param {RunSummary} summary
 */
function deliver(app, channel, context, row, now, summary) {
  const ready = prepareDelivery(app, row, now, summary)
  if (!ready) return
  let error = null
  try {
    channel.send(app, context, row, ready.rendered)
  } catch (err) {
    error = err || new Error('unknown error')
  }
  finishDelivery(app, channel, ready.kind, row, error, now, summary)
}

/**
 * A claimed batch for a channel that sends many at once (`sendBatch`: the webhook channel posts
 * them all together, so a receiver that hangs costs its own timeout, not the others'). Outcomes
 * are recorded at the clock's time after the sends, so a retry's wait starts when the attempt
 * ended (a 10 s timeout does not eat a 5 s back-off).
 * @param {core.App} app @param {DeliveryChannel} channel @param {ChannelContext} context
 * @param {DeliveryRow[]} rows @param {() => number} clock @param {RunSummary} summary
 */
function deliverBatch(app, channel, context, rows, clock, summary) {
  const now = clock()
  /** @type {Array<{ row: DeliveryRow, kind: DeliveryKind, rendered: Rendered }>} */
  const ready = []
  for (const row of rows) {
    const prepared = prepareDelivery(app, row, now, summary)
    if (prepared) ready.push({ row, kind: prepared.kind, rendered: prepared.rendered })
  }
  if (ready.length === 0 || !channel.sendBatch) return
  /** @type {unknown[]} */
  let errors
  try {
    errors = channel.sendBatch(
      app,
      context,
      ready.map((item) => ({ row: item.row, rendered: item.rendered })),
    )
  } catch (err) {
    errors = ready.map(() => err || new Error('unknown error'))
  }
  const done = clock()
  ready.forEach((item, i) =>
    finishDelivery(app, channel, item.kind, item.row, errors[i] || null, done, summary),
  )
}

/**
 * One pass of the sender for a channel, as if at `now` (ms; default the clock). Returns
 * { channel, configured, smtpConfigured, sent, failed, retried, held, cancelled, recovered, pending }.
 * @param {core.App} app @param {{ channel?: string, now?: number }} [options]
 * @returns {RunSummary}
 */
function run(app, options) {
  const channelName = (options && options.channel) || 'mail'
  const fixedNow =
    options && typeof options.now === 'number' && isFinite(options.now) ? options.now : null
  const clock = () => (fixedNow === null ? Date.now() : fixedNow)
  const channel = channels[channelName]
  if (!channel) throw new Error(`deliveries: unknown channel "${channelName}"`)
  const context = channel.prepare(app)
  // The run's time, for channels that keep their own clocks (a webhook endpoint's failures).
  context.now = clock
  /** @type {RunSummary} */
  const summary = {
    channel: channelName,
    configured: context.configured,
    smtpConfigured: channelName === 'mail' ? context.configured : false,
    sent: 0,
    failed: 0,
    retried: 0,
    held: 0,
    cancelled: 0,
    recovered: 0,
    pending: 0,
  }
  if (!context.configured && context.reason) summary.configError = context.reason
  const started = Date.now()
  // Stale by the real clock (claims are stamped with it), whatever time the run acts at.
  summary.recovered = recoverClaims(app, channelName, Date.now(), STALE_CLAIM_MINUTES * MINUTE)
  if (context.configured) {
    // Waiting only because the channel was not configured: due now that it is.
    app
      .db()
      .newQuery(
        "UPDATE deliveries SET runAt = {:now} WHERE channel = {:channel} AND status = 'pending' AND " +
          `substr(lastError, 1, ${NOT_CONFIGURED.length}) = {:marker} AND runAt > {:now}`,
      )
      .bind({ now: toPbTime(clock()), channel: channelName, marker: NOT_CONFIGURED })
      .execute()
  }
  if (!context.configured) {
    summary.retried = deferAll(app, channelName, clock(), context.reason || 'not configured')
    summary.pending = count(
      app,
      "SELECT COUNT(*) AS n FROM deliveries WHERE channel = {:channel} AND status IN ('pending', 'sending')",
      { channel: channelName },
    )
    return summary
  }
  scheduleKinds(app, channelName, clock())
  const rate = channelName === 'mail' ? bulkRatePerMinute() : 0
  let handled = 0
  while (handled < MAX_PER_RUN && Date.now() - started < RUN_TIME_BUDGET_MS) {
    const now = clock()
    let batch = claim(app, channelName, now, BATCH_SIZE, false)
    if (batch.length === 0) {
      // Bulk only when every other class is done, and within its rate over the last minute.
      let budget = BATCH_SIZE
      if (rate > 0) {
        const sentLastMinute = count(
          app,
          "SELECT COUNT(*) AS n FROM deliveries WHERE class = 'bulk' AND sentAt > {:since} AND sentAt <= {:now}",
          { since: toPbTime(now - MINUTE), now: toPbTime(now) },
        )
        budget = Math.min(BATCH_SIZE, rate - sentLastMinute)
      }
      if (budget <= 0) break
      batch = claim(app, channelName, now, budget, true)
    }
    if (batch.length === 0) break
    if (channel.sendBatch) {
      handled += batch.length
      deliverBatch(app, channel, context, batch, clock, summary)
    } else {
      for (const row of batch) {
        handled++
        deliver(app, channel, context, row, clock(), summary)
      }
    }
  }
  scheduleKinds(app, channelName, clock())
  summary.pending = count(
    app,
    "SELECT COUNT(*) AS n FROM deliveries WHERE channel = {:channel} AND status IN ('pending', 'sending')",
    { channel: channelName },
  )
  return summary
}

/**
 * True while another run holds a fresh claim on the channel (the cron skips a tick then, so runs
 * stuck on a hung server do not pile up).
 * @param {core.App} app @param {string} [channel]
 */
function isBusy(app, channel) {
  return (
    count(
      app,
      "SELECT COUNT(*) AS n FROM deliveries WHERE channel = {:channel} AND status = 'sending' AND claimedAt >= {:cutoff}",
      { channel: channel || 'mail', cutoff: toPbTime(Date.now() - STALE_CLAIM_MINUTES * MINUTE) },
    ) > 0
  )
}

// --- health ---------------------------------------------------------------------------------

/**
 * What the console's mail-health line says: whether the channel is configured, when it last
 * sent, how many wait, and - when the latest news is a temporary fault newer than the last
 * send - that error, its time, and since when sending fails.
 * @param {core.App} app @param {string} [channelName]
 * @returns {DeliveryHealth}
 */
function health(app, channelName) {
  const name = channelName || 'mail'
  const channel = channels[name]
  if (!channel) throw new Error(`deliveries: unknown channel "${name}"`)
  const configured = channel.prepare(app).configured
  const sent = new DynamicModel({ at: '' })
  app
    .db()
    .newQuery(
      "SELECT IFNULL(MAX(sentAt), '') AS at FROM deliveries WHERE channel = {:channel} AND sentAt != ''",
    )
    .bind({ channel: name })
    .one(sent)
  const waiting = count(
    app,
    "SELECT COUNT(*) AS n FROM deliveries WHERE channel = {:channel} AND status IN ('pending', 'sending', 'held')",
    { channel: name },
  )
  const failed = count(
    app,
    "SELECT COUNT(*) AS n FROM deliveries WHERE channel = {:channel} AND status = 'failed'",
    {
      channel: name,
    },
  )
  const latest = new DynamicModel({ lastError: '', lastErrorAt: '' })
  let hasError = false
  try {
    app
      .db()
      .newQuery(
        'SELECT lastError, lastErrorAt FROM deliveries WHERE channel = {:channel} ' +
          "AND status IN ('pending', 'sending') AND lastErrorAt != '' AND lastErrorAt > {:sent} " +
          'ORDER BY lastErrorAt DESC LIMIT 1',
      )
      .bind({ channel: name, sent: sent.at })
      .one(latest)
    hasError = true
  } catch (_) {
    hasError = false
  }
  let since = ''
  if (hasError) {
    // The first temporary fault after the last successful send, from the rows' error logs.
    const first = new DynamicModel({ at: '' })
    app
      .db()
      .newQuery(
        "SELECT IFNULL(MIN(json_extract(entry.value, '$.at')), '') AS at FROM deliveries, json_each(deliveries.errorLog) AS entry " +
          "WHERE deliveries.channel = {:channel} AND deliveries.status IN ('pending', 'sending') " +
          "AND deliveries.lastErrorAt > {:sent} AND json_extract(entry.value, '$.permanent') = 0 " +
          "AND json_extract(entry.value, '$.at') > {:sent}",
      )
      .bind({ channel: name, sent: sent.at })
      .one(first)
    since = first.at || latest.lastErrorAt
  }
  return {
    channel: name,
    smtpConfigured: name === 'mail' ? configured : false,
    lastSentAt: sent.at || null,
    waiting,
    failed,
    lastError: hasError ? latest.lastError : null,
    lastErrorAt: hasError ? latest.lastErrorAt : null,
    failingSince: hasError ? since : null,
  }
}

/**
 * A failed row an admin put back in the queue: due now, with a fresh lifetime (its attempts and
 * error log stay as history). Called from the re-queue hook before the save.
 * @param {core.Record} record
 */
function prepareRequeue(record) {
  const now = Date.now()
  const kind = kinds[record.getString('kind')]
  const hours = (kind && kind.lifetimeHours) || lifetimeHours()
  record.set('runAt', toPbTime(now))
  record.set('expiresAt', toPbTime(now + hours * HOUR))
  record.set('claimedAt', '')
}

module.exports = {
  enqueue,
  enqueueMany,
  cancel,
  run,
  isBusy,
  health,
  recoverAfterRestart,
  prepareRequeue,
  defaultBackoffMs,
  STALE_CLAIM_MINUTES,
}
