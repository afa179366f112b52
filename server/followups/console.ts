// What the console shows of the follow-ups: one person's sequence (next mail and when, the mails
// queued with their delivery's state, why it stopped) and the figures per mail (sent, clicked,
// booked after it, stopped after it by reason). Read only.
import type { App } from '../platform/events'
import { findOrNull, selectRows } from '../platform/sql'
import { FOLLOWUP_STOP_REASONS } from '../../src/config/followup'
import type { FollowupProof, FollowupStopReason } from '../../src/config/followup'
import type {
  FollowupFigures,
  FollowupProofShown,
  FollowupStepFigures,
  PersonFollowups,
  SentFollowup,
} from './api'
import { renderSubject } from './mail'
import { sequenceOf } from './sequences'
import { readSettings } from './settings'
import { mailValues } from './values'

/**
 * How the address showed it is theirs, or null: a click first, else the newsletter or the
 * account as they are now.
 */
function proofOf(
  app: App,
  person: core.Record,
  sequence: core.Record | null,
): FollowupProofShown | null {
  if (sequence && sequence.getString('provenAt')) {
    return {
      by: sequence.getString('provenBy') as FollowupProof,
      at: sequence.getString('provenAt'),
    }
  }
  if (person.getString('newsletter') === 'active') return { by: 'newsletter', at: '' }
  const user = person.getString('userId')
    ? findOrNull(app, 'users', person.getString('userId'))
    : null
  if (user && user.verified()) return { by: 'account', at: '' }
  return null
}

/** The follow-up mails queued for a sequence, newest first, with their delivery's state. */
function sentOf(app: App, sequenceId: string): SentFollowup[] {
  return selectRows(
    app,
    'SELECT s.id, s.step, s.audit, s.created, s.clickedAt, s.bookedAt, ' +
      "COALESCE(d.status, '') AS delivery, COALESCE(d.sentAt, '') AS sentAt, " +
      "COALESCE(d.lastError, '') AS lastError " +
      "FROM followup_sends s LEFT JOIN deliveries d ON d.sourceId = s.id AND d.kind = 'followup' " +
      'WHERE s.followup = {:followup} ORDER BY s.created DESC, s.step DESC',
    { followup: sequenceId },
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
}

/** One person's follow-ups for their page; null for an unknown person. */
export function personFollowups(app: App, personId: string): PersonFollowups | null {
  const person = findOrNull(app, 'people', personId)
  if (!person) return null
  const settings = readSettings(app)
  const sequence = sequenceOf(app, personId)
  const base = {
    enabled: settings.enabled,
    steps: settings.steps.length,
    proof: proofOf(app, person, sequence),
  }
  if (!sequence) return Object.assign(base, { state: 'none' as const, sent: [] })
  const common = Object.assign(base, {
    audit: sequence.getString('audit'),
    auditAt: sequence.getString('auditAt'),
    sent: sentOf(app, sequence.id),
  })
  if (sequence.getString('stoppedAt')) {
    return Object.assign(common, {
      state: 'stopped' as const,
      stopped: {
        at: sequence.getString('stoppedAt'),
        reason: sequence.getString('stopReason') as FollowupStopReason,
        afterStep: sequence.getInt('stoppedStep'),
      },
    })
  }
  const step = sequence.getInt('step')
  const nextAt = sequence.getString('nextAt')
  const mail = settings.steps[step - 1]
  if (!nextAt || !mail) return Object.assign(common, { state: 'finished' as const })
  const audit = findOrNull(app, 'audits', sequence.getString('audit'))
  return Object.assign(common, {
    state: common.proof ? ('scheduled' as const) : ('waiting' as const),
    next: {
      step,
      at: nextAt,
      subject: renderSubject(mail.subject, mailValues(app, person, audit)),
    },
  })
}

/** The figures per mail of the sequence, over every follow-up ever queued. */
export function figures(app: App): FollowupFigures {
  const settings = readSettings(app)
  const perStep = selectRows(
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
  const stops = selectRows(
    app,
    'SELECT stoppedStep AS step, stopReason AS reason, COUNT(*) AS count FROM followups ' +
      "WHERE stoppedAt != '' GROUP BY stoppedStep, stopReason",
    {},
    { step: 0, reason: '', count: 0 },
  )
  const running = selectRows(
    app,
    "SELECT COUNT(*) AS count FROM followups WHERE stoppedAt = '' AND nextAt != ''",
    {},
    { count: 0 },
  )[0].count
  const lastStep = Math.max(
    settings.steps.length,
    perStep.reduce((max, row) => Math.max(max, row.step), 0),
  )
  const stoppedAt = (step: number) => {
    const byReason = {} as Record<FollowupStopReason, number>
    for (const reason of FOLLOWUP_STOP_REASONS) byReason[reason] = 0
    for (const stop of stops) {
      if (stop.step === step) {
        const reason = stop.reason as FollowupStopReason
        byReason[reason] += stop.count
      }
    }
    return byReason
  }
  const steps: FollowupStepFigures[] = []
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
