/// <reference path="../../.pb-types/types.d.ts" />
// The follow-up sequence after an audit. Owns two collections:
//   followups       one row per person: the running sequence's audit, the next mail's number
//                   and time, when the address showed it is theirs (a click in a results or
//                   follow-up mail), the last mail's time, and when and why it stopped;
//   followup_sends  one row per follow-up mail queued (the `followup` delivery that carries it
//                   has its id as sourceId): its step, when its booking link was clicked and
//                   whether a booking followed.
// A new audit (re)starts its person's sequence; only the latest audit's sequence runs. The
// scheduler (runFollowups) queues due mails on the delivery queue (lib/deliveries.js, kind
// `followup`), which renders each one when it is sent and cancels it if the sequence stopped
// meanwhile (lib/followup-kinds.js). A stop is final for the person and keeps its reason.

const {
  FOLLOWUP_GRACE_DAYS,
  FOLLOWUP_MIN_HOURS_APART,
  FOLLOWUP_STOP_REASONS,
  parsePbTime,
  toPbTime,
} = require('./shared.cjs')
const { readSettings } = require('./followup-settings.js')
const { findPersonByEmail } = require('./people.js')
const { auditOfResultsMail } = require('./followup-links.js')
const deliveries = require('./deliveries.js')

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
/** How many due sequences one run handles (the next run takes the rest). */
const RUN_LIMIT = 5000
/** Rows written per transaction in a run: short write locks, few commits. */
const RUN_CHUNK = 500

/** @param {number} ms */
function dbTime(ms) {
  return toPbTime(ms)
}

/** @param {string} text */
function msOf(text) {
  const ms = parsePbTime(text)
  return isFinite(ms) ? ms : NaN
}

/** @param {string} email */
function normalise(email) {
  return String(email || '')
    .trim()
    .toLowerCase()
}

/**
 * The person an address belongs to: their current address, or one they had before an e-mail
 * change.
 * @param {core.App} app
 * @param {string} email
 * @returns {core.Record | null}
 */
function personByEmail(app, email) {
  const address = normalise(email)
  return address ? findPersonByEmail(app, address) : null
}

/**
 * The person's sequence, or null. Two people merged into one (an account's e-mail change onto
 * an address that had a person of its own) may leave two rows: they become one here - a stop
 * stands, else the later audit's sequence runs - and the mails of both stay counted.
 * @param {core.App} app
 * @param {string} personId
 * @returns {core.Record | null}
 */
function sequenceOf(app, personId) {
  const rows = app.findRecordsByFilter('followups', 'person = {:person}', 'created', 0, 0, {
    person: personId,
  })
  if (rows.length <= 1) return rows.length ? rows[0] : null
  const rank = (/** @type {core.Record} */ row) =>
    (row.getString('stoppedAt') ? '1' : '0') + row.getString('auditAt')
  const sorted = rows.slice().sort((a, b) => (rank(a) < rank(b) ? 1 : -1))
  const keep = sorted[0]
  for (const other of sorted.slice(1)) {
    const proven = other.getString('provenAt')
    if (proven && (!keep.getString('provenAt') || proven < keep.getString('provenAt'))) {
      keep.set('provenAt', proven)
      keep.set('provenBy', other.getString('provenBy'))
    }
    if (other.getString('lastSentAt') > keep.getString('lastSentAt'))
      keep.set('lastSentAt', other.getString('lastSentAt'))
    exec(app, 'UPDATE followup_sends SET followup = {:keep} WHERE followup = {:other}', {
      keep: keep.id,
      other: other.id,
    })
    app.delete(other)
  }
  app.save(keep)
  return keep
}

/**
 * When mail `step` (1-based) of an audit taken at `auditAtMs` is due; '' past the last mail.
 * @param {{ steps: { delayDays: number }[] }} settings
 * @param {number} auditAtMs
 * @param {number} step
 */
function dueTime(settings, auditAtMs, step) {
  const mail = settings.steps[step - 1]
  return mail ? dbTime(auditAtMs + mail.delayDays * DAY) : ''
}

// --- starting ---------------------------------------------------------------------------------

/**
 * A new audit (re)starts its person's sequence at the first mail; a stopped sequence stays
 * stopped. Mails still queued for an older audit are cancelled. Never throws.
 * @param {core.App} app
 * @param {core.Record} audit
 */
function startSequence(app, audit) {
  try {
    const person = personByEmail(app, audit.getString('email'))
    if (!person) return
    const auditAt = msOf(audit.getString('created'))
    app.runInTransaction((txApp) => {
      let row = sequenceOf(txApp, person.id)
      if (row && row.getString('stoppedAt')) return
      if (row && row.getString('audit') === audit.id) return
      // Only the newest audit's sequence runs (an older audit arriving late from an outbox
      // does not take over).
      if (row && msOf(row.getString('auditAt')) > auditAt) return
      if (!row) {
        row = new Record(txApp.findCollectionByNameOrId('followups'))
        row.set('person', person.id)
      } else {
        deliveries.cancel(
          txApp,
          { kind: 'followup', recipient: person.getString('email') },
          'A newer audit restarted the follow-ups.',
        )
      }
      row.set('audit', audit.id)
      row.set('auditAt', audit.getString('created'))
      row.set('step', 1)
      row.set('nextAt', dueTime(readSettings(txApp), auditAt, 1))
      txApp.save(row)
    })
  } catch (err) {
    app.logger().error('followups: could not start', 'audit', audit.id, 'error', String(err))
  }
}

// --- stopping ---------------------------------------------------------------------------------

/**
 * Stops a person's sequence for good with its reason (the first reason wins) and cancels its
 * queued mails. Returns true when it was running.
 * @param {core.App} app
 * @param {string} personId
 * @param {string} reason  one of FOLLOWUP_STOP_REASONS
 * @param {number} [now]
 */
function stopSequence(app, personId, reason, now) {
  if (/** @type {readonly string[]} */ (FOLLOWUP_STOP_REASONS).indexOf(reason) < 0)
    throw new Error(`unknown stop reason ${reason}`)
  let stopped = false
  app.runInTransaction((txApp) => {
    const row = sequenceOf(txApp, personId)
    if (!row || row.getString('stoppedAt')) return
    row.set('stoppedAt', dbTime(now || Date.now()))
    row.set('stopReason', reason)
    row.set('stoppedStep', Math.max(0, row.getInt('step') - 1))
    row.set('nextAt', '')
    txApp.save(row)
    const person = txApp.findRecordById('people', personId)
    deliveries.cancel(
      txApp,
      { kind: 'followup', recipient: person.getString('email') },
      `Follow-ups stopped: ${reason}.`,
    )
    stopped = true
  })
  return stopped
}

/**
 * The hooks' stop (a message, a status change, an unsubscribe): by address, never throws.
 * @param {core.App} app
 * @param {string} email
 * @param {string} reason
 */
function stopForAddress(app, email, reason) {
  try {
    const person = personByEmail(app, email)
    if (person) stopSequence(app, person.id, reason)
  } catch (err) {
    app.logger().error('followups: could not stop', 'reason', reason, 'error', String(err))
  }
}

// --- proof of address -------------------------------------------------------------------------

/**
 * A click on a signed link: an audit's results mail (`r`) or a follow-up's booking link (`f`).
 * Records that the address is theirs (and the follow-up's click), and answers who they are for
 * the booking form. Returns null when the token's record no longer exists.
 * @param {core.App} app
 * @param {{ kind: string, id: string }} token
 * @param {number} now
 * @returns {{ person: core.Record, prefill: { name: string, email: string } } | null}
 */
function recordClick(app, token, now) {
  /** @type {core.Record | null} */
  let person = null
  app.runInTransaction((txApp) => {
    let row = null
    if (token.kind === 'r') {
      const audit = auditOfResultsMail(txApp, token.id)
      if (!audit) return
      person = personByEmail(txApp, audit.getString('email'))
      if (!person) return
      row = sequenceOf(txApp, person.id)
      if (!row) {
        // A results mail sent before the sequences existed: start from its audit now.
        startSequence(txApp, audit)
        row = sequenceOf(txApp, person.id)
      }
      if (row && !row.getString('provenAt')) {
        row.set('provenAt', dbTime(now))
        row.set('provenBy', 'results_link')
        txApp.save(row)
      }
    } else if (token.kind === 'f') {
      const send = findOrNull(txApp, 'followup_sends', token.id)
      if (!send) return
      row = findOrNull(txApp, 'followups', send.getString('followup'))
      if (!row) return
      person = findOrNull(txApp, 'people', row.getString('person'))
      if (!send.getString('clickedAt')) {
        send.set('clickedAt', dbTime(now))
        txApp.save(send)
      }
      if (!row.getString('provenAt')) {
        row.set('provenAt', dbTime(now))
        row.set('provenBy', 'followup_link')
        txApp.save(row)
      }
    }
  })
  if (!person) return null
  const found = /** @type {core.Record} */ (person)
  return {
    person: found,
    prefill: { name: found.getString('name'), email: found.getString('email') },
  }
}

/**
 * @param {core.App} app
 * @param {string} collection
 * @param {string} id
 * @returns {core.Record | null}
 */
function findOrNull(app, collection, id) {
  try {
    return app.findRecordById(collection, id)
  } catch (_) {
    return null
  }
}

// --- the scheduler ----------------------------------------------------------------------------

/**
 * @typedef {object} DueRow
 * @property {string} id
 * @property {string} person
 * @property {string} audit
 * @property {string} auditAt
 * @property {number} step
 * @property {string} nextAt
 * @property {string} lastSentAt
 * @property {string} provenAt
 * @property {string} email
 * @property {string} status
 * @property {string} newsletter
 * @property {number} verified
 */

/**
 * The sequences that need something done at `now`: due, and either proven (a click, an active
 * newsletter sign-up, a verified account), past their grace (to skip the mail), or no longer
 * eligible (to stop). Due sequences still waiting for proof within their grace are left alone.
 * @param {core.App} app
 * @param {number} now
 * @returns {DueRow[]}
 */
function dueRows(app, now) {
  const rows = arrayOf(
    new DynamicModel({
      id: '',
      person: '',
      audit: '',
      auditAt: '',
      step: 0,
      nextAt: '',
      lastSentAt: '',
      provenAt: '',
      email: '',
      status: '',
      newsletter: '',
      verified: 0,
    }),
  )
  app
    .db()
    .newQuery(
      'SELECT f.id, f.person, f.audit, f.auditAt, f.step, f.nextAt, f.lastSentAt, f.provenAt, ' +
        'p.email, p.status, p.newsletter, CAST(COALESCE(u.verified, 0) AS INTEGER) AS verified ' +
        'FROM followups f JOIN people p ON p.id = f.person LEFT JOIN users u ON u.id = p.userId ' +
        "WHERE f.stoppedAt = '' AND f.nextAt != '' AND f.nextAt <= {:now} AND (" +
        "f.provenAt != '' OR p.newsletter IN ('active', 'unsubscribed') OR u.verified = 1 " +
        "OR p.status != 'new' OR f.nextAt < {:graceCutoff}) " +
        'ORDER BY f.nextAt LIMIT {:limit}',
    )
    .bind({
      now: dbTime(now),
      graceCutoff: dbTime(now - FOLLOWUP_GRACE_DAYS * DAY),
      limit: RUN_LIMIT,
    })
    .all(rows)
  return /** @type {DueRow[]} */ (/** @type {unknown} */ (rows))
}

/**
 * What to do with one due sequence at `now`.
 * @param {DueRow} row
 * @param {{ steps: { delayDays: number }[] }} settings
 * @param {number} now
 * @returns {{ action: 'stop', reason: string } | { action: 'skip' | 'finish' | 'wait' } |
 *   { action: 'postpone', until: string } | { action: 'send' }}
 */
function decide(row, settings, now) {
  if (row.status !== 'new') return { action: 'stop', reason: 'status' }
  if (row.newsletter === 'unsubscribed') return { action: 'stop', reason: 'unsubscribed' }
  if (row.step > settings.steps.length) return { action: 'finish' }
  if (now - msOf(row.nextAt) > FOLLOWUP_GRACE_DAYS * DAY) return { action: 'skip' }
  const proven = !!row.provenAt || row.newsletter === 'active' || row.verified === 1
  if (!proven) return { action: 'wait' }
  const last = row.lastSentAt ? msOf(row.lastSentAt) : NaN
  if (isFinite(last) && now - last < FOLLOWUP_MIN_HOURS_APART * HOUR) {
    return { action: 'postpone', until: dbTime(last + FOLLOWUP_MIN_HOURS_APART * HOUR) }
  }
  return { action: 'send' }
}

/**
 * @param {core.App} app
 * @param {string} sql
 * @param {Record<string, any>} params
 */
function exec(app, sql, params) {
  app.db().newQuery(sql).bind(params).execute()
}

/**
 * `{:p0}, {:p1}, ...` for a list, its values put in `params`.
 * @param {string} prefix
 * @param {string[]} values
 * @param {Record<string, any>} params
 */
function inList(prefix, values, params) {
  return values
    .map((value, i) => {
      params[`${prefix}${i}`] = value
      return `{:${prefix}${i}}`
    })
    .join(', ')
}

/**
 * Queues the due mail of each of `rows` (proven sequences, one per person) in the caller's
 * transaction, in three statements whatever their number: the followup_sends rows, their
 * deliveries (kind `followup`, one fan-out of the queue, never twice for the same sequence,
 * audit and step) and the sequences' next mail. Returns how many deliveries were queued.
 * @param {core.App} txApp
 * @param {DueRow[]} rows
 * @param {{ steps: { delayDays: number }[] }} settings
 * @param {number} now
 */
function queueMails(txApp, rows, settings, now) {
  if (rows.length === 0) return 0
  const stamp = dbTime(now)
  /** @type {Record<string, any>} */
  const sendParams = { now: stamp }
  const values = rows.map((row, i) => {
    sendParams[`id${i}`] = $security.randomStringWithAlphabet(15, ID_ALPHABET)
    sendParams[`f${i}`] = row.id
    sendParams[`a${i}`] = row.audit
    sendParams[`s${i}`] = row.step
    return `({:id${i}}, {:f${i}}, {:a${i}}, {:s${i}}, '', '', {:now}, {:now})`
  })
  exec(
    txApp,
    'INSERT INTO followup_sends (id, followup, audit, step, clickedAt, bookedAt, created, updated) VALUES ' +
      values.join(', '),
    sendParams,
  )
  /** @type {Record<string, any>} */
  const params = {}
  const sendIds = inList(
    's',
    rows.map((_, i) => sendParams[`id${i}`]),
    params,
  )
  const queued = deliveries.enqueueMany(txApp, {
    kind: 'followup',
    select:
      "SELECT p.email AS recipient, s.id AS sourceId, 'followup:' || s.followup || ':' || s.audit || ':' || s.step AS uniqueKey, " +
      "json_object('step', s.step) AS payload " +
      'FROM followup_sends s JOIN followups f ON f.id = s.followup JOIN people p ON p.id = f.person ' +
      `WHERE s.id IN (${sendIds})`,
    params,
    runAt: now,
  })
  // The next mail: its delay after the audit, or none after the last one.
  /** @type {Record<string, any>} */
  const next = { now: stamp }
  const cases = settings.steps
    .map((mail, i) => {
      next[`shift${i}`] = `+${mail.delayDays} days`
      return `WHEN ${i + 1} THEN strftime('%Y-%m-%d %H:%M:%fZ', auditAt, {:shift${i}})`
    })
    .join(' ')
  exec(
    txApp,
    `UPDATE followups SET step = step + 1, nextAt = CASE step + 1 ${cases} ELSE '' END, ` +
      `lastSentAt = {:now}, updated = {:now} WHERE id IN (${inList(
        'f',
        rows.map((row) => row.id),
        next,
      )})`,
    next,
  )
  return queued
}

/**
 * One scheduler run as if at `now` (ms): stops sequences no longer eligible, skips mails more
 * than the grace late, postpones a mail within a day of the last one to the same address, and
 * queues the due mails of proven addresses. Returns what it did.
 * @param {core.App} app
 * @param {number} [now]
 */
function runFollowups(app, now) {
  const at = typeof now === 'number' && isFinite(now) ? now : Date.now()
  const settings = readSettings(app)
  const summary = {
    enabled: settings.enabled,
    due: 0,
    queued: 0,
    waiting: 0,
    skipped: 0,
    postponed: 0,
    finished: 0,
    stopped: 0,
  }
  if (!settings.enabled) return summary
  const due = dueRows(app, at)
  // A person with two sequences (just merged) is made whole first and waits for the next run.
  /** @type {Record<string, number>} */
  const perPerson = {}
  for (const row of due) perPerson[row.person] = (perPerson[row.person] || 0) + 1
  const rows = due.filter((row) => perPerson[row.person] === 1)
  for (const person of Object.keys(perPerson)) {
    if (perPerson[person] > 1) app.runInTransaction((txApp) => void sequenceOf(txApp, person))
  }
  summary.due = rows.length
  for (let from = 0; from < rows.length; from += RUN_CHUNK) {
    const chunk = rows.slice(from, from + RUN_CHUNK)
    app.runInTransaction((txApp) => {
      /** @type {DueRow[]} */
      const sending = []
      for (const row of chunk) {
        if (handleDue(txApp, row, settings, at, summary)) sending.push(row)
      }
      summary.queued += queueMails(txApp, sending, settings, at)
    })
  }
  return summary
}

/**
 * @param {core.App} txApp
 * @param {DueRow} row
 * @param {{ steps: { delayDays: number }[] }} settings
 * @param {number} now
 * @param {Record<string, any>} summary
 * @returns {boolean} true when its mail is to be queued (queueMails)
 */
function handleDue(txApp, row, settings, now, summary) {
  const auditAt = msOf(row.auditAt)
  const advance = (/** @type {number} */ step, /** @type {string} */ lastSentAt) =>
    exec(
      txApp,
      'UPDATE followups SET step = {:step}, nextAt = {:nextAt}, lastSentAt = {:last}, updated = {:now} WHERE id = {:id}',
      {
        id: row.id,
        step,
        nextAt: dueTime(settings, auditAt, step),
        last: lastSentAt,
        now: dbTime(now),
      },
    )
  const decision = decide(row, settings, now)
  switch (decision.action) {
    case 'stop':
      exec(
        txApp,
        "UPDATE followups SET stoppedAt = {:now}, stopReason = {:reason}, stoppedStep = {:sent}, nextAt = '', updated = {:now} WHERE id = {:id}",
        { id: row.id, reason: decision.reason, sent: Math.max(0, row.step - 1), now: dbTime(now) },
      )
      summary.stopped++
      return false
    case 'finish':
      exec(txApp, "UPDATE followups SET nextAt = '', updated = {:now} WHERE id = {:id}", {
        id: row.id,
        now: dbTime(now),
      })
      summary.finished++
      return false
    case 'skip': {
      // Every mail already past its grace goes; the next one keeps its own day.
      let step = row.step + 1
      while (
        step <= settings.steps.length &&
        now - msOf(dueTime(settings, auditAt, step)) > FOLLOWUP_GRACE_DAYS * DAY
      )
        step++
      advance(step, row.lastSentAt)
      summary.skipped++
      return false
    }
    case 'wait':
      summary.waiting++
      return false
    case 'postpone':
      exec(txApp, 'UPDATE followups SET nextAt = {:until}, updated = {:now} WHERE id = {:id}', {
        id: row.id,
        until: decision.until,
        now: dbTime(now),
      })
      summary.postponed++
      return false
    case 'send':
      return true
  }
  return false
}

/**
 * When the consultant changes the delays: every running sequence's next mail moves to its new
 * day (a sequence past the new last mail is finished).
 * @param {core.App} app
 * @param {{ steps: { delayDays: number }[] }} settings
 */
function rescheduleAll(app, settings) {
  app.runInTransaction((txApp) => {
    settings.steps.forEach((mail, i) => {
      exec(
        txApp,
        "UPDATE followups SET nextAt = strftime('%Y-%m-%d %H:%M:%fZ', auditAt, {:shift}) " +
          "WHERE stoppedAt = '' AND nextAt != '' AND step = {:step}",
        { shift: `+${mail.delayDays} days`, step: i + 1 },
      )
    })
    exec(txApp, "UPDATE followups SET nextAt = '' WHERE stoppedAt = '' AND step > {:steps}", {
      steps: settings.steps.length,
    })
  })
}

module.exports = {
  startSequence,
  stopSequence,
  stopForAddress,
  recordClick,
  runFollowups,
  rescheduleAll,
  decide,
  personByEmail,
  sequenceOf,
  findOrNull,
}
