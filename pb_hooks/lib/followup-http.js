/// <reference path="../../.pb-types/types.d.ts" />
// The request side of the follow-up routes (pb_hooks/followups.pb.js): reading tokens, times and
// drafts from requests, the answers for bad ones, who may use the console's routes, and the
// actions of the stop link and the test mail.

const { FOLLOWUP_LIMITS } = require('./shared.cjs')
const followups = require('./followups.js')
const deliveries = require('./deliveries.js')

/**
 * `now` of a run: the body's ISO time (`{"now": "..."}`) for tests and operators, else the clock.
 * @param {core.RequestEvent} e
 */
function nowOfRequest(e) {
  const body = e.requestInfo().body || {}
  if (body.now === undefined || body.now === null || body.now === '') return Date.now()
  const at = typeof body.now === 'string' ? Date.parse(body.now) : NaN
  if (!isFinite(at)) {
    throw new BadRequestError('`now` must be an ISO time.', {
      now: new ValidationError('validation_invalid_value', 'Must be an ISO time.'),
    })
  }
  return at
}

/**
 * The token from the body (`token`) or the query string.
 * @param {core.RequestEvent} e
 */
function tokenOfRequest(e) {
  const body = e.requestInfo().body || {}
  const fromBody = typeof body.token === 'string' ? body.token : ''
  const fromQuery = String(e.request.url.query().get('token') || '')
  return (fromBody || fromQuery).slice(0, 200)
}

/**
 * 400 naming `field`: the same answer for every kind of bad link.
 * @param {string} field
 */
function invalidLink(field) {
  /** @type {Record<string, ValidationError>} */
  const data = {}
  data[field] = new ValidationError('validation_invalid_token', 'This link is not valid.')
  return new BadRequestError('This link is not valid.', data)
}

/**
 * Only the site's admin (or a superuser) uses the console's routes.
 * @param {core.RequestEvent} e
 */
function requireAdmin(e) {
  if (e.hasSuperuserAuth()) return
  if (e.auth && e.auth.collection().name === 'users' && e.auth.get('isAdmin') === true) return
  throw new ForbiddenError('Only the site admin can manage follow-ups.')
}

/**
 * A draft mail from the console: `{ person, subject, text }`, checked like saved settings.
 * @param {core.RequestEvent} e
 */
function draftOfRequest(e) {
  const body = e.requestInfo().body || {}
  /** @type {Record<string, ValidationError>} */
  const problems = {}
  const person = body.person === undefined || body.person === null ? '' : body.person
  if (typeof person !== 'string' || (person && !/^[a-z0-9]{15}$/.test(person)))
    problems.person = new ValidationError('validation_invalid_value', 'Choose a person.')
  const subject = typeof body.subject === 'string' ? body.subject : null
  if (subject === null || subject.length > FOLLOWUP_LIMITS.subjectMax)
    problems.subject = new ValidationError(
      'validation_invalid_value',
      `A subject of at most ${FOLLOWUP_LIMITS.subjectMax} characters.`,
    )
  const text = typeof body.text === 'string' ? body.text : null
  if (text === null || text.length > FOLLOWUP_LIMITS.textMax)
    problems.text = new ValidationError(
      'validation_invalid_value',
      `A text of at most ${FOLLOWUP_LIMITS.textMax} characters.`,
    )
  if (Object.keys(problems).length) throw new BadRequestError('Please check the draft.', problems)
  if (person && !followups.findOrNull(e.app, 'people', person)) {
    throw new BadRequestError('Please check the draft.', {
      person: new ValidationError('validation_invalid_value', 'This person no longer exists.'),
    })
  }
  return { person, subject: String(subject), text: String(text) }
}

/**
 * The stop link: the person's follow-ups stop for good; with `everything`, their newsletter
 * subscription ends too. Answers the same for a sequence stopped before.
 * @param {core.App} app
 * @param {string} followupId
 * @param {boolean} everything
 */
function stopByLink(app, followupId, everything) {
  const sequence = followups.findOrNull(app, 'followups', followupId)
  if (!sequence) throw invalidLink('token')
  const person = followups.findOrNull(app, 'people', sequence.getString('person'))
  let newsletter = 'unchanged'
  if (everything && person) {
    const newsletterLib = require('./newsletter.js')
    const rows = app.findRecordsByFilter(newsletterLib.COLLECTION, 'email = {:email}', '', 1, 0, {
      email: person.getString('email'),
    })
    if (rows.length && rows[0].getString('status') !== 'unsubscribed') {
      // Stops the sequence first, so the reason recorded is the visitor's whole opt-out.
      followups.stopSequence(app, sequence.getString('person'), 'unsubscribed')
      newsletterLib.unsubscribe(app, rows[0])
      newsletter = 'unsubscribed'
    }
  }
  followups.stopSequence(
    app,
    sequence.getString('person'),
    everything ? 'unsubscribed' : 'stop_link',
  )
  return { stopped: true, newsletter }
}

/**
 * "Send me a test": the draft, rendered for the chosen person when it is sent, to the admin.
 * @param {core.App} app
 * @param {string} to
 * @param {{ person: string, subject: string, text: string }} draft
 */
function queueTest(app, to, draft) {
  let result = null
  app.runInTransaction((txApp) => {
    result = deliveries.enqueue(txApp, {
      kind: 'followup_test',
      recipient: to,
      sourceId: draft.person,
      payload: { person: draft.person, subject: draft.subject, text: draft.text },
    })
  })
  const outcome = /** @type {any} */ (result)
  if (!outcome || !outcome.queued) {
    throw new BadRequestError('The test mail could not be queued.', {
      to: new ValidationError(
        'validation_invalid_value',
        outcome && outcome.reason === 'recipient cap'
          ? 'Enough test mails for today.'
          : 'Your address cannot get mail.',
      ),
    })
  }
  return { queued: true, to }
}

module.exports = {
  nowOfRequest,
  tokenOfRequest,
  invalidLink,
  requireAdmin,
  draftOfRequest,
  stopByLink,
  queueTest,
}
