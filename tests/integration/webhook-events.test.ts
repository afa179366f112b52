// Every webhook event, caused the way the site causes it, reaches a real receiver on loopback
// exactly once, signed so that the Standard Webhooks reference package (not our code) verifies
// it with the endpoint's secret, with the payload a CRM needs.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root } from '../../scripts/pocketbase.mjs'
import { createUser, recordId, uniqueEmail } from './helpers'
import { auditJobsDone } from './support/audit-jobs'
import { auditSubmission } from './support/mail-harness'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'
import { startWebhookServer, type WebhookServer } from './support/webhook-harness'

let receiver: WebhookReceiver
let server: WebhookServer
let endpoint: { id: string; secret: string }
let hooksDir: string

const ALL_EVENTS = [
  'audit.completed',
  'message.received',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'person.status_changed',
  'call.booked',
]

beforeAll(async () => {
  // A test-only route runs the webhook log's daily cleanup at a chosen time.
  hooksDir = mkdtempSync(join(tmpdir(), 'pb-webhook-hooks-'))
  cpSync(join(root, 'pb_hooks'), hooksDir, { recursive: true })
  cpSync(
    join(root, 'tests/integration/support/hooks/webhook-log-cleanup.pb.js'),
    join(hooksDir, 'zz-webhook-log-cleanup.pb.js'),
  )
  receiver = await startWebhookReceiver()
  server = await startWebhookServer({ extra: [`--hooksDir=${hooksDir}`] })
  endpoint = await server.addEndpoint(`${receiver.origin}/crm`, ALL_EVENTS, 'CRM')
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
  rmSync(hooksDir, { recursive: true, force: true })
})

interface PersonData {
  id: string
  email: string
  name: string
  status: string
  auditCount: number
  url: string
}

/** The parts of the payloads these tests read (docs/webhooks.md has them whole). */
interface Payload {
  type: string
  timestamp: string
  data: {
    person: PersonData
    audit?: { band: string }
    message?: unknown
    subscriber?: { confirmedAt: string }
    source?: unknown
    booking?: unknown
  }
}

/** Flushes until no job or webhook is due in the queue or being sent. */
async function queueSettled(timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  // Follow-up steps wait days ahead as jobs: only what is due now counts.
  const filter =
    "(channel = 'job' || channel = 'webhook') && " +
    "(status = 'sending' || (status = 'pending' && (runAt = '' || runAt <= @now)))"
  for (;;) {
    await server.flush()
    const waiting = await server.su.collection('deliveries').getList(1, 1, { filter })
    if (waiting.totalItems === 0) return
    if (Date.now() > deadline) throw new Error(`${waiting.totalItems} queue rows still waiting`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Flushes until a webhook of `type` arrived; returns it verified and parsed. */
async function delivered(type: string): Promise<{ payload: Payload; id: string }> {
  await server.flush()
  await receiver.waitFor((all) => all.some((r) => JSON.parse(r.body).type === type))
  const matching = receiver.at('/crm').filter((r) => JSON.parse(r.body).type === type)
  expect(matching).toHaveLength(1)
  const request = matching[0]
  const verified = new Webhook(endpoint.secret).verify(request.body, request.headers) as Payload
  expect(request.headers['content-type']).toBe('application/json')
  expect(request.headers['webhook-id']).toMatch(/^msg_[a-z0-9]{15}$/)
  expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(
    60,
  )
  return { payload: verified, id: request.headers['webhook-id'] }
}

function expectPerson(person: PersonData, email: string) {
  expect(person).toMatchObject({ email, id: expect.stringMatching(/^[a-z0-9]{15}$/) })
  expect(person.url).toBe(`https://efficiency.test/audit-admin?person=${person.id}`)
}

describe('webhook events', () => {
  it('audit.completed: the scores as the server computed them, the band and the person', async () => {
    const email = uniqueEmail('audit')
    const audit = auditSubmission({ email })
    await server.guest.collection('audits').create({
      ...audit,
      firstTouch: { referrer: 'google.com', utmSource: 'newsletter' },
    })
    const { payload } = await delivered('audit.completed')
    expect(payload.type).toBe('audit.completed')
    expect(Date.parse(payload.timestamp)).toBeGreaterThan(Date.now() - 60_000)
    expect(payload.data.audit).toMatchObject({
      id: audit.id,
      flow: 'free',
      email,
      score: audit.overallScore,
      sectionScores: audit.scores.sectionScores,
    })
    expect(['green', 'yellow', 'red']).toContain(payload.data.audit?.band)
    expect(payload.data.source).toEqual({ referrer: 'google.com', utmSource: 'newsletter' })
    expectPerson(payload.data.person, email)
    expect(payload.data.person).toMatchObject({ status: 'new', auditCount: 1 })
  })

  it('message.received: the message text, its source and the person', async () => {
    const email = uniqueEmail('message')
    const id = recordId()
    await server.guest.collection('contacts').create({
      id,
      name: 'Dana Pike',
      email,
      message: 'Can you look at our café\'s booking process? ✓ 🎉\nThanks, "Dana"',
      source: 'portfolio_website',
    })
    const { payload } = await delivered('message.received')
    expect(payload.data.message).toMatchObject({
      id,
      name: 'Dana Pike',
      email,
      text: 'Can you look at our café\'s booking process? ✓ 🎉\nThanks, "Dana"',
      source: 'portfolio_website',
      sourceLabel: 'Portfolio Website Contact Form',
    })
    expectPerson(payload.data.person, email)
    expect(payload.data.person.name).toBe('Dana Pike')
  })

  it('subscriber.confirmed and subscriber.unsubscribed: a subscription made active, then left', async () => {
    const user = await createUser({ verified: true, label: 'reader', url: server.url })
    await user.pb.send('/api/newsletter/me', { method: 'POST', body: { subscribed: true } })
    const confirmed = await delivered('subscriber.confirmed')
    expect(confirmed.payload.data.subscriber).toMatchObject({
      email: user.email.toLowerCase(),
      status: 'active',
    })
    expect(confirmed.payload.data.subscriber?.confirmedAt).not.toBe('')
    expectPerson(confirmed.payload.data.person, user.email.toLowerCase())

    await user.pb.send('/api/newsletter/me', { method: 'POST', body: { subscribed: false } })
    const left = await delivered('subscriber.unsubscribed')
    expect(left.payload.data.subscriber).toMatchObject({
      email: user.email.toLowerCase(),
      status: 'unsubscribed',
    })
    expect(left.id).not.toBe(confirmed.id)
  })

  it("person.status_changed: the consultant's change, with the status before", async () => {
    const email = uniqueEmail('status')
    await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Lee',
      email,
      message: 'Hello',
      source: 'portfolio_website',
    })
    const person = await server.admin.pb
      .collection('people')
      .getFirstListItem(server.admin.pb.filter('email = {:email}', { email }))
    await server.admin.pb
      .collection('person_updates')
      .create({ id: recordId(), person: person.id, kind: 'status', status: 'contacted' })
    const { payload } = await delivered('person.status_changed')
    expect(payload.data).toMatchObject({
      previousStatus: 'new',
      previousStatusLabel: 'New',
      status: 'contacted',
      statusLabel: 'Contacted',
    })
    expectPerson(payload.data.person, email)
  })

  it('person.created: a lead added by hand, with the number and where they came from; and a visitor', async () => {
    // An endpoint of its own: every other test here makes people too.
    const people = await server.addEndpoint(
      `${receiver.origin}/people`,
      ['person.created'],
      'People',
    )
    const lead = await server.admin.pb.collection('people').create({
      id: recordId(),
      name: 'Walk In',
      phone: '(603) 555-0144',
      source: 'walk_in',
    })
    const email = uniqueEmail('created')
    await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Visitor',
      email,
      message: 'Hello',
      source: 'portfolio_website',
    })
    const visitor = await server.admin.pb
      .collection('people')
      .getFirstListItem(server.admin.pb.filter('email = {:email}', { email }))
    await server.flush()
    const bodies = () =>
      receiver
        .at('/people')
        .map((r) => new Webhook(people.secret).verify(r.body, r.headers) as Payload)
    await receiver.waitFor(() => bodies().length >= 2)
    const byPerson = Object.fromEntries(bodies().map((b) => [b.data.person.id, b]))
    expect(byPerson[lead.id].type).toBe('person.created')
    expect(byPerson[lead.id].data).toMatchObject({
      phone: '(603) 555-0144',
      addedByHand: true,
      source: 'walk_in',
      sourceLabel: 'Walk-in',
      person: { name: 'Walk In', email: '', status: 'new' },
    })
    expect(byPerson[visitor.id].data).toMatchObject({ addedByHand: false, source: '' })
    expectPerson(byPerson[visitor.id].data.person, email)
  })

  it('call.booked: the scheduler reports a booking from the audit report, with the person', async () => {
    const email = uniqueEmail('booked')
    const audit = auditSubmission({ email })
    await server.guest.collection('audits').create(audit)
    // Its person comes from its job, moments after the answer.
    await auditJobsDone(server.url, server.su.authStore.token, audit.id)
    // What the report page sends when its scheduler says a call was booked (POST /api/bookings).
    const answer = await server.guest.send('/api/bookings', {
      method: 'POST',
      body: { audit: audit.id, email, path: '/free-audit' },
    })
    expect(answer).toMatchObject({ booked: true })
    const { payload } = await delivered('call.booked')
    expect(payload.data.booking).toEqual({ via: 'their audit report', path: '/free-audit' })
    expectPerson(payload.data.person, email)
  })

  it('sends each event once, and nothing for an event the endpoint did not pick', async () => {
    const other = await startWebhookReceiver()
    try {
      const picky = await server.addEndpoint(`${other.origin}/only-messages`, ['message.received'])
      await server.guest.collection('audits').create(auditSubmission({ email: uniqueEmail('x') }))
      await server.guest.collection('contacts').create({
        id: recordId(),
        name: 'Ola',
        email: uniqueEmail('ola'),
        message: 'Only this one',
        source: 'portfolio_website',
      })
      await server.flush()
      await other.waitFor((all) => all.length >= 1)
      await server.flush()
      expect(other.received.map((r) => JSON.parse(r.body).type)).toEqual(['message.received'])
      const ids = receiver.received.map((r) => r.headers['webhook-id'])
      expect(new Set(ids).size).toBe(ids.length)
      await server.admin.pb.send(`/api/webhooks/${picky.id}`, { method: 'DELETE' })
    } finally {
      await other.close()
    }
  })

  it('the log and its events are kept 30 days, then removed by the daily cleanup', async () => {
    // The earlier tests' jobs and sends may still be running: an attempt logged between the
    // count and the cleanup would be removed without being counted.
    await queueSettled()
    const before = await server.su.collection('webhook_attempts').getList(1, 1)
    expect(before.totalItems).toBeGreaterThan(0)
    const day = 24 * 60 * 60 * 1000
    const keep = await server.su.send('/api/test/webhook-log-cleanup', {
      method: 'POST',
      body: { now: new Date(Date.now() + 29 * day).toISOString() },
    })
    expect(keep.removed).toBe(0)
    const clean = await server.su.send('/api/test/webhook-log-cleanup', {
      method: 'POST',
      body: { now: new Date(Date.now() + 31 * day).toISOString() },
    })
    expect(clean.removed).toBe(before.totalItems)
    expect((await server.su.collection('webhook_attempts').getList(1, 1)).totalItems).toBe(0)
    expect((await server.su.collection('webhook_events').getList(1, 1)).totalItems).toBe(0)
  })
})
