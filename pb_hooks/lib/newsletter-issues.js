/// <reference path="../../.pb-types/types.d.ts" />
// Newsletter issues: the consultant's drafts, their test copies, the send to every active
// subscriber, the schedule, the results and the public archive. Owns newsletter_issues.status:
//   draft      being written (autosaved edits apply)
//   scheduled  starts by itself at scheduledAt (edits still apply until then)
//   sending    the recipients are fixed: one delivery per active subscription was queued in one
//              statement, with a unique key per issue and subscription; nothing changes the text
//   sent       every delivery is finished (sent, failed or skipped)
// A send renders the body once (lib/markdown.cjs) into pageHtml, mailHtml and mailText; each copy
// is then put together at delivery time with the reader's own links (renderCopy), and skipped if
// the address is no longer active. The queue (lib/deliveries.js) sends the copies in its bulk
// class, at NEWSLETTER_RATE_PER_MINUTE.

const render = require('./newsletter-issue-render.js')
const { SITE_TIME_ZONE, toPbTime } = require('./shared.cjs')

const COLLECTION = 'newsletter_issues'
const KIND = 'newsletter_issue'
const TEST_KIND = 'newsletter_issue_test'
const ID = /^[a-z0-9]{15}$/
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const KEEP_EDITS = 20

/** MAIL_POSTAL_ADDRESS (lib/newsletter-issue-render.js). */
const postalAddress = render.postalAddress
/**
 * @param {string} name
 */
function env(name) {
  return String($os.getenv(name) || '').trim()
}

/** The consultant's time zone (SITE_TIME_ZONE, else the site's). */
function siteTimeZone() {
  return env('SITE_TIME_ZONE') || SITE_TIME_ZONE
}

/** Copies per minute the queue's bulk class sends (0: no throttle). */
function ratePerMinute() {
  const value = Number(env('NEWSLETTER_RATE_PER_MINUTE'))
  return env('NEWSLETTER_RATE_PER_MINUTE') !== '' && isFinite(value) && value >= 0
    ? Math.floor(value)
    : 120
}

/** Superusers and admins (users.isAdmin) only. @param {core.RequestEvent} e */
function requireAdmin(e) {
  if (e.hasSuperuserAuth()) return
  if (e.auth && e.auth.collection().name === 'users' && e.auth.get('isAdmin') === true) return
  throw new ForbiddenError('Only the site admin can do this.')
}

/**
 * A 400 naming `field`, with PocketBase's shape. @param {string} field @param {string} message
 * @param {string} [code]  PocketBase's validation code (default validation_invalid_value)
 */
function fieldError(field, message, code) {
  return new BadRequestError(message, {
    [field]: new ValidationError(code || 'validation_invalid_value', message),
  })
}

/** A 409 with a message for the console. @param {string} message */
function conflict(message) {
  return new ApiError(409, message, {})
}

/** @param {core.App} app @param {string} id */
function findIssue(app, id) {
  if (!ID.test(String(id || ''))) throw new NotFoundError('No such issue.')
  try {
    return app.findRecordById(COLLECTION, id)
  } catch (_) {
    throw new NotFoundError('No such issue.')
  }
}

/** How many subscriptions are active now. @param {core.App} app */
function activeSubscribers(app) {
  const row = new DynamicModel({ n: 0 })
  app
    .db()
    .newQuery("SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE status = 'active'")
    .one(row)
  return row.n
}

/**
 * Why this issue cannot be sent now ('' when it can): the postal address the law requires, a
 * subject and a body.
 * @param {core.Record} issue
 */
function whyNotSendable(issue) {
  if (!postalAddress()) {
    return 'Set MAIL_POSTAL_ADDRESS (the business postal address every newsletter must show) on the server first.'
  }
  if (!issue.getString('subject').trim()) return 'Write a subject first.'
  if (!issue.getString('body').trim()) return 'Write the newsletter first: the body is empty.'
  return ''
}

/**
 * One more click on `url` in the issue (one statement, so clicks at once all count).
 * @param {core.App} app
 * @param {string} issueId
 * @param {string} url
 */
function recordClick(app, issueId, url) {
  const now = toPbTime(Date.now())
  app
    .db()
    .newQuery(
      'INSERT INTO newsletter_link_clicks (id, issue, url, clicks, created, updated) ' +
        'SELECT {:id}, {:issue}, {:url}, 1, {:now}, {:now} ' +
        'WHERE EXISTS (SELECT 1 FROM newsletter_issues WHERE id = {:issue}) ' +
        'ON CONFLICT (issue, url) DO UPDATE SET clicks = clicks + 1, updated = {:now}',
    )
    .bind({
      id: $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789'),
      issue: issueId,
      url,
      now,
    })
    .execute()
}

// --- drafts --------------------------------------------------------------------------------------

/** A new issue from the console: a draft, whatever else was sent. @param {core.Record} record */
function prepareNewIssue(record) {
  record.set('status', 'draft')
  for (const field of ['slug', 'scheduledAt', 'startedAt', 'sentAt', 'lastError']) {
    record.set(field, '')
  }
  for (const field of ['pageHtml', 'mailHtml', 'mailText']) record.set(field, '')
  for (const field of ['recipients', 'delivered', 'failed', 'skipped']) record.set(field, 0)
  record.set('editedAt', new DateTime())
}

/**
 * The issue an edit is for, if it may still change (draft or scheduled); else a 400 naming it.
 * @param {core.App} app
 * @param {string} issueId
 */
function editableIssue(app, issueId) {
  let issue
  try {
    issue = app.findRecordById(COLLECTION, issueId)
  } catch (_) {
    throw fieldError('issue', 'This issue no longer exists.', 'validation_missing_rel_records')
  }
  const status = issue.getString('status')
  if (status !== 'draft' && status !== 'scheduled') {
    throw fieldError(
      'issue',
      'This issue has been sent; it can no longer change.',
      'validation_issue_sent',
    )
  }
  return issue
}

/**
 * Applies an autosaved edit to its issue unless a newer one was applied already (two devices,
 * or an old edit sent late); keeps the newest KEEP_EDITS edits of the issue. Run inside the
 * edit's transaction. @param {core.App} app @param {core.Record} edit
 */
function applyEdit(app, edit) {
  const issue = editableIssue(app, edit.getString('issue'))
  const editedAt = edit.getDateTime('editedAt')
  if (issue.getString('editedAt') && editedAt.before(issue.getDateTime('editedAt'))) return false
  issue.set('subject', edit.getString('subject'))
  issue.set('preheader', edit.getString('preheader'))
  issue.set('body', edit.getString('body'))
  issue.set('editedAt', editedAt)
  app.save(issue)
  app
    .db()
    .newQuery(
      'DELETE FROM newsletter_issue_edits WHERE issue = {:issue} AND id NOT IN ' +
        '(SELECT id FROM newsletter_issue_edits WHERE issue = {:issue} ORDER BY created DESC, id DESC LIMIT {:keep})',
    )
    .bind({ issue: issue.id, keep: KEEP_EDITS })
    .execute()
  return true
}

// --- scheduling ---------------------------------------------------------------------------------

/**
 * Minutes east of UTC of `zone` at the instant `ms`.
 * @param {string} zone
 * @param {number} ms
 */
function offsetMinutes(zone, ms) {
  const text = new DateTime(toPbTime(ms)).time().in(new Timezone(zone)).format('-07:00')
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text)
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

/**
 * `2026-12-01T09:00` on the consultant's clock (SITE_TIME_ZONE) as epoch ms, or NaN. A time the
 * clock shows twice (autumn) is the first; one it skips (spring) moves forward with the clock.
 * @param {unknown} text
 * @param {string} zone
 */
function wallTimeToMs(text, zone) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(String(text || ''))
  if (!match) return NaN
  const asUtc = Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5])
  if (!isFinite(asUtc) || msToWallTime(asUtc, 'UTC') !== text) return NaN
  const day = 24 * 60 * 60000
  const candidates = [asUtc - day, asUtc + day]
    .map((near) => asUtc - offsetMinutes(zone, near) * 60000)
    .sort((a, b) => a - b)
  const shown = candidates.filter((ms) => msToWallTime(ms, zone) === text)
  return shown.length > 0 ? shown[0] : candidates[candidates.length - 1]
}

/**
 * The same instant as the consultant's clock shows it: `2026-12-01T09:00`.
 * @param {number} ms
 * @param {string} zone
 */
function msToWallTime(ms, zone) {
  return new DateTime(toPbTime(ms)).time().in(new Timezone(zone)).format('2006-01-02T15:04')
}

/**
 * Schedules the issue for `at` (the consultant's wall time) or, with at === null, makes it a
 * draft again. Refused (400 naming `at`) for a time in the past or an unsendable issue.
 * @param {core.App} app
 * @param {core.Record} issue
 * @param {string | null} at
 * @param {number} nowMs
 */
function schedule(app, issue, at, nowMs) {
  const status = issue.getString('status')
  if (status !== 'draft' && status !== 'scheduled') {
    throw conflict('This issue is already being sent or was sent.')
  }
  if (at === null) {
    issue.set('status', 'draft')
    issue.set('scheduledAt', '')
    issue.set('lastError', '')
    app.save(issue)
    return issue
  }
  const zone = siteTimeZone()
  const ms = wallTimeToMs(at, zone)
  if (!isFinite(ms)) {
    throw fieldError('at', 'Give the date and time as YYYY-MM-DDTHH:MM.')
  }
  if (ms <= nowMs) throw fieldError('at', 'That time has passed. Pick a time in the future.')
  const problem = whyNotSendable(issue)
  if (problem) throw fieldError('issue', problem, 'validation_not_sendable')
  issue.set('status', 'scheduled')
  issue.set('scheduledAt', toPbTime(ms))
  issue.set('lastError', '')
  app.save(issue)
  return issue
}

// --- sending ------------------------------------------------------------------------------------

/** @returns {typeof import('./deliveries.js')} the queue (required when used) */
function deliveries() {
  return require('./deliveries.js')
}

/**
 * A slug from the subject that no other issue has (`tips`, `tips-2`, ...).
 * @param {core.App} app
 * @param {core.Record} issue
 */
function uniqueSlug(app, issue) {
  const base = require('./markdown.cjs').slugify(issue.getString('subject'))
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 75)}-${n}`
    const taken = app.findRecordsByFilter(COLLECTION, 'slug = {:slug} && id != {:id}', '', 1, 0, {
      slug,
      id: issue.id,
    })
    if (taken.length === 0) return slug
  }
  return `${base.slice(0, 60)}-${issue.id}`
}

/**
 * Starts the send: renders the body once, gives the issue its slug, and in ONE transaction marks
 * it `sending` and queues one copy per active subscription (fixed by one INSERT ... SELECT; the
 * unique key per issue and subscription means a repeat queues nothing). Returns the number of
 * recipients. Throws a 400 for an unsendable issue and a 409 for one already sent.
 * @param {core.App} app @param {string} issueId @param {number} nowMs
 */
function startSend(app, issueId, nowMs) {
  const before = findIssue(app, issueId)
  const problem = whyNotSendable(before)
  if (problem) throw fieldError('issue', problem, 'validation_not_sendable')
  let snapshot = render.renderSnapshot(app, before)
  let recipients = 0
  app.runInTransaction((txApp) => {
    const issue = findIssue(txApp, issueId)
    const status = issue.getString('status')
    if (status !== 'draft' && status !== 'scheduled') {
      throw conflict('This issue is already being sent or was sent.')
    }
    // An edit saved after the render above: render what is saved now.
    if (issue.getString('body') !== before.getString('body'))
      snapshot = render.renderSnapshot(txApp, issue)
    issue.set('slug', uniqueSlug(txApp, issue))
    issue.set('pageHtml', snapshot.pageHtml)
    issue.set('mailHtml', snapshot.mailHtml)
    issue.set('mailText', snapshot.mailText)
    issue.set('status', 'sending')
    issue.set('startedAt', toPbTime(nowMs))
    issue.set('lastError', '')
    txApp.save(issue)
    recipients = queueCopies(txApp, issue)
    issue.set('recipients', recipients)
    txApp.save(issue)
  })
  return recipients
}

/**
 * One delivery per active subscription, in one statement; the unique key per issue and
 * subscription makes a repeat queue nothing. Returns how many were queued.
 * @param {core.App} app
 * @param {core.Record} issue
 */
function queueCopies(app, issue) {
  return deliveries().enqueueMany(app, {
    kind: KIND,
    select:
      "SELECT email AS recipient, {:issue} AS sourceId, {:prefix} || id AS uniqueKey, json_object('subscription', id) AS payload " +
      "FROM newsletter_subscriptions WHERE status = 'active'",
    params: { issue: issue.id, prefix: `${KIND}:${issue.id}:` },
  })
}

/**
 * Queues a test copy of the issue as it stands to `to` (the admin's own address): sent within a
 * minute, before any bulk mail.
 * @param {core.App} app
 * @param {core.Record} issue
 * @param {string} to
 */
function queueTest(app, issue, to) {
  return deliveries().enqueue(app, { kind: TEST_KIND, recipient: to, sourceId: issue.id })
}

/**
 * An address that just unsubscribed gets no copy still waiting for it (renderCopy would skip
 * it at send time anyway; this shows it in the results at once). Never throws.
 * @param {core.App} app @param {string} email
 */
function skipWaitingCopies(app, email) {
  try {
    deliveries().cancel(
      app,
      { kind: KIND, recipient: email },
      'Unsubscribed after the send started.',
    )
  } catch (err) {
    app.logger().warn('newsletter: waiting copies not skipped', 'error', String(err))
  }
}

/**
 * Counts of the issue's deliveries by status.
 * @param {core.App} app
 * @param {string} issueId
 */
function deliveryCounts(app, issueId) {
  const rows = arrayOf(new DynamicModel({ status: '', n: 0 }))
  app
    .db()
    .newQuery(
      'SELECT status, COUNT(*) AS n FROM deliveries WHERE sourceId = {:id} AND kind = {:kind} GROUP BY status',
    )
    .bind({ id: issueId, kind: KIND })
    .all(rows)
  /** @type {Record<string, number>} */
  const counts = { pending: 0, sending: 0, held: 0, sent: 0, failed: 0, cancelled: 0 }
  for (const row of rows) counts[row.status] = row.n
  return counts
}

/**
 * Sends whose every delivery is finished become `sent`, with their final counts.
 * @param {core.App} app
 * @param {number} nowMs
 */
function finishSends(app, nowMs) {
  const sending = app.findRecordsByFilter(COLLECTION, "status = 'sending'", 'startedAt', 100, 0)
  let finished = 0
  for (const issue of sending) {
    const counts = deliveryCounts(app, issue.id)
    issue.set('delivered', counts.sent)
    issue.set('failed', counts.failed)
    issue.set('skipped', counts.cancelled)
    if (counts.pending + counts.sending + counts.held === 0) {
      issue.set('status', 'sent')
      issue.set('sentAt', toPbTime(nowMs))
      finished++
    }
    app.save(issue)
  }
  return finished
}

/**
 * Scheduled issues whose time has come start; a failure is kept on the issue for the console.
 * @param {core.App} app
 * @param {number} nowMs
 */
function startDue(app, nowMs) {
  const due = app.findRecordsByFilter(
    COLLECTION,
    "status = 'scheduled' && scheduledAt <= {:now}",
    'scheduledAt',
    10,
    0,
    { now: toPbTime(nowMs) },
  )
  let started = 0
  for (const issue of due) {
    try {
      startSend(app, issue.id, nowMs)
      started++
    } catch (err) {
      const message = err && err.message ? err.message : String(err)
      app
        .logger()
        .error('newsletter: scheduled send did not start', 'id', issue.id, 'error', message)
      try {
        const fresh = app.findRecordById(COLLECTION, issue.id)
        if (fresh.getString('status') === 'scheduled') {
          fresh.set('lastError', `The scheduled send could not start: ${message}`.slice(0, 2000))
          fresh.set('status', 'draft')
          app.save(fresh)
        }
      } catch (_) {
        // the next run tries again
      }
    }
  }
  return started
}

/**
 * One pass of the cron: start what is due, finish what is done.
 * @param {core.App} app
 * @param {number} nowMs
 */
function runDue(app, nowMs) {
  return { started: startDue(app, nowMs), finished: finishSends(app, nowMs) }
}

// --- results ------------------------------------------------------------------------------------

/**
 * What the console shows for an issue: progress, failures with reasons, unsubscribes, clicks.
 * @param {core.App} app
 * @param {core.Record} issue
 */
function results(app, issue) {
  const counts = deliveryCounts(app, issue.id)
  const failures = arrayOf(new DynamicModel({ reason: '', n: 0, example: '' }))
  app
    .db()
    .newQuery(
      'SELECT lastError AS reason, COUNT(*) AS n, MIN(recipient) AS example FROM deliveries ' +
        "WHERE sourceId = {:id} AND kind = {:kind} AND status = 'failed' " +
        'GROUP BY lastError ORDER BY n DESC LIMIT 20',
    )
    .bind({ id: issue.id, kind: KIND })
    .all(failures)
  const retrying = new DynamicModel({ n: 0, reason: '' })
  app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS n, IFNULL(MAX(lastError), '') AS reason FROM deliveries " +
        "WHERE sourceId = {:id} AND kind = {:kind} AND status = 'pending' AND attempts > 0",
    )
    .bind({ id: issue.id, kind: KIND })
    .one(retrying)
  const unsubscribes = new DynamicModel({ n: 0 })
  app
    .db()
    .newQuery('SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE unsubscribedIssue = {:id}')
    .bind({ id: issue.id })
    .one(unsubscribes)
  const clicks = arrayOf(new DynamicModel({ url: '', clicks: 0 }))
  app
    .db()
    .newQuery(
      'SELECT url, clicks FROM newsletter_link_clicks WHERE issue = {:id} ORDER BY clicks DESC, url LIMIT 50',
    )
    .bind({ id: issue.id })
    .all(clicks)
  return {
    id: issue.id,
    status: issue.getString('status'),
    slug: issue.getString('slug'),
    recipients: issue.getInt('recipients'),
    startedAt: issue.getString('startedAt'),
    sentAt: issue.getString('sentAt'),
    sent: counts.sent,
    failed: counts.failed,
    skipped: counts.cancelled,
    waiting: counts.pending + counts.sending + counts.held,
    retrying: { count: retrying.n, lastError: retrying.reason },
    failures: failures.map((f) => ({ reason: f.reason, count: f.n, example: f.example })),
    unsubscribes: unsubscribes.n,
    clicks: clicks.map((c) => ({ url: c.url, clicks: c.clicks })),
    totalClicks: clicks.reduce((sum, c) => sum + c.clicks, 0),
  }
}

// --- the public archive -------------------------------------------------------------------------

/**
 * Issues readers can see: every one whose send has started, newest first.
 * @param {core.App} app
 */
function publishedIssues(app) {
  return app.findRecordsByFilter(
    COLLECTION,
    "(status = 'sending' || status = 'sent') && slug != ''",
    '-startedAt',
    500,
    0,
  )
}

/**
 * The published issue with this slug, or null.
 * @param {core.App} app
 * @param {string} slug
 */
function publishedIssue(app, slug) {
  if (!SLUG.test(String(slug || '')) || slug.length > 80) return null
  const rows = app.findRecordsByFilter(
    COLLECTION,
    "slug = {:slug} && (status = 'sending' || status = 'sent')",
    '',
    1,
    0,
    { slug },
  )
  return rows.length > 0 ? rows[0] : null
}

/**
 * `November 25, 2026` on the consultant's clock, and the date for `datetime`.
 * @param {core.Record} issue
 */
function publicationDate(issue) {
  const local = new DateTime(issue.getString('startedAt')).time().in(new Timezone(siteTimeZone()))
  return { text: local.format('January 2, 2006'), iso: local.format('2006-01-02') }
}

module.exports = {
  COLLECTION,
  KIND,
  TEST_KIND,
  ID,
  requireAdmin,
  fieldError,
  conflict,
  findIssue,
  activeSubscribers,
  postalAddress,
  siteTimeZone,
  ratePerMinute,
  whyNotSendable,
  verifiedClickTarget: render.verifiedClickTarget,
  recordClick,
  previewFrame: render.previewFrame,
  prepareNewIssue,
  editableIssue,
  applyEdit,
  wallTimeToMs,
  msToWallTime,
  schedule,
  startSend,
  queueTest,
  skipWaitingCopies,
  deliveryCounts,
  finishSends,
  runDue,
  results,
  publishedIssues,
  publishedIssue,
  publicationDate,
}
