// An audit's create does only what its answer needs (pb_hooks/audits.pb.js, server/leads/): it
// validates, scores and commits the audit with ONE job, `leads.audit-saved`; the person, the
// follow-up sequence, the newsletter choice, the `audit.completed` webhook event and the two mails
// are that job's, moments later, each exactly once however often the job runs. Against a real
// PocketBase, a real SMTP receiver and a webhook receiver on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MANUAL_QUEUE, OWNER_EMAIL } from './harness-env'
import { recordId, uniqueEmail } from './helpers'
import { AUDIT_SAVED_JOB, auditJobsWaiting, runAuditJobs } from './support/audit-jobs'
import { auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'
import { startWebhookReceiver } from './support/webhook-receiver'
import type { WebhookReceiver } from './support/webhook-receiver'

const HOUR = 60 * 60 * 1000

let receiver: SmtpReceiver
let hooks: WebhookReceiver
/** The dispatcher's loops off: nothing runs until the test runs it. */
let manual: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  hooks = await startWebhookReceiver()
  manual = await startMailServer(receiver.port, { ...MANUAL_QUEUE, WEBHOOKS_ALLOW_PRIVATE: 'true' })
  await manual.su.send('/api/webhooks', {
    method: 'POST',
    body: { url: `${hooks.origin}/audits`, events: ['audit.completed'], description: 'audits' },
  })
})

afterAll(async () => {
  await manual?.stop()
  await receiver?.close()
  await hooks?.close()
})

/** How many rows of `collection` match `filter` (as the superuser). */
async function count(server: MailServer, collection: string, filter: string): Promise<number> {
  const page = await server.su.collection(collection).getList(1, 1, { filter })
  return page.totalItems
}

/** Everything an audit causes, counted. */
async function caused(server: MailServer, audit: { id: string; email: string }) {
  const su = server.su
  const people = await su
    .collection('people')
    .getFullList({ filter: su.filter('email = {:e}', { e: audit.email }) })
  const sequences = people.length
    ? await count(server, 'followups', su.filter('person = {:p}', { p: people[0].id }))
    : 0
  const bySource = (kind: string) =>
    count(
      server,
      'deliveries',
      su.filter('kind = {:kind} && sourceId = {:id}', { kind, id: audit.id }),
    )
  return {
    people: people.length,
    auditCount: people.length ? (people[0].auditCount as number) : 0,
    sequences,
    ownerMails: await bySource('owner_audit'),
    resultsMails: await bySource('visitor_results'),
    webhookEvents: await count(
      server,
      'webhook_events',
      su.filter('type = "audit.completed" && args ~ {:id}', { id: audit.id }),
    ),
    signUps:
      (await count(server, 'newsletter_subscriptions', su.filter('id = {:id}', { id: audit.id }))) +
      (await count(server, 'newsletter_signups', su.filter('id = {:id}', { id: audit.id }))),
  }
}

/** The job's row back in the queue, as a crash between its work and its removal leaves it. */
async function queueJobAgain(server: MailServer, auditId: string) {
  await server.su.collection('deliveries').create({
    kind: AUDIT_SAVED_JOB,
    channel: 'job',
    class: 'job',
    status: 'pending',
    recipient: 'job',
    sourceId: auditId,
    uniqueKey: `${AUDIT_SAVED_JOB}:${auditId}`,
    payload: { clientIp: '127.0.0.1' },
    attempts: 0,
    runAt: new Date(Date.now() - 1000).toISOString(),
    expiresAt: new Date(Date.now() + HOUR).toISOString(),
  })
}

describe("an audit's create and its job", () => {
  it('answers with the score and commits one job with the audit; the rest waits for the job', async () => {
    const email = uniqueEmail('answered')
    const sent = { ...auditSubmission({ email }), newsletterSubscription: true }
    // A client cannot set its own score: the server's is in the answer.
    const answer = await manual.guest.collection('audits').create({ ...sent, overallScore: 100 })
    expect(answer.overallScore).toBe(sent.overallScore)
    expect(answer.scores).toEqual(sent.scores)

    const queued = await manual.outboxFor(sent.id)
    expect(queued.map((row) => [row.kind, row.status])).toEqual([[AUDIT_SAVED_JOB, 'pending']])
    const job = await manual.su.collection('deliveries').getOne(queued[0].id)
    // What only the request knew: the client's address, for the per-IP cap on visitor mail. The
    // audit's INSERT queued it (a trigger); the audit keeps it (hidden) until its job ran.
    expect(job.payload).toEqual({ clientIp: '127.0.0.1' })
    expect((await manual.su.collection('audits').getOne(sent.id)).clientIp).toBe('127.0.0.1')
    expect(
      await manual.guest
        .collection('audits')
        .getOne(sent.id)
        .catch(() => null),
      'a visitor never reads it back',
    ).toSatisfy((read: Record<string, unknown> | null) => !read || !('clientIp' in read))
    // A visitor cannot plant an address of their own: refused, naming the field.
    const planted = { ...auditSubmission({ email: uniqueEmail('planted') }), clientIp: '10.9.8.7' }
    const refused = await fetch(`${manual.url}/api/collections/audits/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(planted),
    })
    expect(refused.status).toBe(400)
    expect(Object.keys(((await refused.json()) as { data: object }).data)).toEqual(['clientIp'])
    expect(await caused(manual, { id: sent.id, email })).toEqual({
      people: 0,
      auditCount: 0,
      sequences: 0,
      ownerMails: 0,
      resultsMails: 0,
      webhookEvents: 0,
      signUps: 0,
    })
  })

  it('the job makes the person, the sequence, the sign-up, the webhook event and the two mails, each once, also when it runs twice', async () => {
    const email = uniqueEmail('once')
    const sent = { ...auditSubmission({ email }), newsletterSubscription: true }
    await manual.guest.collection('audits').create(sent)
    const once = {
      people: 1,
      auditCount: 1,
      sequences: 1,
      ownerMails: 1,
      resultsMails: 1,
      webhookEvents: 1,
      signUps: 1,
    }

    await runAuditJobs(manual.url, manual.su.authStore.token)
    expect(await auditJobsWaiting(manual.url, manual.su.authStore.token, sent.id)).toBe(0)
    expect(await caused(manual, { id: sent.id, email })).toEqual(once)
    // The job blanked the address it used.
    expect((await manual.su.collection('audits').getOne(sent.id)).clientIp).toBe('')

    await queueJobAgain(manual, sent.id)
    await runAuditJobs(manual.url, manual.su.authStore.token)
    expect(await auditJobsWaiting(manual.url, manual.su.authStore.token, sent.id)).toBe(0)
    expect(await caused(manual, { id: sent.id, email })).toEqual(once)

    // Sent: one results mail, one owner's notice, one confirmation, one webhook delivery.
    await manual.flush()
    await manual.flush()
    const res = await fetch(`${manual.url}/api/webhooks/flush`, {
      method: 'POST',
      headers: { authorization: manual.su.authStore.token, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(200)
    await receiver.waitFor(
      () =>
        receiver.mailsTo(email).length >= 2 &&
        receiver.mailsTo(OWNER_EMAIL).some((m) => m.subject.includes(email)),
    )
    await hooks.waitFor((all) => all.some((r) => r.body.includes(sent.id)))
    expect(receiver.mailsTo(email).map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/audit results/i),
        expect.stringMatching(/confirm your subscription/i),
      ]),
    )
    expect(receiver.mailsTo(email)).toHaveLength(2)
    expect(receiver.mailsTo(OWNER_EMAIL).filter((m) => m.subject.includes(email))).toHaveLength(1)
    expect(hooks.received.filter((r) => r.body.includes(sent.id))).toHaveLength(1)
  })

  it('a message sent before the job ran stops the sequence the audit starts', async () => {
    const email = uniqueEmail('wrote')
    const sent = auditSubmission({ email })
    await manual.guest.collection('audits').create(sent)
    await manual.guest.collection('contacts').create({
      id: recordId(),
      name: 'Robin Wrote',
      email,
      message: 'Before you mail me: could we talk on Tuesday?',
      source: 'portfolio_website',
    })
    await runAuditJobs(manual.url, manual.su.authStore.token)
    const person = await manual.su
      .collection('people')
      .getFirstListItem(manual.su.filter('email = {:e}', { e: email }))
    const sequence = await manual.su
      .collection('followups')
      .getFirstListItem(manual.su.filter('person = {:p}', { p: person.id }))
    expect(sequence).toMatchObject({ audit: sent.id, stopReason: 'message' })
    expect(sequence.stoppedAt).not.toBe('')
  })

  it('a booking from the report before the job ran is tied to the person all the same', async () => {
    const email = uniqueEmail('quick-booker')
    const sent = auditSubmission({ email })
    await manual.guest.collection('audits').create(sent)
    const res = await fetch(`${manual.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ audit: sent.id, path: '/free-audit' }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toEqual({ booked: true, repeat: false })
    const person = await manual.su
      .collection('people')
      .getFirstListItem(manual.su.filter('email = {:e}', { e: email }))
    expect(person.status).toBe('call_booked')
  })
})

describe('with the dispatcher running', () => {
  let live: MailServer
  beforeAll(async () => {
    live = await startMailServer(receiver.port)
  })
  afterAll(async () => {
    await live?.stop()
  })

  it('the person, the sequence and the two mails follow within seconds, with no flush', async () => {
    const email = uniqueEmail('live')
    const sent = auditSubmission({ email })
    await live.guest.collection('audits').create(sent)
    await eventually(async () => {
      const now = await caused(live, { id: sent.id, email })
      return now.people === 1 && now.sequences === 1
    }, 5000)
    await receiver.waitFor(
      () =>
        receiver.mailsTo(email).length === 1 &&
        receiver.mailsTo(OWNER_EMAIL).some((m) => m.subject.includes(email)),
      10_000,
    )
    expect(await auditJobsWaiting(live.url, live.su.authStore.token, sent.id)).toBe(0)
  })
})
