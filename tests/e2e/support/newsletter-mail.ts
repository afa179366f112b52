// The newsletter's confirmation mail as a subscriber gets it: the real message the e2e server's
// SMTP receiver got (support/mailbox.ts). Links are made from the server's public URL; the tests
// follow their path on the test server.
import { decideSignUps, superuser } from './helpers'
import { flushMailQueue, waitForMail } from './mailbox'

export interface ConfirmationMail {
  text: string
  /** Paths on this site: /newsletter/confirm/<token> and /newsletter/unsubscribe/<token>. */
  confirmPath: string
  unsubscribePath: string
  /** Header names in lower case. */
  headers: Record<string, string>
}

export async function confirmationMailTo(email: string): Promise<ConfirmationMail> {
  await flushMailQueue()
  const mail = await waitForMail(email, /confirm your subscription/i)
  const path = (pattern: RegExp) => {
    const match = pattern.exec(mail.text)
    if (!match) throw new Error(`no link ${pattern} in the mail:\n${mail.text}`)
    return match[1]
  }
  return {
    text: mail.text,
    confirmPath: path(/https?:\/\/[^/\s]+(\/newsletter\/confirm\/\S+)/),
    unsubscribePath: path(/Unsubscribe: https?:\/\/[^/\s]+(\/newsletter\/unsubscribe\/\S+)/),
    headers: mail.headers,
  }
}

export async function subscriptionStatus(email: string): Promise<string | undefined> {
  await decideSignUps()
  const su = await superuser()
  const rows = await su
    .collection('newsletter_subscriptions')
    .getFullList({ filter: su.filter('email = {:email}', { email }) })
  return rows[0]?.status as string | undefined
}
