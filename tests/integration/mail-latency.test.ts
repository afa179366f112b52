// Mail a person waits for arrives in seconds, with no flush: from the request to the SMTP
// receiver accepting the mail, for every kind a person waits on (account verification, password
// reset, e-mail change, newsletter confirmation, free-audit results, the owner's notice of a real
// lead), 10 tries each, started at different seconds of the minute (the dispatcher's loops are
// started by a once-a-minute tick, so a try near the tick is the hard case). Real PocketBase,
// real SMTP receiver on loopback, nothing but the requests a visitor's browser sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailReceiver } from '../../scripts/mail-receiver.mjs'
import type { MailReceiver, ReceivedMail } from '../../scripts/mail-receiver.mjs'
import { guestClient, uniqueEmail } from './helpers'
import { OWNER_EMAIL, auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'

const TRIES = 10
// Tries of one kind start this far apart, so together they cover the minute's seconds.
const SPACING_MS = 5_900
const TARGET_MS = 10_000

interface Arrival {
  mail: ReceivedMail
  at: number
}

let receiver: MailReceiver
const arrivals: Arrival[] = []
let server: MailServer

beforeAll(async () => {
  receiver = await startMailReceiver({ onMail: (mail) => arrivals.push({ mail, at: Date.now() }) })
  server = await startMailServer(receiver.port)
  // The dispatcher's loops start at the first full minute after the server starts (PocketBase's
  // cron ticks once a minute); until then mail waits for that tick (docs/email.md says so).
  await eventually(async () => {
    const res = await fetch(`${server.url}/api/mail/health`, {
      headers: { authorization: server.su.authStore.token },
    })
    return ((await res.json()) as { dispatching: boolean }).dispatching
  }, 75_000)
}, 90_000)

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

/** Ms from `started` until a mail to `address` whose subject matches is accepted. */
async function arrivalAfter(started: number, address: string, subject: RegExp): Promise<number> {
  const match = () =>
    arrivals.find((a) => a.mail.envelope.to.includes(address) && subject.test(a.mail.subject))
  await eventually(async () => !!match(), 30_000)
  return match()!.at - started
}

/** An account made by a superuser (no sign-in, so no sign-in rate limit between the tries). */
function account(email: string, verified: boolean) {
  return server.su.collection('users').create({
    email,
    password: 'correct-horse-42',
    passwordConfirm: 'correct-horse-42',
    fullName: 'Waiting Person',
    verified,
  })
}

/** What one try does: the request a person makes, and the mail they wait for. */
type Try = (i: number) => Promise<number>

const kinds: Record<string, Try> = {
  async 'account verification'(i) {
    const email = uniqueEmail(`verify${i}`)
    await account(email, false)
    const started = Date.now()
    await guestClient(server.url).collection('users').requestVerification(email)
    return arrivalAfter(started, email, /Verify your e-mail/)
  },
  async 'password reset'(i) {
    const email = uniqueEmail(`reset${i}`)
    await account(email, true)
    const started = Date.now()
    await guestClient(server.url).collection('users').requestPasswordReset(email)
    return arrivalAfter(started, email, /Reset your/)
  },
  async 'e-mail change'(i) {
    const user = await account(uniqueEmail(`change${i}`), true)
    const member = await server.su.collection('users').impersonate(user.id, 600)
    const newEmail = uniqueEmail(`moved${i}`)
    const started = Date.now()
    await member.collection('users').requestEmailChange(newEmail)
    return arrivalAfter(started, newEmail, /Confirm your new e-mail/)
  },
  async 'newsletter confirmation'(i) {
    const email = uniqueEmail(`letter${i}`)
    const started = Date.now()
    await guestClient(server.url)
      .collection('newsletter_subscriptions')
      .create({ email, source: 'footer' })
    return arrivalAfter(started, email, /confirm/i)
  },
  async 'free-audit results'(i) {
    const email = uniqueEmail(`results${i}`)
    const started = Date.now()
    await guestClient(server.url).collection('audits').create(auditSubmission({ email }))
    return arrivalAfter(started, email, /./)
  },
  async "owner's notice of a message"(i) {
    const email = uniqueEmail(`lead${i}`)
    const started = Date.now()
    await guestClient(server.url)
      .collection('contacts')
      .create({
        name: `Lead ${i}`,
        email,
        message: 'Can you help with our scheduling?',
        source: 'portfolio_website',
      })
    return arrivalAfter(started, OWNER_EMAIL, new RegExp(`Lead ${i}\\b`))
  },
}

/** The 95th percentile (nearest rank). */
function p95(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b)
  return sorted[Math.ceil(0.95 * sorted.length) - 1]
}

describe('mail a person waits for, with no flush', () => {
  it(`arrives within ${TARGET_MS / 1000} s for every kind, ${TRIES} tries each across the minute`, async () => {
    const names = Object.keys(kinds)
    const secondsOfMinute: number[] = []
    const results = await Promise.all(
      names.map(async (name, k) => {
        // The kinds start staggered, so their tries do not fall on the same seconds.
        await new Promise((r) => setTimeout(r, k * 900))
        const times: number[] = []
        for (let i = 0; i < TRIES; i++) {
          const startedAt = Date.now()
          secondsOfMinute.push(new Date(startedAt).getUTCSeconds())
          times.push(await kinds[name](i))
          const next = startedAt + SPACING_MS
          if (Date.now() < next) await new Promise((r) => setTimeout(r, next - Date.now()))
        }
        return { name, times }
      }),
    )
    const report = results.map(
      (r) => `${r.name}: p95 ${p95(r.times)} ms, max ${Math.max(...r.times)} ms`,
    )
    console.log(`mail latency (request -> SMTP accepted):\n  ${report.join('\n  ')}`)
    // The tries covered the minute, the tick's seconds included.
    expect(new Set(secondsOfMinute.map((s) => Math.floor(s / 10))).size).toBe(6)
    for (const r of results) {
      expect(r.times, r.name).toHaveLength(TRIES)
      expect(p95(r.times), `${r.name}: ${r.times.join(', ')} ms`).toBeLessThan(TARGET_MS)
    }
  }, 180_000)
})
