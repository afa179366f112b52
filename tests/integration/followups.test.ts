// The follow-up sequence after an audit, against a real PocketBase and a real SMTP receiver, with
// time moved through the run and flush endpoints (`{"now": ...}`): who gets follow-ups (only an
// address that showed it is theirs), when (day 2 and day 7, each once, never two in a day, a
// new audit restarts it), what is in them, and everything that stops them, each with its reason.
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits } from '../../scripts/pocketbase.mjs'
import { messages } from '../../src/config/messages'
import { SITE_CONTENT_DEFAULTS } from '../../src/config/site-content'
import { createUser, recordId, uniqueEmail } from './helpers'
import { rawRequest } from './support/raw-request'
import { auditJobsDone } from './support/audit-jobs'
import { auditSubmission, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import {
  followupsTo as followupsSentTo,
  resultsToken as resultsLinkToken,
} from './support/followup-mails'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { ReceivedMail, SmtpReceiver } from './support/smtp-receiver'

const APP_URL = 'https://efficiency.test'
const DAY = 24 * 60 * 60 * 1000
const TOKEN = /[?&](?:ref|token)=([rfs][a-z0-9]{15}\.[a-f0-9]{64})/

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, { APP_URL, OWNER_EMAIL: 'owner@test.local' })
  // Every test request comes from 127.0.0.1; the rate limits are tested from other addresses.
  await exemptLoopbackFromRateLimits(server.url, server.su.authStore.token)
  // Enough audits for the peer benchmark, before any mail renders it.
  for (let n = 0; n < 20; n++) {
    await server.guest
      .collection('audits')
      .create(auditSubmission({ email: uniqueEmail('peer'), optionIndex: (i) => i + n }))
  }
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

interface Sequence {
  id: string
  person: string
  audit: string
  auditAt: string
  step: number
  nextAt: string
  provenAt: string
  provenBy: string
  lastSentAt: string
  stoppedAt: string
  stopReason: string
}

async function post(path: string, body: unknown, token = server.su.authStore.token) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

/** One scheduler run and one mail queue run, both as if at `at`. */
async function runAt(at: number) {
  const run = await post('/api/followups/run', { now: new Date(at).toISOString() })
  expect(run.status).toBe(200)
  await server.flush(new Date(at))
  return run.body as {
    queued: number
    waiting: number
    skipped: number
    postponed: number
    stopped: number
  }
}

async function takeAudit(email: string, optionIndex?: (i: number) => number) {
  const submission = auditSubmission({ email, optionIndex })
  const audit = await server.guest.collection('audits').create(submission)
  // Its person, sequence and mails come from its job, moments after the answer.
  await auditJobsDone(server.url, server.su.authStore.token, audit.id)
  return {
    id: audit.id as string,
    created: Date.parse((audit.created as string).replace(' ', 'T')),
  }
}

function followupsTo(email: string): ReceivedMail[] {
  return followupsSentTo(receiver, email)
}

/** The results mail's signed booking link token, once the queue sent the mail. */
async function resultsToken(email: string): Promise<string> {
  await server.flush()
  return resultsLinkToken(receiver, email, APP_URL)
}

/** What the site's page does when a mail's link opens it. */
async function click(token: string) {
  return post('/api/followups/click', { token }, '')
}

/** An audit whose results link was clicked: the address is proven. */
async function provenAudit(email: string) {
  const audit = await takeAudit(email)
  expect((await click(await resultsToken(email))).status).toBe(200)
  return audit
}

async function personOf(email: string) {
  return server.su
    .collection('people')
    .getFirstListItem(server.su.filter('email = {:email}', { email }))
}

async function sequenceOf(email: string): Promise<Sequence> {
  const person = await personOf(email)
  return server.su
    .collection('followups')
    .getFirstListItem<Sequence>(server.su.filter('person = {:p}', { p: person.id }))
}

function tokenIn(text: string, pattern: RegExp): string {
  const match = pattern.exec(text)
  if (!match) throw new Error(`no ${pattern} in:\n${text}`)
  return match[1]
}

describe('who gets follow-ups, and when', () => {
  it('a clicked results link: follow-up 1 at day 2 and 2 at day 7, each once, with the weakest section and a booking link to this site', async () => {
    const email = uniqueEmail('clicked')
    const audit = await provenAudit(email)
    expect((await sequenceOf(email)).provenBy).toBe('results_link')

    await runAt(audit.created + 1 * DAY)
    expect(followupsTo(email)).toHaveLength(0)

    expect((await runAt(audit.created + 2 * DAY + 60_000)).queued).toBe(1)
    await receiver.waitFor(() => followupsTo(email).length === 1)
    const first = followupsTo(email)[0]
    // The audit engine's own words for this audit.
    const stored = await server.su.collection('audits').getOne(audit.id)
    const sections = stored.scores.sectionScores as Record<string, number>
    const weakest = Object.keys(sections).reduce((a, b) => (sections[b] < sections[a] ? b : a))
    expect(first.subject).toContain(weakest)
    expect(first.text).toContain(`${stored.overallScore}%`)
    expect(first.text).toMatch(/You scored higher than \d+% of businesses that took this audit\./)
    expect(first.text).toContain(stored.recommendations.sectionRecommendations[weakest][0].title)
    const booking = tokenIn(
      first.text,
      new RegExp(`${APP_URL}/book\\?ref=([a-z0-9.]+)&utm_source=followup`),
    )
    expect(booking).toMatch(/^f/)
    expect(first.html).toContain(`href="${APP_URL}/book?ref=${booking}`)
    // Personal: from the consultant, and answers go to the consultant.
    expect(first.from).toContain(SITE_CONTENT_DEFAULTS.ownerName)
    expect(first.replyTo).toContain('owner@test.local')
    // RFC 8058 one-click, stopping only the follow-ups.
    expect(first.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${APP_URL}/api/followups/stop\\?token=s[a-z0-9]{15}\\.[a-f0-9]{64}>$`),
    )
    expect(first.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(first.text).toMatch(new RegExp(`${APP_URL}/followups/stop/s[a-z0-9]{15}\\.`))

    // Once: the same day again, and the days after, send nothing more.
    await runAt(audit.created + 2 * DAY + 120_000)
    await runAt(audit.created + 4 * DAY)
    expect(followupsTo(email)).toHaveLength(1)

    expect((await runAt(audit.created + 7 * DAY + 60_000)).queued).toBe(1)
    await receiver.waitFor(() => followupsTo(email).length === 2)
    await runAt(audit.created + 8 * DAY)
    await runAt(audit.created + 30 * DAY)
    expect(followupsTo(email)).toHaveLength(2)
    expect(followupsTo(email)[1].subject).toBe('Still thinking about your audit results?')
    expect((await sequenceOf(email)).nextAt).toBe('')
  })

  it('an audit whose results link was never clicked gets none', async () => {
    const email = uniqueEmail('silent')
    const audit = await takeAudit(email)
    await resultsToken(email)
    for (const day of [2, 3, 7, 8, 14]) await runAt(audit.created + day * DAY + 60_000)
    expect(followupsTo(email)).toHaveLength(0)
    const sequence = await sequenceOf(email)
    expect(sequence.provenAt).toBe('')
    expect(sequence.nextAt).toBe('')
  })

  it('a confirmed newsletter sign-up or a verified account shows the address is theirs', async () => {
    const subscriber = uniqueEmail('subscriber')
    await server.su
      .collection('newsletter_subscriptions')
      .create({ email: subscriber, source: 'footer' })
    await server.su
      .collection('newsletter_subscriptions')
      .update(
        (
          await server.su
            .collection('newsletter_subscriptions')
            .getFirstListItem(`email = "${subscriber}"`)
        ).id,
        { status: 'active' },
      )
    const member = await createUser({ verified: true, url: server.url, label: 'member' })
    const unverified = await createUser({ verified: false, url: server.url, label: 'unverified' })
    const audits = {
      subscriber: await takeAudit(subscriber),
      member: await takeAudit(member.email),
      unverified: await takeAudit(unverified.email),
    }
    const latest = Math.max(...Object.values(audits).map((a) => a.created))
    await runAt(latest + 2 * DAY + 60_000)
    await receiver.waitFor(
      () => followupsTo(subscriber).length === 1 && followupsTo(member.email).length === 1,
    )
    expect(followupsTo(unverified.email)).toHaveLength(0)
  })

  it('never an address that unsubscribed from the newsletter', async () => {
    const email = uniqueEmail('unsubscribed')
    const audit = await provenAudit(email)
    await server.su.collection('newsletter_subscriptions').create({ email, source: 'footer' })
    const row = await server.su
      .collection('newsletter_subscriptions')
      .getFirstListItem(`email = "${email}"`)
    await server.su
      .collection('newsletter_subscriptions')
      .update(row.id, { status: 'unsubscribed' })
    await runAt(audit.created + 2 * DAY + 60_000)
    expect(followupsTo(email)).toHaveLength(0)
    expect((await sequenceOf(email)).stopReason).toBe('unsubscribed')
  })

  it('two audits in a row run one sequence: the latest', async () => {
    const email = uniqueEmail('twice')
    const first = await provenAudit(email)
    // The second audit's results mail waits for its daily cap; the address is proven already.
    const second = await takeAudit(email, (i) => i)
    const sequence = await sequenceOf(email)
    expect(sequence.audit).toBe(second.id)
    expect(sequence.provenBy).toBe('results_link')
    expect(Date.parse(sequence.auditAt.replace(' ', 'T'))).toBe(second.created)
    expect(first.created).toBeLessThanOrEqual(second.created)
    await runAt(second.created + 2 * DAY + 60_000)
    await runAt(second.created + 7 * DAY + 60_000)
    await runAt(second.created + 10 * DAY)
    await receiver.waitFor(() => followupsTo(email).length === 2)
    expect(followupsTo(email)).toHaveLength(2)
  })

  it('a mail more than 3 days late is skipped; the next one keeps its day', async () => {
    const email = uniqueEmail('late')
    const audit = await takeAudit(email)
    const token = await resultsToken(email)
    await runAt(audit.created + 2 * DAY + 60_000)
    // Clicked on day 6: the first follow-up (due day 2) is too late to send.
    expect((await click(token)).status).toBe(200)
    expect((await runAt(audit.created + 6 * DAY)).queued).toBe(0)
    expect((await runAt(audit.created + 7 * DAY + 60_000)).queued).toBe(1)
    await receiver.waitFor(() => followupsTo(email).length === 1)
    expect(followupsTo(email)[0].subject).toBe('Still thinking about your audit results?')
  })
})

describe('what stops them', () => {
  /** An address that got follow-up 1; the action; then day 7 sends nothing. */
  async function afterFirst(label: string) {
    const email = uniqueEmail(label)
    const audit = await provenAudit(email)
    await runAt(audit.created + 2 * DAY + 60_000)
    await receiver.waitFor(() => followupsTo(email).length === 1)
    return { email, audit, mail: followupsTo(email)[0] }
  }

  async function nothingMore(email: string, auditCreated: number, reason: string) {
    expect((await runAt(auditCreated + 7 * DAY + 60_000)).queued).toBe(0)
    expect(followupsTo(email)).toHaveLength(1)
    const sequence = await sequenceOf(email)
    expect(sequence.stopReason).toBe(reason)
    expect(sequence.stoppedAt).not.toBe('')
  }

  it('a message from the person', async () => {
    const { email, audit } = await afterFirst('message')
    await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Pat',
      email,
      message: 'Thanks, can we talk next week?',
      source: 'portfolio_website',
    })
    await nothingMore(email, audit.created, 'message')
  })

  it('the consultant sets a status other than New', async () => {
    const { email, audit } = await afterFirst('contacted')
    const admin = await createUser({ isAdmin: true, url: server.url, label: 'admin' })
    const person = await personOf(email)
    await admin.pb
      .collection('person_updates')
      .create({ person: person.id, kind: 'status', status: 'contacted' })
    await nothingMore(email, audit.created, 'status')
  })

  it('a booking from the follow-up link', async () => {
    const { email, audit, mail } = await afterFirst('booked')
    const ref = tokenIn(mail.text, /\/book\?ref=([a-z0-9.]+)/)
    expect((await click(ref)).body).toEqual({ name: '', email })
    expect((await post('/api/bookings', { ref, email }, '')).body).toMatchObject({ booked: true })
    await nothingMore(email, audit.created, 'booked')
    expect((await personOf(email)).status).toBe('call_booked')
  })

  it('the stop link page', async () => {
    const { email, audit, mail } = await afterFirst('stop-page')
    const token = tokenIn(mail.text, /\/followups\/stop\/([a-z0-9.]+)/)
    expect((await post('/api/followups/stop', { token }, '')).body).toEqual({
      stopped: true,
      newsletter: 'unchanged',
    })
    await nothingMore(email, audit.created, 'stop_link')
  })

  it('the one-click POST (RFC 8058) stops them and leaves the newsletter alone', async () => {
    const { email, audit, mail } = await afterFirst('one-click')
    await server.su.collection('newsletter_subscriptions').create({ email, source: 'footer' })
    const sub = await server.su
      .collection('newsletter_subscriptions')
      .getFirstListItem(`email = "${email}"`)
    await server.su.collection('newsletter_subscriptions').update(sub.id, { status: 'active' })
    const target = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'])?.[1] ?? ''
    const res = await fetch(target.replace(APP_URL, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    await nothingMore(email, audit.created, 'stop_link')
    expect((await server.su.collection('newsletter_subscriptions').getOne(sub.id)).status).toBe(
      'active',
    )
  })

  it('"stop everything" unsubscribes the newsletter too', async () => {
    const { email, audit, mail } = await afterFirst('everything')
    await server.su.collection('newsletter_subscriptions').create({ email, source: 'footer' })
    const sub = await server.su
      .collection('newsletter_subscriptions')
      .getFirstListItem(`email = "${email}"`)
    await server.su.collection('newsletter_subscriptions').update(sub.id, { status: 'active' })
    const token = tokenIn(mail.text, /\/followups\/stop\/([a-z0-9.]+)/)
    expect((await post('/api/followups/stop', { token, everything: true }, '')).body).toEqual({
      stopped: true,
      newsletter: 'unsubscribed',
    })
    await nothingMore(email, audit.created, 'unsubscribed')
    expect((await server.su.collection('newsletter_subscriptions').getOne(sub.id)).status).toBe(
      'unsubscribed',
    )
  })

  it('the consultant stops them from the person page', async () => {
    const { email, audit } = await afterFirst('consultant')
    const admin = await createUser({ isAdmin: true, url: server.url, label: 'admin' })
    const person = await personOf(email)
    const before = await admin.pb.send(`/api/followups/people/${person.id}`, {})
    expect(before).toMatchObject({ state: 'scheduled', next: { step: 2 } })
    expect(before.sent).toHaveLength(1)
    const after = await admin.pb.send(`/api/followups/people/${person.id}/stop`, { method: 'POST' })
    expect(after).toMatchObject({
      state: 'stopped',
      stopped: { reason: 'consultant', afterStep: 1 },
    })
    await nothingMore(email, audit.created, 'consultant')
  })

  it('a stop link that was altered or forged stops nothing', async () => {
    const { email, mail } = await afterFirst('forged-stop')
    const token = tokenIn(mail.text, /\/followups\/stop\/([a-z0-9.]+)/)
    const altered = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0')
    const bookingToken = tokenIn(mail.text, /\/book\?ref=([a-z0-9.]+)/)
    for (const bad of [altered, bookingToken, 'nonsense', '']) {
      expect((await post('/api/followups/stop', { token: bad }, '')).status).toBe(400)
    }
    expect((await sequenceOf(email)).stoppedAt).toBe('')
  })
})

describe('never more than one follow-up to an address a day', () => {
  it('a mail due within a day of the last one waits for the day to pass', async () => {
    const admin = await createUser({ isAdmin: true, url: server.url, label: 'admin' })
    const original = (await admin.pb.send('/api/followups/settings', {})).settings
    const close = {
      enabled: true,
      steps: [
        { ...original.steps[0], delayDays: 2 },
        { ...original.steps[1], delayDays: 3 },
      ],
    }
    await admin.pb.send('/api/followups/settings', { method: 'PUT', body: close })
    try {
      const email = uniqueEmail('daily')
      const audit = await takeAudit(email)
      const token = await resultsToken(email)
      await runAt(audit.created + 2 * DAY + 60_000)
      // Proven at day 2.9: mail 1 goes then, mail 2 (due day 3) only a day later.
      expect((await click(token)).status).toBe(200)
      expect((await runAt(audit.created + 2.9 * DAY)).queued).toBe(1)
      expect((await runAt(audit.created + 3 * DAY + 60_000)).postponed).toBe(1)
      expect(followupsTo(email)).toHaveLength(1)
      expect((await runAt(audit.created + 3.9 * DAY + 60_000)).queued).toBe(1)
      await receiver.waitFor(() => followupsTo(email).length === 2)
    } finally {
      await admin.pb.send('/api/followups/settings', { method: 'PUT', body: original })
    }
  })
})

describe('bookings reach the person', () => {
  async function bookings() {
    return receiver.mailsTo('owner@test.local').filter((m) => /^Call booked/.test(m.subject)).length
  }

  it('a booking from the results link marks the person Call booked by the site and tells the owner once', async () => {
    const email = uniqueEmail('from-results')
    await takeAudit(email)
    const ref = await resultsToken(email)
    const before = await bookings()
    expect((await post('/api/bookings', { ref, email }, '')).body).toEqual({
      booked: true,
      repeat: false,
    })
    // The same booking reported twice (two tabs, a retry) is one booking.
    expect((await post('/api/bookings', { ref }, '')).body).toEqual({ booked: true, repeat: true })
    const person = await personOf(email)
    expect(person.status).toBe('call_booked')
    const updates = await server.su.collection('person_updates').getFullList({
      filter: server.su.filter('person = {:p}', { p: person.id }),
    })
    expect(updates).toEqual([
      expect.objectContaining({ kind: 'status', status: 'call_booked', origin: 'site' }),
    ])
    expect((await sequenceOf(email)).stopReason).toBe('booked')
    await server.flush()
    await receiver.waitFor(() =>
      receiver
        .mailsTo('owner@test.local')
        .filter((m) => m.subject.includes(email))
        .some((m) => /^Call booked/.test(m.subject)),
    )
    expect(await bookings()).toBe(before + 1)
  })

  it("from the report page: the audit's own id names its person", async () => {
    const email = uniqueEmail('from-report')
    const audit = await takeAudit(email)
    expect((await post('/api/bookings', { audit: audit.id, email }, '')).body).toMatchObject({
      booked: true,
    })
    expect((await personOf(email)).status).toBe('call_booked')
  })

  it('a signed-in visitor with a verified e-mail is named by their session', async () => {
    const member = await createUser({ verified: true, url: server.url, label: 'session' })
    await takeAudit(member.email)
    expect(await member.pb.send('/api/bookings', { method: 'POST', body: {} })).toMatchObject({
      booked: true,
    })
    expect((await personOf(member.email)).status).toBe('call_booked')
    const unverified = await createUser({ verified: false, url: server.url, label: 'no-session' })
    await takeAudit(unverified.email)
    expect(await unverified.pb.send('/api/bookings', { method: 'POST', body: {} })).toEqual({
      booked: false,
    })
    expect((await personOf(unverified.email)).status).toBe('new')
  })

  it('a client who books keeps their status; the booking is noted by the site', async () => {
    const email = uniqueEmail('client')
    const audit = await takeAudit(email)
    const admin = await createUser({ isAdmin: true, url: server.url, label: 'admin' })
    const person = await personOf(email)
    await admin.pb
      .collection('person_updates')
      .create({ person: person.id, kind: 'status', status: 'client' })
    await post('/api/bookings', { audit: audit.id }, '')
    expect((await personOf(email)).status).toBe('client')
    const notes = await server.su.collection('person_updates').getFullList({
      filter: server.su.filter('person = {:p} && origin = "site"', { p: person.id }),
    })
    expect(notes).toEqual([
      expect.objectContaining({ kind: 'note', text: 'Booked a call through the scheduler.' }),
    ])
  })

  describe('forged reports change nothing', () => {
    let victim: string
    let victimAudit: { id: string; created: number }
    let attacker: string
    let attackerToken: string

    beforeAll(async () => {
      victim = uniqueEmail('victim')
      victimAudit = await takeAudit(victim)
      attacker = uniqueEmail('attacker')
      await takeAudit(attacker)
      attackerToken = await resultsToken(attacker)
    })

    const altered = (token: string) => token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a')

    it.each([
      ['no token', () => ({ email: victim }), 200],
      ["another person's token", () => ({ ref: attackerToken, email: victim }), 400],
      ['an altered token', () => ({ ref: altered(attackerToken), email: victim }), 400],
      [
        'a token with another id',
        () => ({ ref: `r${victimAudit.id}${attackerToken.slice(16)}`, email: victim }),
        400,
      ],
      ['a stop token', () => ({ ref: `s${attackerToken.slice(1)}` }), 400],
      ['an audit id that does not exist', () => ({ audit: recordId(), email: victim }), 400],
      [
        "another person's audit with the attacker's e-mail",
        () => ({ audit: victimAudit.id, email: attacker }),
        400,
      ],
      ['a malformed body', () => ({ ref: { $ne: '' } }), 400],
    ])('%s', async (_name, body, status) => {
      const res = await post('/api/bookings', body(), '')
      expect(res.status).toBe(status)
      expect(res.body.booked ?? false).toBe(false)
      for (const email of [victim, attacker]) {
        const person = await personOf(email)
        expect(person.status).toBe('new')
        const updates = await server.su.collection('person_updates').getFullList({
          filter: server.su.filter('person = {:p}', { p: person.id }),
        })
        expect(updates).toHaveLength(0)
      }
    })
  })
})

describe('the console', () => {
  let admin: { pb: PocketBase; email: string }

  beforeAll(async () => {
    admin = await createUser({ isAdmin: true, url: server.url, label: 'console' })
  })

  it('refuses settings that would break the mails, naming each field', async () => {
    const { settings } = await admin.pb.send('/api/followups/settings', {})
    const bad = {
      enabled: 'yes',
      steps: [
        { delayDays: 0, subject: '', text: 'No link here {{unknown}}' },
        {
          delayDays: 1.5,
          subject: 'Hi {{recommendation}}',
          text: '{{bookingLink}} {{bookingLink}}',
        },
      ],
    }
    const put = await fetch(`${server.url}/api/followups/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: admin.pb.authStore.token },
      body: JSON.stringify(bad),
    })
    expect(put.status).toBe(400)
    const data = (await put.json()).data
    expect(Object.keys(data).sort()).toEqual([
      'enabled',
      'steps.0.delayDays',
      'steps.0.subject',
      'steps.0.text',
      'steps.1.delayDays',
      'steps.1.subject',
      'steps.1.text',
    ])
    expect((await admin.pb.send('/api/followups/settings', {})).settings).toEqual(settings)
  })

  it('only the admin', async () => {
    const user = await createUser({ verified: true, url: server.url, label: 'not-admin' })
    for (const [method, path] of [
      ['GET', '/api/followups/settings'],
      ['GET', '/api/followups/figures'],
      ['POST', '/api/followups/preview'],
      ['POST', '/api/followups/test'],
    ]) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: user.pb.authStore.token, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      })
      expect(res.status, `${method} ${path}`).toBe(403)
      const guest = await fetch(`${server.url}${path}`, {
        method,
        body: method === 'POST' ? '{}' : undefined,
      })
      expect(guest.status, `guest ${method} ${path}`).toBe(401)
    }
    const run = await fetch(`${server.url}/api/followups/run`, {
      method: 'POST',
      headers: { authorization: admin.pb.authStore.token },
    })
    expect([401, 403]).toContain(run.status)
  })

  it('previews a draft for a real person and sends the admin a test', async () => {
    const email = uniqueEmail('previewed')
    const audit = await takeAudit(email)
    const person = await personOf(email)
    const stored = await server.su.collection('audits').getOne(audit.id)
    const draft = {
      person: person.id,
      subject: 'Your {{score}}% ({{band}})',
      text: 'Hi {{firstName}},\n\n{{weakestSection}}: {{recommendation}}\n\n{{bookingLink}}',
    }
    const preview = await admin.pb.send('/api/followups/preview', { method: 'POST', body: draft })
    expect(preview.subject).toMatch(
      new RegExp(`^Your ${stored.overallScore}% \\((Strong|Room to improve|Needs attention)\\)$`),
    )
    expect(preview.text).toContain('Hi there,')
    expect(preview.html).toContain(messages.bookCall)
    const answer = await admin.pb.send('/api/followups/test', { method: 'POST', body: draft })
    expect(answer).toEqual({ queued: true, to: admin.email })
    await server.flush()
    await receiver.waitFor(() =>
      receiver.mailsTo(admin.email).some((m) => m.subject.startsWith('[Test] ')),
    )
    const test = receiver.mailsTo(admin.email).filter((m) => m.subject.startsWith('[Test] '))[0]
    expect(test.subject).toBe(`[Test] ${preview.subject}`)
    expect(test.from).toContain(SITE_CONTENT_DEFAULTS.ownerName)
    expect(test.text).toContain('This is a test')
    // Nothing the test's links do names anyone.
    expect(test.text).not.toMatch(TOKEN)
  })

  it('counts, per mail, what was sent, clicked, booked after it and why sequences stopped', async () => {
    const figures = await admin.pb.send('/api/followups/figures', {})
    expect(figures.steps[0]).toMatchObject({ step: 1 })
    expect(figures.steps[0].sent).toBeGreaterThanOrEqual(6)
    expect(figures.steps[0].clicked).toBeGreaterThanOrEqual(1)
    expect(figures.steps[0].booked).toBeGreaterThanOrEqual(1)
    expect(figures.steps[0].stoppedAfter.booked).toBeGreaterThanOrEqual(1)
    expect(figures.steps[0].stoppedAfter.message).toBeGreaterThanOrEqual(1)
    expect(figures.steps[0].stoppedAfter.stop_link).toBeGreaterThanOrEqual(2)
  })
})

describe('who may read and write the follow-ups through the records API', () => {
  it('admins read sequences and mails; nobody writes them; the settings only through their route', async () => {
    const email = uniqueEmail('rules')
    const audit = await provenAudit(email)
    await runAt(audit.created + 2 * DAY + 60_000)
    const admin = await createUser({ isAdmin: true, url: server.url, label: 'rules-admin' })
    const user = await createUser({ verified: true, url: server.url, label: 'rules-user' })
    const sequence = await sequenceOf(email)
    const send = await server.su
      .collection('followup_sends')
      .getFirstListItem(server.su.filter('followup = {:f}', { f: sequence.id }))
    const person = await personOf(email)
    const as = (pb: PocketBase | null) => (pb ? pb.authStore.token : '')
    const request = async (pb: PocketBase | null, method: string, path: string, body?: unknown) =>
      (
        await fetch(`${server.url}/api/collections/${path}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: as(pb) },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).status
    for (const [name, pb] of [
      ['guest', null],
      ['user', user.pb],
    ] as const) {
      expect(await request(pb, 'GET', `followups/records/${sequence.id}`), name).toBe(404)
      expect(await request(pb, 'GET', `followup_sends/records/${send.id}`), name).toBe(404)
    }
    expect(await request(admin.pb, 'GET', `followups/records/${sequence.id}`)).toBe(200)
    expect(await request(admin.pb, 'GET', `followup_sends/records/${send.id}`)).toBe(200)
    for (const pb of [null, user.pb, admin.pb]) {
      expect(await request(pb, 'POST', 'followups/records', { person: person.id })).toBe(403)
      expect(
        await request(pb, 'PATCH', `followups/records/${sequence.id}`, { stoppedAt: '' }),
      ).toBe(403)
      expect(await request(pb, 'DELETE', `followup_sends/records/${send.id}`)).toBe(403)
      expect(await request(pb, 'GET', 'followup_settings/records')).toBe(403)
      expect(
        await request(pb, 'POST', 'followup_settings/records', { enabled: false, steps: [] }),
      ).toBe(403)
    }
    // Only the site itself marks a change as its own.
    expect(
      await request(admin.pb, 'POST', 'person_updates/records', {
        person: person.id,
        kind: 'status',
        status: 'call_booked',
        origin: 'site',
      }),
    ).toBe(400)
    expect((await sequenceOf(email)).stoppedAt).toBe('')
  })
})

describe('limits', () => {
  it.each([
    ['/api/bookings', 10, '127.0.0.3'],
    ['/api/followups/click', 30, '127.0.0.4'],
  ])('one IP may POST to %s %i times a minute', async (path, limit, from) => {
    const statuses: number[] = []
    for (let i = 0; i <= limit; i++) {
      statuses.push(
        (await rawRequest(server.url, { method: 'POST', path, body: '{}', from })).status,
      )
    }
    expect(statuses.slice(0, limit).every((status) => status !== 429)).toBe(true)
    expect(statuses[limit]).toBe(429)
  })

  it.each([['/api/followups/click'], ['/api/followups/stop'], ['/api/bookings']])(
    '%s refuses a body over 1 KiB before reading it',
    async (path) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'x'.repeat(4096) }),
      })
      expect(res.status).toBe(413)
    },
  )
})
