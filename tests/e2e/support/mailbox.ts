// The e2e server's mail, as the real SMTP receiver of global-setup.ts got it (one JSON file per
// message in E2E_MAIL_DIR): wait for a message to an address, take a link out of it, and run
// the mail queue's sender now instead of waiting for its minute.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import { baseURL, decideSignUps, superuser } from './helpers'

export interface ReceivedMail {
  envelope: { from: string; to: string[] }
  /** Header names in lower case. */
  headers: Record<string, string>
  subject: string
  from: string
  text: string
  html: string
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through `npm run test:e2e`')
  return dir
}

/** Every message received so far for `address`, oldest first. */
export function mailsTo(address: string): ReceivedMail[] {
  const dir = mailDir()
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.envelope.to.includes(address.toLowerCase()))
}

/**
 * The newest message to `address` whose subject matches, once there is one more of them than
 * `after` (the count before the action that sends it). PocketBase hands account mails to the
 * hooks after it has answered the request, so on a busy machine one may reach the queue many
 * seconds after the page said it was sent.
 */
export async function waitForMail(
  address: string,
  subject: RegExp,
  { after = 0, timeout = 40_000 } = {},
): Promise<ReceivedMail> {
  const matching = () => mailsTo(address).filter((mail) => subject.test(mail.subject))
  // Every mail goes through the server's queue: run its sender instead of waiting for the cron.
  await expect
    .poll(
      async () => {
        await flushMailQueue()
        return matching().length
      },
      {
        message: `a mail to ${address} with a subject like ${subject}`,
        timeout,
      },
    )
    .toBeGreaterThan(after)
  const all = matching()
  return all[all.length - 1]
}

/** How many messages to `address` with a matching subject have arrived so far. */
export function countMails(address: string, subject: RegExp): number {
  return mailsTo(address).filter((mail) => subject.test(mail.subject)).length
}

/** The one link to the site's `page` (e.g. /verify-email) in the mail, as a full URL. */
export function linkTo(mail: ReceivedMail, page: string): string {
  const prefix = `${baseURL()}${page}/`
  const links = new Set(
    [...mail.html.matchAll(/href="([^"]+)"/g)]
      .map((match) => match[1].replace(/&amp;/g, '&'))
      .filter((href) => href.startsWith(prefix)),
  )
  expect([...links], `links to ${page} in "${mail.subject}"`).toHaveLength(1)
  return [...links][0]
}

/** POST /api/mail/flush as superuser: the queue's sender runs now. */
export async function flushMailQueue(): Promise<void> {
  // Newsletter sign-ups waiting for their decision first: their confirmations are queued then.
  await decideSignUps()
  const su = await superuser()
  const res = await fetch(`${baseURL()}/api/mail/flush`, {
    method: 'POST',
    headers: { authorization: su.authStore.token },
  })
  expect(res.status).toBe(200)
}
