// Hands a finished audit to the outbox (src/offline/app-outbox.ts) as the audits record the server
// expects (src/backend/types.ts AuditInput). The server re-scores it from the answers with the
// same engine, so what the report shows is what it stores.
import { validateSubmission, type AuditScoring } from '../../audit/questionnaire'
import type { DescribedError } from '../../backend/errors'
import type { AuditFlow, AuditInput } from '../../backend/types'
import type { AuditDelivery } from './audit-flow-state'

export type SubmitOutcome =
  | { ok: true; auditId: string; delivery: AuditDelivery }
  /** 'invalid-email': the e-mail was refused (by the browser's check or the server). */
  | { ok: false; reason: 'invalid-email' | 'failed' }

export interface AuditSubmission {
  flow: AuditFlow
  email: string
  /** The signed-in user (member flow only). */
  userId?: string
  evaluation: AuditScoring
}

export function auditPayload(
  { flow, email, userId, evaluation }: AuditSubmission,
  now: Date = new Date(),
): AuditInput {
  return {
    flow,
    email: email.trim(),
    ...(userId ? { user: userId } : {}),
    // Every question, skipped ones as 'Did not answer' / 0.
    answers: evaluation.answers,
    otherTexts: evaluation.otherTexts,
    newsletterSubscription: false,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 512),
    completedAt: now.toISOString(),
  }
}

/** This visit's landing source (never anything about the visitor), when one is known. */
async function withFirstTouch(payload: AuditInput): Promise<AuditInput> {
  if (typeof window === 'undefined') return payload
  const touch = await import('../../offline/visit-source').then(
    (m) => m.firstTouch(),
    () => undefined,
  )
  return touch ? { ...payload, firstTouch: touch } : payload
}

function refusesEmail(error: DescribedError | undefined): boolean {
  return Boolean(error && error.kind === 'validation' && error.fieldErrors.email)
}

/**
 * Validates, then queues the audit (member audits wait for their owner to be signed in). An
 * audit the server refused is taken back out of the outbox: the visitor still has every answer
 * in the draft and is asked to try again, so nothing is left half-sent.
 */
export async function submitAudit(submission: AuditSubmission): Promise<SubmitOutcome> {
  const payload = auditPayload(submission)
  const check = validateSubmission(payload)
  if (!check.ok) return { ok: false, reason: check.fieldErrors.email ? 'invalid-email' : 'failed' }
  try {
    // Loaded at submit: the question screens need only the draft store.
    const { discardOutboxItem, enqueue } = await import('../../offline/app-outbox')
    const result = await enqueue(
      'audits',
      await withFirstTouch(payload),
      submission.userId ? { ownerId: submission.userId } : undefined,
    )
    if (result.status !== 'failed') return { ok: true, auditId: result.id, delivery: result.status }
    console.error('The server refused the audit', result.error)
    await discardOutboxItem(result.id).catch(() => undefined)
    return { ok: false, reason: refusesEmail(result.error) ? 'invalid-email' : 'failed' }
  } catch (err) {
    console.error('The audit could not be queued', err)
    return { ok: false, reason: 'failed' }
  }
}
