// The four mailer hooks of the users collection (pb_hooks/account-mail.pb.js): each takes the
// account mail PocketBase built into the delivery queue instead of sending it (./mail-kinds
// renders it again, with a fresh token, when it is sent), and does NOT call e.next(), so
// PocketBase sends nothing itself. A request-* endpoint therefore answers the same 204 whether
// the address exists, whether SMTP is configured and whether it answers. Per-recipient caps are
// the queue's: a refused job is logged, never reported.
import type { MailerRecordEvent } from '../platform/events'
import { enqueue } from '../queue/index'

/**
 * Queues the message PocketBase built, instead of sending it. Never throws: an error here would
 * answer 400 on request-email-change (and so tell a free address from a taken one).
 */
function queueAccountMail(
  e: MailerRecordEvent,
  kind: string,
  payload?: Record<string, unknown>,
): boolean {
  try {
    const to = e.message.to && e.message.to.length > 0 ? e.message.to[0].address : ''
    const result = enqueue(e.app, { kind, recipient: to, sourceId: e.record.id, payload })
    return result.queued
  } catch (err) {
    e.app
      .logger()
      .error('mail: could not queue an account mail', 'kind', kind, 'error', String(err))
    return false
  }
}

/** onMailerRecordVerificationSend. */
export function queueVerificationMail(e: MailerRecordEvent): void {
  queueAccountMail(e, 'account_verification')
}

/** onMailerRecordPasswordResetSend. */
export function queuePasswordResetMail(e: MailerRecordEvent): void {
  queueAccountMail(e, 'account_password_reset')
}

/** onMailerRecordEmailChangeSend: the new address travels in the payload. */
export function queueEmailChangeMail(e: MailerRecordEvent): void {
  queueAccountMail(e, 'account_email_change', { newEmail: String(e.meta.newEmail || '') })
}

/** onMailerRecordAuthAlertSend: PocketBase's description of the device, at most 500 characters. */
export function queueAuthAlertMail(e: MailerRecordEvent): void {
  queueAccountMail(e, 'account_auth_alert', { info: String(e.meta.info || '').slice(0, 500) })
}
