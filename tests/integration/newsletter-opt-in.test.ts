// The newsletter's double opt-in and one-click unsubscribe against a real PocketBase and a real
// SMTP receiver: every sign-up path queues one confirmation mail (one per address per day)
// carrying RFC 8058 List-Unsubscribe headers and a visible unsubscribe link; the signed links
// confirm and unsubscribe without a session, a forged or altered one is refused; the export
// holds active subscribers only; stale pending sign-ups are removed; the routes are rate-limited.
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  confirmSubscription,
  getOwnSubscription,
  setOwnSubscription,
  unsubscribeWithToken,
} from '../../src/backend/newsletter-api'
import { exportActiveSubscribersCsv } from '../../src/backend/admin-api'
import { parseCsv } from '../unit/admin/parse-csv'
import { createUser, guestClient as guestClientFor, recordId, uniqueEmail } from './helpers'
import { auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { ReceivedMail, SmtpReceiver } from './support/smtp-receiver'

const NEWSLETTER = 'newsletter_subscriptions'
const APP_URL = 'https://efficiency.test'

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

interface Subscription {
  id: string
  email: string
  source: string
  status: string
  confirmedAt: string
  requestedAt: string
}

async function rowOf(email: string): Promise<Subscription | undefined> {
  const rows = await server.su.collection(NEWSLETTER).getFullList<Subscription>({
    filter: server.su.filter('email = {:email}', { email }),
  })
  return rows[0]
}

function confirmationsTo(email: string) {
  return server.su.collection('deliveries').getFullList<{ id: string; headers: unknown }>({
    filter: server.su.filter('kind = "newsletter_confirm" && recipient = {:email}', { email }),
  })
}

/** Sends the queue and waits for the confirmation mail to `email`. */
async function confirmationMail(email: string): Promise<ReceivedMail> {
  await server.flush()
  const isConfirmation = (m: ReceivedMail) =>
    m.envelope.to.includes(email) && /confirm your subscription/i.test(m.subject)
  await receiver.waitFor((mails) => mails.some(isConfirmation))
  return receiver.mails.filter(isConfirmation)[0]
}

/** The tokens of the mail's links: confirm page, unsubscribe page, one-click endpoint. */
function linksIn(mail: ReceivedMail) {
  const find = (pattern: RegExp) => {
    const match = pattern.exec(mail.text)
    if (!match) throw new Error(`no link ${pattern} in:\n${mail.text}`)
    return match[1]
  }
  return {
    confirmToken: find(/\/newsletter\/confirm\/([a-z0-9]+\.[a-f0-9]+)/),
    unsubscribeToken: find(/\/newsletter\/unsubscribe\/([a-z0-9]+\.[a-f0-9]+)/),
  }
}

/** The one-click URL of the List-Unsubscribe header, pointed at the test server. */
function oneClickUrl(mail: ReceivedMail): string {
  const match = /^<(https:\/\/[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')
  if (!match)
    throw new Error(`no https List-Unsubscribe header: ${mail.headers['list-unsubscribe']}`)
  return match[1].replace(APP_URL, server.url)
}

/** A sign-up through the API, decided at once (as the server's cron job would, within a minute). */
async function signUp(email: string, source = 'footer', client: PocketBase = server.guest) {
  const answer = await client
    .collection(NEWSLETTER)
    .create({ id: recordId(), email, source, userAgent: 'vitest' })
  await server.decideSignUps()
  return answer
}

describe('a sign-up from a form', () => {
  it('is pending and gets one confirmation mail with both List-Unsubscribe headers', async () => {
    const email = uniqueEmail('optin')
    const answer = await signUp(email)
    expect(answer.status).toBe('pending')
    expect(await rowOf(email)).toMatchObject({ status: 'pending', confirmedAt: '' })

    const mail = await confirmationMail(email)
    // The raw message as it went over SMTP, not only a parsed view of it.
    expect(mail.raw).toMatch(
      /\r\nList-Unsubscribe: <https:\/\/efficiency\.test\/api\/newsletter\/unsubscribe\?token=[a-z0-9]{15}\.[a-f0-9]{64}>\r\n/,
    )
    expect(mail.raw).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n')
    expect(mail.subject).toMatch(/confirm your subscription/i)
    // A visible unsubscribe link in both parts.
    expect(mail.text).toMatch(/Unsubscribe: https:\/\/efficiency\.test\/newsletter\/unsubscribe\//)
    expect(mail.html).toMatch(
      /href="https:\/\/efficiency\.test\/newsletter\/unsubscribe\/[^"]+"[^>]*>Unsubscribe</,
    )
    // Signed, not the bare record id.
    const row = await rowOf(email)
    expect(linksIn(mail).confirmToken).not.toBe(row!.id)
  })

  it.each(['hero_section', 'footer', 'about', 'signup'])(
    'from %s queues exactly one confirmation mail',
    async (source) => {
      const email = uniqueEmail(`optin-${source}`)
      await signUp(email, source)
      expect(await confirmationsTo(email)).toHaveLength(1)
      // Rendered with its headers when sent; the row keeps them.
      await confirmationMail(email)
      const queued = await confirmationsTo(email)
      expect(queued).toHaveLength(1)
      expect(queued[0].headers).toMatchObject({
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      })
    },
  )

  it('confirms from the link in the mail, without a session', async () => {
    const email = uniqueEmail('confirm')
    await signUp(email)
    const { confirmToken } = linksIn(await confirmationMail(email))
    expect(await confirmSubscription(server.guest, confirmToken)).toBe('done')
    const row = await rowOf(email)
    expect(row).toMatchObject({ status: 'active' })
    expect(Date.now() - new Date(row!.confirmedAt.replace(' ', 'T')).getTime()).toBeLessThan(60_000)
    // Following it again changes nothing and still answers done.
    expect(await confirmSubscription(server.guest, confirmToken)).toBe('done')
  })

  it('queues at most one confirmation per address per 24 hours, and answers every sign-up alike', async () => {
    const email = uniqueEmail('twice')
    const first = await signUp(email, 'footer')
    const second = await signUp(email, 'about')
    expect(second.status).toBe(first.status)
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort())
    expect(await confirmationsTo(email)).toHaveLength(1)
  })

  it('answers an address that is already active exactly like a new one, and mails it nothing', async () => {
    const email = uniqueEmail('active-again')
    await signUp(email)
    const { confirmToken } = linksIn(await confirmationMail(email))
    await confirmSubscription(server.guest, confirmToken)

    const fresh = await signUp(uniqueEmail('fresh'))
    const again = await signUp(email)
    expect(again.status).toBe('pending')
    expect(Object.keys(again).sort()).toEqual(Object.keys(fresh).sort())
    expect((await rowOf(email))?.status).toBe('active')
    expect(await confirmationsTo(email)).toHaveLength(1)
  })
})

describe('the signed links', () => {
  let email: string
  let tokens: { confirmToken: string; unsubscribeToken: string }

  beforeAll(async () => {
    email = uniqueEmail('tokens')
    await signUp(email)
    tokens = linksIn(await confirmationMail(email))
  })

  function flip(text: string, at: number): string {
    const c = text[at]
    return text.slice(0, at) + (c === 'a' ? 'b' : 'a') + text.slice(at + 1)
  }

  it.each([
    ['a forged signature', () => `${tokens.confirmToken.split('.')[0]}.${'0'.repeat(64)}`],
    ['an altered signature', () => flip(tokens.confirmToken, tokens.confirmToken.length - 1)],
    ['an altered record id', () => flip(tokens.confirmToken, 0)],
    ['the bare record id', () => tokens.confirmToken.split('.')[0]],
    ['the unsubscribe token (other purpose)', () => tokens.unsubscribeToken],
    ['garbage', () => '../../etc/passwd'],
  ])('refuses %s with 400 naming the token and changes nothing', async (_, token) => {
    const res = await fetch(`${server.url}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: token() }),
    })
    expect(res.status).toBe(400)
    expect((await res.json()).data.token.code).toBe('validation_invalid_token')
    expect((await rowOf(email))?.status).toBe('pending')
  })

  it('refuses an altered unsubscribe token', async () => {
    const altered = flip(tokens.unsubscribeToken, tokens.unsubscribeToken.length - 2)
    expect(await unsubscribeWithToken(server.guest, altered)).toBe('invalid')
    expect((await rowOf(email))?.status).toBe('pending')
  })
})

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a POST of List-Unsubscribe=One-Click to the header URL unsubscribes', async () => {
    const email = uniqueEmail('one-click')
    await signUp(email)
    const mail = await confirmationMail(email)
    await confirmSubscription(server.guest, linksIn(mail).confirmToken)

    const res = await fetch(oneClickUrl(mail), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'unsubscribed' })
    expect((await rowOf(email))?.status).toBe('unsubscribed')
  })

  it('accepts the multipart form some mailbox providers send', async () => {
    const email = uniqueEmail('one-click-multipart')
    await signUp(email)
    const mail = await confirmationMail(email)
    const form = new FormData()
    form.set('List-Unsubscribe', 'One-Click')
    const res = await fetch(oneClickUrl(mail), { method: 'POST', body: form })
    expect(res.status).toBe(200)
    expect((await rowOf(email))?.status).toBe('unsubscribed')
  })

  it('a GET of the header URL only leads to the unsubscribe page', async () => {
    const email = uniqueEmail('one-click-get')
    await signUp(email)
    const mail = await confirmationMail(email)
    const res = await fetch(oneClickUrl(mail), { redirect: 'manual' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(
      `/newsletter/unsubscribe/${linksIn(mail).unsubscribeToken}`,
    )
    expect((await rowOf(email))?.status).toBe('pending')
  })

  it('keeps an unsubscribed address suppressed: a new sign-up is pending until confirmed', async () => {
    const email = uniqueEmail('suppressed')
    await signUp(email)
    const mail = await confirmationMail(email)
    const { confirmToken, unsubscribeToken } = linksIn(mail)
    await confirmSubscription(server.guest, confirmToken)
    expect(await unsubscribeWithToken(server.guest, unsubscribeToken)).toBe('done')
    // The old confirmation link does not undo an unsubscribe.
    expect(await confirmSubscription(server.guest, confirmToken)).toBe('expired')
    expect((await rowOf(email))?.status).toBe('unsubscribed')

    await signUp(email, 'about')
    expect((await rowOf(email))?.status).toBe('pending')
  })
})

describe('the other sign-up paths', () => {
  it("the audit's newsletter choice signs up with a confirmation mail", async () => {
    const email = uniqueEmail('audit-choice')
    await server.guest
      .collection('audits')
      .create({ ...auditSubmission({ email }), newsletterSubscription: true })
    await server.decideSignUps()
    await eventually(async () => (await rowOf(email))?.status === 'pending')
    expect((await rowOf(email))?.source).toBe('audit')
    const mail = await confirmationMail(email)
    expect(mail.raw).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n')
  })

  it('an audit without the choice signs nobody up', async () => {
    const email = uniqueEmail('audit-no-choice')
    await server.guest.collection('audits').create(auditSubmission({ email }))
    expect(await rowOf(email)).toBeUndefined()
  })

  it('a signed-in user sees and changes their own subscription', async () => {
    const unverified = await createUser({ url: server.url, label: 'settings' })
    expect(await getOwnSubscription(unverified.pb)).toBe('none')
    // Not proven yet: a sign-up like any other, confirmed from the mail.
    expect(await setOwnSubscription(unverified.pb, true)).toBe('pending')
    await server.decideSignUps()
    expect((await confirmationsTo(unverified.email)).length).toBe(1)
    // Until the address is verified the answers come from the user's own choice only
    // (tests/integration/newsletter-oracle.test.ts); the row they made is unsubscribed.
    expect(await setOwnSubscription(unverified.pb, false)).toBe('none')
    expect(await getOwnSubscription(unverified.pb)).toBe('none')
    expect((await rowOf(unverified.email))?.status).toBe('unsubscribed')

    // A verified address is proven: active at once.
    const verified = await createUser({ url: server.url, label: 'settings-ok', verified: true })
    expect(await setOwnSubscription(verified.pb, true)).toBe('active')
    expect((await rowOf(verified.email))?.confirmedAt).not.toBe('')
    const user = await server.su.collection('users').getOne(verified.id)
    expect(user.newsletterConsent).toBe(true)
  })

  it("an account opened with somebody else's address can neither see nor cancel their subscription", async () => {
    const email = uniqueEmail('owner-of-address')
    await signUp(email)
    await confirmSubscription(server.guest, linksIn(await confirmationMail(email)).confirmToken)
    expect((await rowOf(email))?.status).toBe('active')

    // Someone signs up an account with that address and never verifies it.
    const su = server.su
    const stranger = await su.collection('users').create({
      email,
      password: 'correct-horse-42',
      passwordConfirm: 'correct-horse-42',
      fullName: 'Not The Owner',
    })
    const pb = guestClientFor(server.url)
    await pb.collection('users').authWithPassword(email, 'correct-horse-42')
    expect(stranger.verified).toBe(false)
    expect(await getOwnSubscription(pb)).toBe('none')
    expect(await setOwnSubscription(pb, false)).toBe('none')
    expect((await rowOf(email))?.status).toBe('active')
    // Subscribing answers as the public form would, and changes nothing for an active address.
    expect(await setOwnSubscription(pb, true)).toBe('pending')
    expect((await rowOf(email))?.status).toBe('active')
  })

  it('the settings routes need a session', async () => {
    const res = await fetch(`${server.url}/api/newsletter/me`)
    expect(res.status).toBe(401)
  })
})

describe('the export for a mailing tool', () => {
  it('holds active subscribers only, with the name of a matching account', async () => {
    const admin = await createUser({ url: server.url, label: 'admin', isAdmin: true })
    const member = await createUser({ url: server.url, label: 'member', verified: true })
    await setOwnSubscription(member.pb, true)
    const pending = uniqueEmail('export-pending')
    await signUp(pending)
    const gone = uniqueEmail('export-gone')
    await signUp(gone)
    const goneMail = await confirmationMail(gone)
    await confirmSubscription(server.guest, linksIn(goneMail).confirmToken)
    await unsubscribeWithToken(server.guest, linksIn(goneMail).unsubscribeToken)

    const rows = parseCsv(await exportActiveSubscribersCsv(admin.pb))
    expect(rows[0]).toEqual(['email', 'name', 'confirmed_at', 'source'])
    const emails = rows.slice(1).map((row) => row[0])
    expect(emails).toContain(member.email)
    expect(emails).not.toContain(pending)
    expect(emails).not.toContain(gone)
    const memberRow = rows.find((row) => row[0] === member.email)!
    expect(memberRow[1]).toBe('Test User')
    expect(memberRow[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    expect(memberRow[3]).toBe('Account sign-up')
    // Every exported row is active in the database.
    for (const email of emails) expect((await rowOf(email))?.status).toBe('active')
  })

  it("takes no name from an unverified account opened with a subscriber's address", async () => {
    const admin = await createUser({ url: server.url, label: 'admin-names', isAdmin: true })
    const subscriber = uniqueEmail('export-named')
    await signUp(subscriber)
    await confirmSubscription(
      server.guest,
      linksIn(await confirmationMail(subscriber)).confirmToken,
    )
    // Someone else opens an account with that address and never proves it is theirs.
    await server.guest.collection('users').create({
      email: subscriber,
      password: 'correct-horse-42',
      passwordConfirm: 'correct-horse-42',
      fullName: 'Not <b>Them</b>',
    })
    const rows = parseCsv(await exportActiveSubscribersCsv(admin.pb))
    expect(rows.find((row) => row[0] === subscriber)?.[1]).toBe('')
  })

  it('is refused to anyone but an admin', async () => {
    const member = await createUser({ url: server.url, label: 'not-admin' })
    await expect(exportActiveSubscribersCsv(member.pb)).rejects.toThrow(/403/)
    await expect(exportActiveSubscribersCsv(server.guest)).rejects.toThrow(/403/)
  })
})

describe('stale pending sign-ups', () => {
  it('are removed after 30 days by the daily cleanup; newer and confirmed ones stay', async () => {
    const old = uniqueEmail('stale')
    const recent = uniqueEmail('recent')
    await signUp(old)
    await signUp(recent)
    const oldRow = await rowOf(old)
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString()
    await server.su.collection(NEWSLETTER).update(oldRow!.id, { requestedAt: longAgo })

    const res = await fetch(`${server.url}/api/queue/jobs/newsletter.remove-stale-pending/run`, {
      method: 'POST',
      headers: { authorization: server.su.authStore.token },
    })
    expect(res.status).toBe(200)
    await eventually(async () => (await rowOf(old)) === undefined)
    expect((await rowOf(recent))?.status).toBe('pending')
  })
})

describe('rate limits on the public links', () => {
  it('answers 429 after 30 requests a minute from one IP', async () => {
    const limited = await startMailServer(receiver.port, { APP_URL })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 32; i++) {
        const res = await fetch(`${limited.url}/api/newsletter/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: `${recordId()}.${'0'.repeat(64)}` }),
        })
        statuses.push(res.status)
      }
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true)
      expect(statuses.slice(30)).toEqual([429, 429])
      const unsubscribe = await fetch(`${limited.url}/api/newsletter/unsubscribe?token=x`, {
        method: 'POST',
      })
      expect(unsubscribe.status).toBe(429)
    } finally {
      await limited.stop()
    }
  })
})
