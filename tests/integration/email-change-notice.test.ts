// When an account's sign-in e-mail changes, the OLD address hears of it: a short notice, in the
// account mails' look and class, queued in the same transaction as the change and received here
// by a real SMTP receiver from a real PocketBase. It says the dashboard moved "to another
// address" and never which one (the old mailbox may be the one that was lost), and how to get
// help. Only an address the account had proven is told: an unverified one may be a stranger's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../../src/config/paths'
import { SITE_CONTENT_DEFAULTS } from '../../src/config/site-content'
import { createUser, guestClient, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { OWNER_EMAIL, newestMailTo, startMailServer } from './support/mail-harness'
import type { MailServer, OutboxRow } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { ReceivedMail, SmtpReceiver } from './support/smtp-receiver'

const APP_URL = 'https://efficiency.test'
const KIND = 'account_email_changed'
const SUBJECT = /sign-in e-mail .*was changed/i

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, { APP_URL })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

/** The newest mail to `address` with a matching subject, running the queue's sender meanwhile. */
function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  return newestMailTo(server, receiver, address, subject)
}

/** The notices queued to `address` (any status). */
async function noticesTo(address: string): Promise<OutboxRow[]> {
  return server.su.collection('deliveries').getFullList<OutboxRow>({
    filter: server.su.filter('kind = {:kind} && recipient = {:to}', { kind: KIND, to: address }),
  })
}

/** Asks for the change and confirms it through the link the new address gets, as a member does. */
async function changeEmail(user: TestUser, newEmail: string): Promise<void> {
  await user.pb.collection('users').requestEmailChange(newEmail)
  const confirm = await mailTo(newEmail, /Confirm your new e-mail/)
  const match = new RegExp(`${APP_URL}${paths.confirmEmailChange}/([\\w.-]+)`).exec(confirm.html)
  if (!match) throw new Error('no confirmation link in the mail')
  await guestClient(server.url).collection('users').confirmEmailChange(match[1], user.password)
}

describe('the notice to the old address after an e-mail change', () => {
  it('arrives at the old address after a confirmed change, saying "another address" and how to get help', async () => {
    const user = await createUser({ url: server.url, verified: true, label: 'before' })
    const newEmail = uniqueEmail('after')
    await changeEmail(user, newEmail)

    // Queued with the change itself, in the account class (the dispatcher may be sending it
    // already).
    const [row] = await noticesTo(user.email)
    expect(row).toMatchObject({ kind: KIND, class: 'account', channel: 'mail' })
    expect(['pending', 'sending', 'sent']).toContain(row.status)

    const notice = await mailTo(user.email, SUBJECT)
    expect(notice.subject).toBe(
      `Your sign-in e-mail for ${SITE_CONTENT_DEFAULTS.businessName} was changed`,
    )
    expect(notice.envelope.to).toEqual([user.email])
    // The account mails' look: the layout, the brand bar, the sender's name.
    expect(notice.html).toContain('<table role="presentation"')
    expect(notice.from).toContain(SITE_CONTENT_DEFAULTS.businessName)
    for (const part of [notice.html, notice.text]) {
      expect(part).toContain('another address')
      // How to get help: reply, or write or call the consultant.
      expect(part).toContain(SITE_CONTENT_DEFAULTS.email)
      expect(part).toContain(SITE_CONTENT_DEFAULTS.phone)
      // Nothing of the new address: not the address, not its mailbox name.
      expect(part.toLowerCase()).not.toContain(newEmail)
      expect(part.toLowerCase()).not.toContain(newEmail.split('@')[0])
      expect(part).not.toMatch(/\{(APP_URL|APP_NAME|TOKEN)\}/)
    }
    // A reply reaches the consultant.
    expect(notice.replyTo).toContain(OWNER_EMAIL)
    // Every link is the site's own or the consultant's address; no token, no /_/.
    const hrefs = [...notice.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
    expect(hrefs.length).toBeGreaterThan(0)
    for (const href of hrefs) {
      expect(href).toMatch(new RegExp(`^(${APP_URL}(/|$)|mailto:${SITE_CONTENT_DEFAULTS.email}$)`))
    }
    // The new address gets its confirmation only, no notice.
    expect(receiver.mailsTo(newEmail).filter((m) => SUBJECT.test(m.subject))).toHaveLength(0)
    expect(await noticesTo(newEmail)).toHaveLength(0)
  })

  it('a superuser changing the address in the dashboard tells the old address too', async () => {
    const user = await createUser({ url: server.url, verified: true })
    const newEmail = uniqueEmail('moved-by-admin')
    await server.su.collection('users').update(user.id, { email: newEmail })
    const notice = await mailTo(user.email, SUBJECT)
    expect(notice.html.toLowerCase()).not.toContain(newEmail)
  })

  it('still arrives when the account is deleted right after the change', async () => {
    const user = await createUser({ url: server.url, verified: true })
    const newEmail = uniqueEmail('then-deleted')
    await changeEmail(user, newEmail)
    const signedIn = guestClient(server.url)
    await signedIn.collection('users').authWithPassword(newEmail, user.password)
    await signedIn.send('/api/account/delete', {
      method: 'POST',
      body: { password: user.password },
    })
    await expect(server.su.collection('users').getOne(user.id)).rejects.toMatchObject({
      status: 404,
    })
    await mailTo(user.email, SUBJECT)
  })

  it('tells no address the account never proved, and nothing when only the case changes', async () => {
    const unverified = await createUser({ url: server.url, verified: false })
    await server.su.collection('users').update(unverified.id, { email: uniqueEmail('elsewhere') })
    const verified = await createUser({ url: server.url, verified: true })
    await server.su.collection('users').update(verified.id, { email: verified.email.toUpperCase() })
    await server.flush()
    expect(await noticesTo(unverified.email)).toHaveLength(0)
    expect(await noticesTo(verified.email)).toHaveLength(0)
  })

  it('a change that is refused (wrong password) queues no notice', async () => {
    const user = await createUser({ url: server.url, verified: true })
    const newEmail = uniqueEmail('refused')
    await user.pb.collection('users').requestEmailChange(newEmail)
    const confirm = await mailTo(newEmail, /Confirm your new e-mail/)
    const token = new RegExp(`${paths.confirmEmailChange}/([\\w.-]+)`).exec(confirm.html)?.[1]
    await expect(
      guestClient(server.url)
        .collection('users')
        .confirmEmailChange(token ?? '', 'not-the-password'),
    ).rejects.toMatchObject({ status: 400 })
    expect(await noticesTo(user.email)).toHaveLength(0)
  })
})
