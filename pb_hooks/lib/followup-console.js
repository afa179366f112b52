/// <reference path="../../.pb-types/types.d.ts" />
// What the console shows of the follow-ups: one person's sequence (next mail and when, the mails
// queued with their delivery's state, why it stopped) and the figures per mail (sent, clicked,
// booked after it, stopped after it by reason). Read only.

const { FOLLOWUP_STOP_REASONS } = require('./shared.cjs')
const { readSettings } = require('./followup-settings.js')
const { renderSubject } = require('./followup-mail.js')
const { mailValues } = require('./followup-values.js')
const followups = require('./followups.js')

/**
 * @param {core.App} app
 * @param {string} sql
 * @param {Record<string, any>} params
 * @param {Record<string, any>} shape
 * @returns {any[]}
 */
function rows(app, sql, params, shape) {
  const result = arrayOf(new DynamicModel(shape))
  app.db().newQuery(sql).bind(params).all(result)
  return /** @type {any[]} */ (/** @type {unknown} */ (result))
}

/**
 * How the address showed it is theirs, or null: a click first, else the newsletter or the
 * account as they are now.
 * @param {core.App} app
 * @param {core.Record} person
 * @param {core.Record | null} sequence
 */
function proofOf(app, person, sequence) {
  if (sequence && sequence.getString('provenAt')) {
    return { by: sequence.getString('provenBy'), at: sequence.getString('provenAt') }
  }
  if (person.getString('newsletter') === 'active') return { by: 'newsletter', at: '' }
  const user = person.getString('userId')
    ? followups.findOrNull(app, 'users', person.getString('userId'))
    : null
  if (user && user.verified()) return { by: 'account', at: '' }
  return null
}

/**
 * One person's follow-ups for their page; null for an unknown person.
 * @param {core.App} app
 * @param {string} personId
 */
function personFollowups(app, personId) {
  const person = followups.findOrNull(app, 'people', personId)
  if (!person) return null
  const settings = readSettings(app)
  const sequence = followups.sequenceOf(app, personId)
  const base = {
    enabled: settings.enabled,
    steps: settings.steps.length,
    proof: proofOf(app, person, sequence),
  }
  if (!sequence) return Object.assign(base, { state: 'none', sent: [] })
  const sent = rows(
    app,
    'SELECT s.id, s.step, s.audit, s.created, s.clickedAt, s.bookedAt, ' +
      "COALESCE(d.status, '') AS delivery, COALESCE(d.sentAt, '') AS sentAt, " +
      "COALESCE(d.lastError, '') AS lastError " +
      "FROM followup_sends s LEFT JOIN deliveries d ON d.sourceId = s.id AND d.kind = 'followup' " +
      'WHERE s.followup = {:followup} ORDER BY s.created DESC, s.step DESC',
    { followup: sequence.id },
    {
      id: '',
      step: 0,
      audit: '',
      created: '',
      clickedAt: '',
      bookedAt: '',
      delivery: '',
      sentAt: '',
      lastError: '',
    },
  ).map((row) => ({
    id: row.id,
    step: row.step,
    audit: row.audit,
    queuedAt: row.created,
    delivery: row.delivery,
    sentAt: row.sentAt,
    problem: row.lastError,
    clickedAt: row.clickedAt,
    bookedAt: row.bookedAt,
  }))
  const common = Object.assign(base, {
    audit: sequence.getString('audit'),
    auditAt: sequence.getString('auditAt'),
    sent,
  })
  if (sequence.getString('stoppedAt')) {
    return Object.assign(common, {
      state: 'stopped',
      stopped: {
        at: sequence.getString('stoppedAt'),
        reason: sequence.getString('stopReason'),
        afterStep: sequence.getInt('stoppedStep'),
      },
    })
  }
  const step = sequence.getInt('step')
  const nextAt = sequence.getString('nextAt')
  const mail = settings.steps[step - 1]
  if (!nextAt || !mail) return Object.assign(common, { state: 'finished' })
  const audit = followups.findOrNull(app, 'audits', sequence.getString('audit'))
  return Object.assign(common, {
    state: common.proof ? 'scheduled' : 'waiting',
    next: {
      step,
      at: nextAt,
      subject: renderSubject(mail.subject, mailValues(app, person, audit)),
    },
  })
}

/**
 * The figures per mail of the sequence, over every follow-up ever queued.
 * @param {core.App} app
 */
function figures(app) {
  const settings = readSettings(app)
  const perStep = rows(
    app,
    'SELECT s.step AS step, COUNT(*) AS queued, ' +
      "SUM(CASE WHEN d.status = 'sent' THEN 1 ELSE 0 END) AS sent, " +
      "SUM(CASE WHEN d.status IN ('failed', 'cancelled') THEN 1 ELSE 0 END) AS notSent, " +
      "SUM(CASE WHEN s.clickedAt != '' THEN 1 ELSE 0 END) AS clicked, " +
      "SUM(CASE WHEN s.bookedAt != '' THEN 1 ELSE 0 END) AS booked " +
      "FROM followup_sends s LEFT JOIN deliveries d ON d.sourceId = s.id AND d.kind = 'followup' GROUP BY s.step",
    {},
    { step: 0, queued: 0, sent: 0, notSent: 0, clicked: 0, booked: 0 },
  )
  const stops = rows(
    app,
    'SELECT stoppedStep AS step, stopReason AS reason, COUNT(*) AS count FROM followups ' +
      "WHERE stoppedAt != '' GROUP BY stoppedStep, stopReason",
    {},
    { step: 0, reason: '', count: 0 },
  )
  const running = rows(
    app,
    "SELECT COUNT(*) AS count FROM followups WHERE stoppedAt = '' AND nextAt != ''",
    {},
    { count: 0 },
  )[0].count
  const lastStep = Math.max(
    settings.steps.length,
    perStep.reduce((max, row) => Math.max(max, row.step), 0),
  )
  /** @param {number} step */
  const stoppedAt = (step) => {
    /** @type {Record<string, number>} */
    const byReason = {}
    for (const reason of FOLLOWUP_STOP_REASONS) byReason[reason] = 0
    for (const stop of stops) if (stop.step === step) byReason[stop.reason] += stop.count
    return byReason
  }
  const steps = []
  for (let step = 1; step <= lastStep; step++) {
    const row = perStep.filter((r) => r.step === step)[0]
    steps.push({
      step,
      inSettings: step <= settings.steps.length,
      sent: row ? row.sent : 0,
      waiting: row ? row.queued - row.sent - row.notSent : 0,
      notSent: row ? row.notSent : 0,
      clicked: row ? row.clicked : 0,
      booked: row ? row.booked : 0,
      stoppedAfter: stoppedAt(step),
    })
  }
  return { running, stoppedBeforeFirst: stoppedAt(0), steps }
}

module.exports = { personFollowups, figures }
