// The request side of the follow-up routes (routes.ts): reading tokens and drafts from requests,
// the answer for a bad link, and the actions of the stop link and the test mail.
import { badRequest, hasProblems } from '../platform/errors'
import type { FieldProblems } from '../platform/errors'
import type { App, RequestEvent } from '../platform/events'
import { isRecordId } from '../platform/ids'
import { jsonBody } from '../platform/request'
import { findOrNull } from '../platform/sql'
import { enqueue } from '../queue/index'
import type { EnqueueResult } from '../queue/index'
import { COLLECTION as NEWSLETTER, unsubscribe } from '../newsletter/index'
import { FOLLOWUP_LIMITS } from '../../src/config/followup'
import type { FollowupDraft, StopAnswer, TestMailAnswer } from './api'
import { stopSequence } from './sequences'

/** The token from the body (`token`) or the query string. */
export function tokenOfRequest(e: RequestEvent): string {
  const body = jsonBody(e)
  const fromBody = typeof body.token === 'string' ? body.token : ''
  const fromQuery = String(e.request.url?.query().get('token') || '')
  return (fromBody || fromQuery).slice(0, 200)
}

/** 400 naming `field`: the same answer for every kind of bad link. */
export function invalidLink(field: string): BadRequestError {
  return badRequest('This link is not valid.', {
    [field]: ['validation_invalid_token', 'This link is not valid.'],
  })
}

/** A draft mail from the console: `{ person, subject, text }`, checked like saved settings. */
export function draftOfRequest(e: RequestEvent): FollowupDraft {
  const body = jsonBody(e)
  const problems: FieldProblems = {}
  const person = body.person === undefined || body.person === null ? '' : body.person
  if (typeof person !== 'string' || (person && !isRecordId(person)))
    problems.person = ['validation_invalid_value', 'Choose a person.']
  const subject = typeof body.subject === 'string' ? body.subject : null
  if (subject === null || subject.length > FOLLOWUP_LIMITS.subjectMax)
    problems.subject = [
      'validation_invalid_value',
      `A subject of at most ${FOLLOWUP_LIMITS.subjectMax} characters.`,
    ]
  const text = typeof body.text === 'string' ? body.text : null
  if (text === null || text.length > FOLLOWUP_LIMITS.textMax)
    problems.text = [
      'validation_invalid_value',
      `A text of at most ${FOLLOWUP_LIMITS.textMax} characters.`,
    ]
  if (hasProblems(problems)) throw badRequest('Please check the draft.', problems)
  if (person && !findOrNull(e.app, 'people', String(person))) {
    throw badRequest('Please check the draft.', {
      person: ['validation_invalid_value', 'This person no longer exists.'],
    })
  }
  return { person: String(person), subject: String(subject), text: String(text) }
}

/**
 * The stop link: the person's follow-ups stop for good; with `everything`, their newsletter
 * subscription ends too. Answers the same for a sequence stopped before.
 */
export function stopByLink(app: App, followupId: string, everything: boolean): StopAnswer {
  const sequence = findOrNull(app, 'followups', followupId)
  if (!sequence) throw invalidLink('token')
  const person = findOrNull(app, 'people', sequence.getString('person'))
  let newsletter: StopAnswer['newsletter'] = 'unchanged'
  if (everything && person) {
    const rows = app.findRecordsByFilter(NEWSLETTER, 'email = {:email}', '', 1, 0, {
      email: person.getString('email'),
    })
    const subscription = rows.length ? rows[0] : undefined
    if (subscription && subscription.getString('status') !== 'unsubscribed') {
      // Stops the sequence first, so the reason recorded is the visitor's whole opt-out.
      stopSequence(app, sequence.getString('person'), 'unsubscribed')
      unsubscribe(app, subscription)
      newsletter = 'unsubscribed'
    }
  }
  stopSequence(app, sequence.getString('person'), everything ? 'unsubscribed' : 'stop_link')
  return { stopped: true, newsletter }
}

/** "Send me a test": the draft, rendered for the chosen person when it is sent, to the admin. */
export function queueTest(app: App, to: string, draft: FollowupDraft): TestMailAnswer {
  let outcome = null as EnqueueResult | null
  app.runInTransaction((txApp) => {
    outcome = enqueue(txApp, {
      kind: 'followup_test',
      recipient: to,
      sourceId: draft.person,
      payload: { person: draft.person, subject: draft.subject, text: draft.text },
    })
  })
  if (!outcome || !outcome.queued) {
    throw badRequest('The test mail could not be queued.', {
      to: [
        'validation_invalid_value',
        outcome && outcome.reason === 'recipient cap'
          ? 'Enough test mails for today.'
          : 'Your address cannot get mail.',
      ],
    })
  }
  return { queued: true, to }
}
