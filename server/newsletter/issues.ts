// Newsletter issues: what every part of them shares. Owns newsletter_issues.status:
//   draft      being written (autosaved edits apply, ./issue-drafts)
//   scheduled  starts by itself at scheduledAt (edits still apply until then)
//   sending    the recipients are fixed: one delivery per active subscription was queued in one
//              statement, with a unique key per issue and subscription; nothing changes the text
//   sent       every delivery is finished (sent, failed or skipped)
// A send renders the body once (./issue-render) into pageHtml, mailHtml and mailText; each copy
// is then put together at delivery time with the reader's own links, and skipped if the address
// is no longer active. The queue sends the copies in its bulk class, at NEWSLETTER_RATE_PER_MINUTE
// (./issue-send).
import type { App } from '../platform/events'
import { bulkRatePerMinute } from '../queue/index'
import { envText } from '../platform/env'
import { badRequest } from '../platform/errors'
import { isRecordId } from '../platform/ids'
import { countRows } from '../platform/sql'
import { mailContact } from '../mail/index'

export const ISSUES = 'newsletter_issues'
export const KIND = 'newsletter_issue'
export const TEST_KIND = 'newsletter_issue_test'

/**
 * The business's postal address every newsletter shows: MAIL_POSTAL_ADDRESS when set (with `\n`
 * written in the env file as a line break; installs from before the site's content set it there),
 * else the site's live content; '' when neither has one.
 */
export function postalAddress(app: App): string {
  const fromEnv = envText('MAIL_POSTAL_ADDRESS').replace(/\\n/g, '\n').trim()
  return fromEnv || mailContact(app).postalAddress.join('\n').trim()
}

/** The consultant's time zone (SITE_TIME_ZONE, else the site's): the mail area's one rule. */
export { siteTimeZone } from '../mail/index'

/** Copies per minute the queue's bulk class sends (0: no throttle), as the queue reads it. */
export function ratePerMinute(): number {
  return bulkRatePerMinute()
}

/** A 400 naming `field`, with PocketBase's shape (code default validation_invalid_value). */
export function fieldError(
  field: string,
  message: string,
  code = 'validation_invalid_value',
): BadRequestError {
  return badRequest(message, { [field]: [code, message] })
}

/** A 409 with a message for the console. */
export function conflict(message: string): ApiError {
  return new ApiError(409, message, {})
}

export function findIssue(app: App, id: string): core.Record {
  if (!isRecordId(id)) throw new NotFoundError('No such issue.')
  try {
    return app.findRecordById(ISSUES, id)
  } catch {
    throw new NotFoundError('No such issue.')
  }
}

/** How many subscriptions are active now. */
export function activeSubscribers(app: App): number {
  return countRows(
    app,
    "SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE status = 'active'",
    {},
  )
}

/**
 * Why this issue cannot be sent now ('' when it can): the postal address the law requires, a
 * subject and a body.
 */
export function whyNotSendable(app: App, issue: core.Record): string {
  if (!postalAddress(app)) {
    return "Set the business postal address every newsletter must show first (MAIL_POSTAL_ADDRESS on the server, or the postal address in the site's content)."
  }
  if (!issue.getString('subject').trim()) return 'Write a subject first.'
  if (!issue.getString('body').trim()) return 'Write the newsletter first: the body is empty.'
  return ''
}
