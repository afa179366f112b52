// Sign-ups answered at once, decided later (no subscription oracle): a public sign-up is checked
// like a create, queued in newsletter_signups with ONE insert that is the same for every address,
// and answered with the id the client sent (or a new one), never a stored row's. A job of the
// queue decides the queued ones within seconds, outside any request: a new row, a confirmation
// mail or nothing.
import type { App } from '../platform/events'
import { isRecordId, newRecordId } from '../platform/ids'
import { countRows, selectRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import { defineJob, enqueueJob } from '../queue/index'
import { COLLECTION } from './links'
import { markPending, queueConfirmation, signUpAgain, subscriptionByEmail } from './subscriptions'

const DECISIONS_PER_RUN = 500
/** The queue's job that decides the waiting sign-ups (newsletter/index.ts registers it). */
export const DECIDE_SIGNUPS_JOB = defineJob('newsletter.decide-signups')

/** A sign-up waiting for its decision (a row of newsletter_signups). */
export interface SignUpRequest {
  /** The id the client sent, or '' for a new one. */
  id: string
  email: string
  source: string
  userAgent: string
  clientIp: string
}

/**
 * The answer to a public sign-up, as a create would give it: the record with `id` (a new one
 * when empty), fresh times, after the same field checks a create gets (format and length of the
 * address, the source...; uniqueness is the database's, at insert time, and is not checked:
 * app.validate does not look at it). Throws PocketBase's 400 naming the field. Nothing is saved.
 */
export function signUpReply(app: App, record: core.Record, id: string): core.Record {
  if (id && !isRecordId(id)) {
    throw new BadRequestError('Failed to create record.', {
      id: new ValidationError('validation_invalid_format', 'Must be 15 characters of a-z and 0-9.'),
    })
  }
  const reply = record.clone()
  // Validated under a throwaway id: a taken id must answer like a free one.
  reply.id = newRecordId()
  try {
    app.validate(reply)
  } catch (err) {
    // PocketBase's validation error carries its field errors in `value`.
    throw new BadRequestError('Failed to create record.', (err as { value?: unknown }).value)
  }
  reply.id = id || newRecordId()
  const now = new DateTime()
  reply.setRaw('created', now)
  reply.setRaw('updated', now)
  return reply
}

/**
 * Queues a sign-up for its decision (decidePendingSignUps): one INSERT and the job that decides
 * it within seconds, the same for every address. A request id already queued (an outbox sending
 * again) adds nothing.
 */
export function requestSignUp(app: App, signUp: SignUpRequest): void {
  const id = signUp.id || newRecordId()
  app
    .db()
    .newQuery(
      'INSERT OR IGNORE INTO newsletter_signups (id, email, source, userAgent, clientIp, created) ' +
        'VALUES ({:id}, {:email}, {:source}, {:userAgent}, {:clientIp}, {:created})',
    )
    .bind({
      id,
      email: String(signUp.email || '')
        .trim()
        .toLowerCase()
        .slice(0, 254),
      source: String(signUp.source || '').slice(0, 64),
      userAgent: String(signUp.userAgent || '').slice(0, 512),
      clientIp: String(signUp.clientIp || '').slice(0, 100),
      created: toPbTime(Date.now()),
    })
    .execute()
  enqueueJob(app, DECIDE_SIGNUPS_JOB, { key: id })
}

/** True when a sign-up request with `id` waits for its decision, or made the row with that id. */
export function signUpKnown(app: App, id: string): boolean {
  return (
    countRows(
      app,
      'SELECT (SELECT COUNT(*) FROM newsletter_signups WHERE id = {:id}) + ' +
        `(SELECT COUNT(*) FROM ${COLLECTION} WHERE id = {:id}) AS n`,
      { id },
    ) > 0
  )
}

/**
 * Decides the queued sign-ups, oldest first, each in its own transaction: a free address gets a
 * pending row (with the request's id when that id is free) and its confirmation mail; an address
 * with a row is signed up again (signUpAgain). Returns how many were decided.
 */
export function decidePendingSignUps(app: App): number {
  const waiting = selectRows(
    app,
    'SELECT id, email, source, userAgent, clientIp FROM newsletter_signups ORDER BY created, id LIMIT {:limit}',
    { limit: DECISIONS_PER_RUN },
    { id: '', email: '', source: '', userAgent: '', clientIp: '' },
  )
  let decided = 0
  for (const row of waiting) {
    const signUp: SignUpRequest = {
      id: String(row.id),
      email: String(row.email),
      source: String(row.source),
      userAgent: String(row.userAgent),
      clientIp: String(row.clientIp),
    }
    try {
      app.runInTransaction((txApp) => {
        decideSignUp(txApp, signUp)
        forget(txApp, signUp.id)
      })
      decided++
    } catch (err) {
      // Left queued for the next run; a request that can never be decided is dropped.
      app.logger().error('newsletter: could not decide a sign-up', 'error', String(err))
      if (!/database is locked|disk|busy/i.test(String(err))) forget(app, signUp.id)
    }
  }
  return decided
}

/** Removes a decided (or undecidable) sign-up from the queue. */
function forget(app: App, id: string): void {
  app.db().newQuery('DELETE FROM newsletter_signups WHERE id = {:id}').bind({ id }).execute()
}

function decideSignUp(app: App, signUp: SignUpRequest): void {
  const existing = subscriptionByEmail(app, signUp.email)
  if (existing) {
    signUpAgain(app, existing, signUp.clientIp, signUp)
    return
  }
  const record = new Record(app.findCollectionByNameOrId(COLLECTION))
  let idFree = isRecordId(signUp.id)
  if (idFree) {
    try {
      app.findRecordById(COLLECTION, signUp.id)
      idFree = false
    } catch {
      idFree = true
    }
  }
  record.id = idFree ? signUp.id : newRecordId()
  record.set('email', signUp.email)
  record.set('source', signUp.source)
  record.set('userAgent', signUp.userAgent)
  markPending(record)
  app.save(record)
  queueConfirmation(app, record, signUp.clientIp)
}
