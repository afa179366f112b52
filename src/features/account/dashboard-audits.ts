// The dashboard's view of a user's audits: server records merged with audits still waiting in
// the outbox, numbered and labelled. Pure. (The downloadable text report: ./audit-report-text.ts.)
import type * as AuditEngineModule from '../../audit'
import { parsePbTime } from '../../config/dates'
import { AUDIT_NAME, flowNotes } from '../../config/labels'
import type { OutboxItem } from '../../offline/db'
import type {
  AnswerRecord,
  AuditFlow,
  AuditInput,
  AuditRecommendations,
  AuditRecord,
  AuditScores,
} from '../../backend/types'

export interface DashboardAudit {
  id: string
  flow: AuditFlow
  email: string
  /** ISO time: the server's `created`, or when it was queued for a waiting audit. */
  createdAt: string
  /** 'saved' on the server, 'waiting' in the outbox, 'failed' refused by the server. */
  delivery: 'saved' | 'waiting' | 'failed'
  /** Position in the user's audits, oldest first, from 1. */
  ref: number
  scores: AuditScores | null
  recommendations: AuditRecommendations | null
  /** The answers as scored (the payoff model reads them); null until scored. */
  answers: Record<string, AnswerRecord> | null
  /** The server record or the queued payload (never shown: the owner check reads it). */
  raw: unknown
}

/** An audit in the outbox, scored on this device (the server re-scores it on arrival). */
export interface WaitingAudit {
  id: string
  flow: AuditFlow
  email: string
  queuedAt: number
  failed: boolean
  scores: AuditScores | null
  recommendations: AuditRecommendations | null
  answers: Record<string, AnswerRecord> | null
  payload: unknown
}

/** The parts of the audit engine the dashboard needs; loaded only when an audit is waiting. */
export type AuditEngine = Pick<
  typeof AuditEngineModule,
  'evaluateAudit' | 'answerValues' | 'otherTextValues'
>

/**
 * An outbox item as a dashboard entry, scored here with the same engine the server uses (the
 * server's scores replace these once it arrives). Until the engine has loaded it has no scores.
 */
export function waitingAudit(item: OutboxItem, engine: AuditEngine | null): WaitingAudit {
  // The dashboard asks the outbox for its 'audits' items only (usePendingOutboxItems).
  const payload = item.payload as AuditInput
  const evaluation = engine?.evaluateAudit(
    engine.answerValues(payload.answers),
    engine.otherTextValues(payload.otherTexts),
  )
  return {
    id: item.id,
    flow: payload.flow === 'free' ? 'free' : 'member',
    email: typeof payload.email === 'string' ? payload.email : '',
    queuedAt: item.createdAt,
    failed: item.status === 'failed',
    scores: evaluation?.scores ?? null,
    recommendations: evaluation?.recommendations ?? null,
    answers: evaluation?.answers ?? null,
    payload: { id: item.id, ...payload },
  }
}

export { AUDIT_NAME, flowNotes }

/**
 * Server audits and waiting ones, newest first, each numbered by its position oldest-first.
 * A waiting audit the server already has is shown once, as saved.
 */
export function mergeAudits(server: AuditRecord[], waiting: WaitingAudit[]): DashboardAudit[] {
  const saved = new Set(server.map((a) => a.id))
  const merged: Omit<DashboardAudit, 'ref'>[] = [
    ...server.map((a) => ({
      id: a.id,
      flow: a.flow,
      email: a.email,
      createdAt: new Date(parsePbTime(a.created)).toISOString(),
      delivery: 'saved' as const,
      scores: a.scores ?? null,
      recommendations: a.recommendations ?? null,
      answers: a.answers ?? null,
      raw: a,
    })),
    ...waiting
      .filter((w) => !saved.has(w.id))
      .map((w) => ({
        id: w.id,
        flow: w.flow,
        email: w.email,
        createdAt: new Date(w.queuedAt).toISOString(),
        delivery: w.failed ? ('failed' as const) : ('waiting' as const),
        scores: w.scores,
        recommendations: w.recommendations,
        answers: w.answers,
        raw: w.payload,
      })),
  ]
  const oldestFirst = [...merged].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id),
  )
  return oldestFirst.map((a, index) => ({ ...a, ref: index + 1 })).reverse()
}

export function formatRef(ref: number): string {
  return `Ref #${String(ref).padStart(4, '0')}`
}

/** Every section's score in questionnaire order (the order the server stored). */
export function sectionScoreList(scores: AuditScores | null): [string, number][] {
  return Object.entries(scores?.sectionScores ?? {})
}

export function formatAuditTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}

export function formatAuditDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  })
}

/** How one score moved from an earlier audit to the latest. */
export interface ScoreChange {
  name: string
  before: number
  after: number
  /** after - before, in percentage points. */
  change: number
}

export interface AuditComparison {
  latest: DashboardAudit
  /** The audit it is compared with: the one before it, or the first. */
  previous: DashboardAudit
  /** `previous` is the first scored audit: the hours won back belong with this comparison. */
  sinceFirst: boolean
  overall: ScoreChange
  /** The sections both audits scored, in the latest's (questionnaire) order. */
  sections: ScoreChange[]
}

/** The latest against `earlier`, overall and per section both scored. */
function compare(
  latest: DashboardAudit,
  earlier: DashboardAudit,
  sinceFirst: boolean,
): AuditComparison {
  const now = latest.scores!
  const before = earlier.scores!
  const change = (name: string, from: number, to: number): ScoreChange => ({
    name,
    before: from,
    after: to,
    change: to - from,
  })
  return {
    latest,
    previous: earlier,
    sinceFirst,
    overall: change('Overall', before.overallScore, now.overallScore),
    sections: Object.entries(now.sectionScores)
      .filter(([name]) => typeof before.sectionScores[name] === 'number')
      .map(([name, score]) => change(name, before.sectionScores[name], score)),
  }
}

/** The latest scored audit against the one before it; null with fewer than two scored ones. */
export function compareLatest(list: readonly DashboardAudit[]): AuditComparison | null {
  const scored = list.filter((a) => a.scores)
  return scored.length < 2 ? null : compare(scored[0], scored[1], scored.length === 2)
}

/**
 * The latest scored audit against the first: the progress since the start. Null until there are
 * three scored audits (with two, the first is the one before, which compareLatest shows).
 */
export function compareWithFirst(list: readonly DashboardAudit[]): AuditComparison | null {
  const scored = list.filter((a) => a.scores)
  return scored.length < 3 ? null : compare(scored[0], scored[scored.length - 1], true)
}

/** "up 7 points", "down 1 point", "no change". */
export function describeChange(change: number): string {
  if (change === 0) return 'no change'
  const points = Math.abs(change) === 1 ? 'point' : 'points'
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)} ${points}`
}

/** "Dana" from "Dana Whitcomb"; '' without a name. */
export function firstName(fullName: string | null | undefined): string {
  return (fullName ?? '').trim().split(/\s+/)[0] ?? ''
}
