// The newsletter's confirmation mail as the server queued it. The browser-test server runs with
// no SMTP, so the mail stays in mail_outbox; the sender still renders it (POST /api/mail/flush),
// and its text is the exact body a subscriber would get. Links are made from the server's
// public URL: the tests follow their path on the test server.
import { expect } from '@playwright/test'
import { baseURL, superuser } from './helpers'

export interface ConfirmationMail {
  text: string
  /** Paths on this site: /newsletter/confirm/<token> and /newsletter/unsubscribe/<token>. */
  confirmPath: string
  unsubscribePath: string
  headers: Record<string, string>
}

export async function confirmationMailTo(email: string): Promise<ConfirmationMail> {
  const su = await superuser()
  const filter = su.filter('kind = "newsletter_confirm" && to = {:email}', { email })
  let row: { text: string; headers: Record<string, string> } | undefined
  await expect
    .poll(
      async () => {
        await fetch(`${baseURL()}/api/mail/flush`, {
          method: 'POST',
          headers: { authorization: su.authStore.token },
        })
        const rows = await su.collection('mail_outbox').getFullList({ filter })
        row = rows.find((r) => r.text) as typeof row
        return Boolean(row)
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  const text = row!.text
  const path = (pattern: RegExp) => {
    const match = pattern.exec(text)
    if (!match) throw new Error(`no link ${pattern} in the mail:\n${text}`)
    return match[1]
  }
  return {
    text,
    confirmPath: path(/https?:\/\/[^/\s]+(\/newsletter\/confirm\/\S+)/),
    unsubscribePath: path(/Unsubscribe: https?:\/\/[^/\s]+(\/newsletter\/unsubscribe\/\S+)/),
    headers: row!.headers,
  }
}

export async function subscriptionStatus(email: string): Promise<string | undefined> {
  const su = await superuser()
  const rows = await su
    .collection('newsletter_subscriptions')
    .getFullList({ filter: su.filter('email = {:email}', { email }) })
  return rows[0]?.status as string | undefined
}
