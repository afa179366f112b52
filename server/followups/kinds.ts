// The follow-up's kinds of the delivery queue, each rendered when it is sent:
//   followup       one mail of a person's sequence (source: followup_sends). Cancelled instead
//                  of sent when the sequence stopped, a newer audit restarted it, the person's
//                  status is no longer New, the address unsubscribed, follow-ups were turned
//                  off or the step no longer exists.
//   followup_test  the console's "Send me a test": the consultant's draft for a real person,
//                  to the consultant (source: the person; the draft in the payload).
//   owner_booking  the consultant's notice that a person booked a call (source: the site's
//                  person_updates row of the booking).
import type { App } from '../platform/events'
import { objectOf } from '../platform/json'
import { findOrNull } from '../platform/sql'
import type { DeliveryKind, DeliveryRow, Rendered } from '../queue/index'
import { mailConfig, mailContact, ownerEmail } from '../mail/index'
import { paths } from '../../src/config/paths'
import type { RenderedMail } from './api'
import { ownerBookingMail } from './booking-mail'
import { followupLinks, stopHeaders } from './links'
import { followupMail } from './mail'
import { readSettings } from './settings'
import { mailValues } from './values'

/** The mail of one step of a sequence, or why it must not go. */
function renderFollowup(app: App, row: DeliveryRow): Rendered {
  const send = findOrNull(app, 'followup_sends', row.sourceId)
  if (!send) return { cancel: 'The person and their data were deleted.' }
  const sequence = findOrNull(app, 'followups', send.getString('followup'))
  if (!sequence) return { cancel: 'The person and their data were deleted.' }
  if (sequence.getString('stoppedAt'))
    return { cancel: `The follow-ups stopped: ${sequence.getString('stopReason')}.` }
  if (sequence.getString('audit') !== send.getString('audit'))
    return { cancel: 'A newer audit restarted the follow-ups.' }
  const settings = readSettings(app)
  if (!settings.enabled) return { cancel: 'Follow-ups are turned off.' }
  const step = settings.steps[send.getInt('step') - 1]
  if (!step) return { cancel: 'This follow-up no longer exists in the settings.' }
  const person = findOrNull(app, 'people', sequence.getString('person'))
  if (!person) return { cancel: 'The person and their data were deleted.' }
  if (person.getString('status') !== 'new')
    return { cancel: `The person's status is ${person.getString('status')}.` }
  if (person.getString('newsletter') === 'unsubscribed')
    return { cancel: 'The address unsubscribed.' }
  const audit = findOrNull(app, 'audits', send.getString('audit'))
  if (!audit) return { cancel: 'The audit was deleted.' }

  const config = mailConfig(app)
  const links = followupLinks(app, {
    sendId: send.id,
    followupId: sequence.id,
    step: send.getInt('step'),
    appUrl: config.links.appUrl,
  })
  const mail = followupMail({
    subject: step.subject,
    text: step.text,
    values: mailValues(app, person, audit),
    links: { bookingUrl: links.bookingUrl, stopUrl: links.stopUrl, appUrl: config.links.appUrl },
    businessName: config.businessName,
  })
  return Object.assign(
    { headers: stopHeaders(links), replyTo: ownerEmail(), fromName: config.contact.ownerName },
    mail,
  )
}

/**
 * The consultant's draft for a real person (or made-up values without one), marked as a test:
 * its links book without naming anyone and stop nothing.
 */
export function previewMail(
  app: App,
  personId: string,
  draft: { subject: string; text: string },
  test: boolean,
): RenderedMail {
  const config = mailConfig(app)
  const appUrl = config.links.appUrl
  const person = personId ? findOrNull(app, 'people', personId) : null
  let audit: core.Record | null = null
  if (person) {
    const audits = app.findRecordsByFilter('audits', 'email = {:email}', '-created', 1, 0, {
      email: person.getString('email'),
    })
    audit = audits.length ? (audits[0] ?? null) : null
  }
  return followupMail({
    subject: draft.subject,
    text: draft.text,
    values: mailValues(app, person, audit),
    links: {
      bookingUrl: `${appUrl}${paths.book}?utm_source=followup&utm_medium=email&utm_campaign=test`,
      stopUrl: `${appUrl}${paths.followupStop}/test`,
      appUrl,
    },
    businessName: config.businessName,
    test,
  })
}

export const kinds: Record<string, DeliveryKind> = {
  followup: {
    channel: 'mail',
    class: 'followup',
    // One a day per address is the scheduler's rule (server/followups/scheduler.ts), on the
    // sequence's clock. A follow-up is about this week: one that cannot go out within two days
    // is not worth it.
    lifetimeHours: 48,
    // The mail carries live links (booking as this person, stop): not kept on the row.
    keepBody: false,
    render(app, row) {
      return renderFollowup(app, row)
    },
  },
  followup_test: {
    channel: 'mail',
    class: 'owner',
    // The admin's own tests: enough for an afternoon of editing, not a way to flood an inbox.
    perRecipientPerDay: 50,
    lifetimeHours: 24,
    // Rendered at each attempt, so it is sent exactly as a follow-up would be (from the
    // consultant's name).
    keepBody: false,
    render(app, row) {
      const payload = objectOf(row.payload)
      const draft = {
        subject: String(payload.subject || ''),
        text: String(payload.text || ''),
      }
      const mail = previewMail(app, String(payload.person || ''), draft, true)
      return Object.assign({ replyTo: ownerEmail(), fromName: mailContact(app).ownerName }, mail)
    },
  },
  owner_booking: {
    channel: 'mail',
    class: 'owner',
    render(app, row) {
      const update = findOrNull(app, 'person_updates', row.sourceId)
      const person = update ? findOrNull(app, 'people', update.getString('person')) : null
      if (!person) return { cancel: 'The person and their data were deleted.' }
      const config = mailConfig(app)
      const mail = ownerBookingMail({
        person: { name: person.getString('name'), email: person.getString('email') },
        via: String(objectOf(row.payload).via || 'the site'),
        adminUrl: `${config.links.adminUrl}?person=${person.id}`,
        appUrl: config.links.appUrl,
        businessName: config.businessName,
      })
      return Object.assign({ replyTo: person.getString('email') }, mail)
    },
  },
}
