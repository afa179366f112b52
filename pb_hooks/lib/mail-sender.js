/// <reference path="../../.pb-types/types.d.ts" />
// Sends due mail_outbox rows with the app's mailer, outside any request's transaction.
// Claim -> send -> finish:
//   - claim: ONE UPDATE ... RETURNING moves a small batch from pending to sending and stamps
//     claimedAt, so two overlapping runs can never claim the same row;
//   - finish: a conditional UPDATE (still sending, same claimedAt) records sent or failed, so a
//     run whose claim went stale cannot overwrite a newer outcome;
//   - a claim still 'sending' after STALE_CLAIM_MINUTES (a hung SMTP server) counts as a failed
//     attempt and goes back to pending.
// Failures back off exponentially (1, 2, 4, ... minutes, capped at an hour); after MAX_ATTEMPTS
// the row is marked failed and never retried (an admin may re-queue it).
// Bodies are rendered here, not in the create request: every run renders queued rows that have
// none yet (even with no SMTP, so the queue shows what will be sent), and a claimed row without
// a body is rendered just before it is sent.

const { applyMailSettings, mailConfig } = require(`${__hooks}/lib/mail-config.js`)
const { renderMail } = require(`${__hooks}/lib/mail-queue.js`)

const MAX_ATTEMPTS = 8
const BATCH_SIZE = 10
const MAX_PER_RUN = 100
const STALE_CLAIM_MINUTES = 10
const MAX_BACKOFF_MINUTES = 60
const MINUTE = 60 * 1000
// Who waits for whom: a visitor's message to the owner first, then the owner's other
// notifications, then mail to visitors (a flood of results mails never delays the owner).
const PRIORITY =
  "CASE WHEN kind = 'owner_contact' THEN 0 WHEN substr(kind, 1, 6) = 'owner_' THEN 1 ELSE 2 END"

/** PRIORITY for one row (lower goes first). */
function rank(kind) {
  if (kind === 'owner_contact') return 0
  return String(kind).indexOf('owner_') === 0 ? 1 : 2
}

/** Minutes to wait after the n-th failed attempt (n >= 1): 1, 2, 4, 8, ... up to an hour. */
function backoffMinutes(attempts) {
  return Math.min(MAX_BACKOFF_MINUTES, Math.pow(2, Math.max(0, attempts - 1)))
}

/** PocketBase's stored datetime format, which sorts and compares as text. */
function dbTime(ms) {
  return require(`${__hooks}/lib/shared.cjs`).toPbTime(ms)
}

function recoverStaleClaims(app, now) {
  const rows = arrayOf(new DynamicModel({ id: '', status: '' }))
  app
    .db()
    .newQuery(
      "UPDATE mail_outbox SET attempts = attempts + 1, claimedAt = '', updated = {:now}, " +
        'lastError = {:error}, ' +
        "status = CASE WHEN attempts + 1 >= {:max} THEN 'failed' ELSE 'pending' END, " +
        "nextAttemptAt = '' " +
        "WHERE status = 'sending' AND claimedAt != '' AND claimedAt < {:cutoff} " +
        'RETURNING id, status',
    )
    .bind({
      now: dbTime(now),
      cutoff: dbTime(now - STALE_CLAIM_MINUTES * MINUTE),
      max: MAX_ATTEMPTS,
      error: `The send did not finish within ${STALE_CLAIM_MINUTES} minutes (the SMTP server did not answer).`,
    })
    .all(rows)
  return rows
}

function claimBatch(app, now, limit) {
  const rows = arrayOf(
    new DynamicModel({
      id: '',
      kind: '',
      sourceId: '',
      to: '',
      replyTo: '',
      subject: '',
      html: '',
      text: '',
      attempts: 0,
      claimedAt: '',
      headers: '',
      created: '',
    }),
  )
  app
    .db()
    .newQuery(
      "UPDATE mail_outbox SET status = 'sending', claimedAt = {:now}, updated = {:now} " +
        'WHERE id IN (SELECT id FROM mail_outbox ' +
        "WHERE status = 'pending' AND (nextAttemptAt = '' OR nextAttemptAt IS NULL OR nextAttemptAt <= {:now}) " +
        `ORDER BY ${PRIORITY}, created, id LIMIT {:limit}) ` +
        'RETURNING id, kind, sourceId, [[to]], replyTo, subject, html, text, attempts, claimedAt, created, ' +
        "IFNULL(headers, '') AS headers",
    )
    .bind({ now: dbTime(now), limit })
    .all(rows)
  // RETURNING gives no order: send in the claim's order.
  return rows.slice().sort((a, b) => {
    const byRank = rank(a.kind) - rank(b.kind)
    if (byRank !== 0) return byRank
    if (a.created !== b.created) return a.created < b.created ? -1 : 1
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  })
}

function markSent(app, row) {
  const now = dbTime(Date.now())
  app
    .db()
    .newQuery(
      "UPDATE mail_outbox SET status = 'sent', sentAt = {:now}, attempts = attempts + 1, " +
        "lastError = '', claimedAt = '', nextAttemptAt = '', updated = {:now} " +
        "WHERE id = {:id} AND status = 'sending' AND claimedAt = {:claimedAt}",
    )
    .bind({ now, id: row.id, claimedAt: row.claimedAt })
    .execute()
}

/**
 * Records a failed attempt. Returns 'failed' when it was the last one (or `unsendable`: the mail
 * cannot be built, retrying will not help), else 'retried'.
 */
function markFailed(app, row, error, unsendable) {
  const nowMs = Date.now()
  const attempts = row.attempts + 1
  const final = unsendable || attempts >= MAX_ATTEMPTS
  app
    .db()
    .newQuery(
      'UPDATE mail_outbox SET status = {:status}, attempts = attempts + 1, lastError = {:error}, ' +
        "claimedAt = '', nextAttemptAt = {:next}, updated = {:now} " +
        "WHERE id = {:id} AND status = 'sending' AND claimedAt = {:claimedAt}",
    )
    .bind({
      status: final ? 'failed' : 'pending',
      error: error.slice(0, 2000),
      next: final ? '' : dbTime(nowMs + backoffMinutes(attempts) * MINUTE),
      now: dbTime(nowMs),
      id: row.id,
      claimedAt: row.claimedAt,
    })
    .execute()
  return final ? 'failed' : 'retried'
}

function storeRendered(app, id, mail) {
  app
    .db()
    .newQuery(
      'UPDATE mail_outbox SET subject = {:subject}, html = {:html}, text = {:text}, updated = {:now} ' +
        "WHERE id = {:id} AND html = ''",
    )
    .bind({
      subject: mail.subject.slice(0, 300),
      html: mail.html,
      text: mail.text,
      now: dbTime(Date.now()),
      id,
    })
    .execute()
}

/**
 * Renders queued rows that have no body yet. A row that can never be rendered is marked failed
 * (returned count); any other error leaves the row for the send step to retry.
 */
function renderPending(app, limit) {
  const rows = arrayOf(new DynamicModel({ id: '', kind: '', sourceId: '' }))
  app
    .db()
    .newQuery(
      "SELECT id, kind, sourceId FROM mail_outbox WHERE status = 'pending' AND html = '' " +
        `ORDER BY ${PRIORITY}, created, id LIMIT {:limit}`,
    )
    .bind({ limit })
    .all(rows)
  let unsendable = 0
  for (const row of rows) {
    try {
      storeRendered(app, row.id, renderMail(app, row))
    } catch (err) {
      if (!err.unsendable) continue
      unsendable++
      app
        .db()
        .newQuery(
          "UPDATE mail_outbox SET status = 'failed', lastError = {:error}, nextAttemptAt = '', " +
            "updated = {:now} WHERE id = {:id} AND status = 'pending'",
        )
        .bind({ error: errorText(err).slice(0, 2000), now: dbTime(Date.now()), id: row.id })
        .execute()
    }
  }
  return unsendable
}

function errorText(err) {
  const text = err && err.message ? err.message : String(err)
  return text || 'unknown error'
}

/** The row's extra headers (e.g. List-Unsubscribe): a JSON object of strings, else none. */
function storedHeaders(json) {
  const headers = {}
  try {
    const parsed = json ? JSON.parse(json) : null
    if (parsed && typeof parsed === 'object') {
      for (const name of Object.keys(parsed)) {
        if (typeof parsed[name] === 'string') headers[name] = parsed[name]
      }
    }
  } catch (_) {
    // a row without valid headers is sent without them
  }
  return headers
}

function sendOne(app, config, row) {
  const message = new MailerMessage({
    from: { address: config.from.address, name: config.from.name },
    to: [{ address: row.to }],
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: Object.assign(
      storedHeaders(row.headers),
      row.replyTo ? { 'Reply-To': row.replyTo } : {},
    ),
  })
  app.newMailClient().send(message)
}

/** True while another run holds a fresh claim (used by the cron so hung sends do not pile up). */
function isBusy(app) {
  const row = new DynamicModel({ busy: 0 })
  app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS busy FROM mail_outbox WHERE status = 'sending' AND claimedAt >= {:cutoff}",
    )
    .bind({ cutoff: dbTime(Date.now() - STALE_CLAIM_MINUTES * MINUTE) })
    .one(row)
  return row.busy > 0
}

function countPending(app) {
  const row = new DynamicModel({ pending: 0 })
  app
    .db()
    .newQuery("SELECT COUNT(*) AS pending FROM mail_outbox WHERE status IN ('pending', 'sending')")
    .one(row)
  return row.pending
}

/**
 * One sender run: render new rows, recover stale claims, then claim and send due rows in small
 * batches. Returns { smtpConfigured, sent, failed, retried, recovered, pending[, configError] }.
 */
function runMailSender(app) {
  const summary = {
    smtpConfigured: false,
    sent: 0,
    failed: 0,
    retried: 0,
    recovered: 0,
    pending: 0,
  }
  let smtp = null
  try {
    // Every run, not only at startup: on a new database the settings migration runs after
    // bootstrap and resets the sender name.
    smtp = applyMailSettings(app)
  } catch (err) {
    // Settings the env makes invalid (e.g. MAIL_FROM is not an address): keep mail queued.
    summary.configError = errorText(err)
  }
  summary.failed += renderPending(app, MAX_PER_RUN)
  if (!smtp) {
    summary.pending = countPending(app)
    return summary
  }
  summary.smtpConfigured = true
  const config = mailConfig(app)

  for (const row of recoverStaleClaims(app, Date.now())) {
    summary.recovered++
    if (row.status === 'failed') summary.failed++
  }

  let handled = 0
  while (handled < MAX_PER_RUN) {
    const batch = claimBatch(app, Date.now(), Math.min(BATCH_SIZE, MAX_PER_RUN - handled))
    if (batch.length === 0) break
    for (const row of batch) {
      handled++
      if (!row.html) {
        try {
          const mail = renderMail(app, row)
          storeRendered(app, row.id, mail)
          Object.assign(row, { subject: mail.subject, html: mail.html, text: mail.text })
        } catch (err) {
          summary[markFailed(app, row, errorText(err), !!err.unsendable)]++
          continue
        }
      }
      let sendError = null
      try {
        sendOne(app, config, row)
      } catch (err) {
        sendError = err
      }
      // Only an error from the mailer counts as a failed send attempt.
      if (sendError === null) {
        markSent(app, row)
        summary.sent++
      } else {
        const outcome = markFailed(app, row, errorText(sendError), false)
        summary[outcome]++
        app
          .logger()
          .warn(
            'mail: send failed',
            'id',
            row.id,
            'attempt',
            row.attempts + 1,
            'outcome',
            outcome,
            'error',
            errorText(sendError),
          )
      }
    }
  }
  summary.pending = countPending(app)
  return summary
}

module.exports = { runMailSender, isBusy, MAX_ATTEMPTS }
