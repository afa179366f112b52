// Queueing without sending: every create writes its mail to the delivery queue in the same
// transaction, and with no SMTP configured the mail waits, saying why. Runs on the shared test
// server (no SMTP_HOST) plus, for startup behaviour, a server of its own.
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER_EMAIL } from './harness-env'
import { createUser, guestClient, pbUrl, recordId, superuserClient, uniqueEmail } from './helpers'
import { auditJobsDone } from './support/audit-jobs'
import { auditSubmission, startMailServer } from './support/mail-harness'
import type { MailServer, OutboxRow } from './support/mail-harness'

let su: PocketBase

beforeAll(async () => {
  su = await superuserClient()
})

function outboxFor(sourceId: string) {
  return su.collection('deliveries').getFullList<OutboxRow>({
    filter: su.filter('sourceId = {:sourceId}', { sourceId }),
    sort: 'kind',
  })
}

function contact(overrides: Record<string, string> = {}) {
  return {
    id: recordId(),
    name: 'Jo Tuttle',
    email: uniqueEmail('jo'),
    message: 'Do you work with campgrounds?',
    source: 'portfolio_website',
    ...overrides,
  }
}

describe('creating a record queues its mail and sends nothing', () => {
  it('queues one pending owner notification for a contact', async () => {
    const record = contact()
    await guestClient().collection('contacts').create(record)
    const rows = await outboxFor(record.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      kind: 'owner_contact',
      channel: 'mail',
      class: 'owner',
      recipient: OWNER_EMAIL,
      status: 'pending',
      sentAt: '',
    })
    // Nothing was sent (no SMTP here): at most the dispatcher looked once and said why.
    expect(rows[0].attempts).toBeLessThanOrEqual(1)
    // Rendered when it is sent, from the record as saved.
    expect(rows[0].html).toBe('')
  })

  it("queues the visitor's results and the owner notification for a free audit", async () => {
    const submission = auditSubmission({ email: uniqueEmail('free') })
    await guestClient().collection('audits').create(submission)
    // Its mails are queued by its job, moments after the answer.
    await auditJobsDone(pbUrl(), su.authStore.token, submission.id)
    const rows = await outboxFor(submission.id)
    expect(rows.map((r) => [r.kind, r.recipient])).toEqual([
      ['owner_audit', OWNER_EMAIL],
      ['visitor_results', submission.email],
    ])
    expect(rows.every((r) => r.status === 'pending')).toBe(true)
  })

  it('queues only the owner notification for a member audit', async () => {
    const member = await createUser({ label: 'queue-member' })
    const submission = {
      ...auditSubmission({ email: member.email, flow: 'member' }),
      user: member.id,
    }
    await member.pb.collection('audits').create(submission)
    await auditJobsDone(pbUrl(), su.authStore.token, submission.id)
    expect((await outboxFor(submission.id)).map((r) => r.kind)).toEqual(['owner_audit'])
  })

  it('queues in the same transaction: a failed batch leaves neither the record nor its mail', async () => {
    const good = contact()
    const batch = guestClient().createBatch()
    batch.collection('contacts').create(good)
    batch.collection('contacts').create(contact({ email: 'not an e-mail' }))
    await expect(batch.send()).rejects.toMatchObject({ status: 400 })
    await expect(su.collection('contacts').getOne(good.id)).rejects.toMatchObject({ status: 404 })
    expect(await outboxFor(good.id)).toHaveLength(0)
  })

  it('queues each record of a successful batch once', async () => {
    const records = [contact(), contact()]
    const batch = guestClient().createBatch()
    for (const record of records) batch.collection('contacts').create(record)
    await batch.send()
    for (const record of records) expect(await outboxFor(record.id)).toHaveLength(1)
  })
})

async function flush() {
  const res = await fetch(`${pbUrl()}/api/mail/flush`, {
    method: 'POST',
    headers: { authorization: su.authStore.token },
  })
  expect(res.status).toBe(200)
  return res.json()
}

describe('with no SMTP configured', () => {
  it('keeps mail pending when the sender runs, saying why, and retries it later', async () => {
    const record = contact()
    await guestClient().collection('contacts').create(record)
    const summary = await flush()
    expect(summary).toMatchObject({ smtpConfigured: false, sent: 0 })
    expect(summary.pending).toBeGreaterThan(0)
    const [row] = await outboxFor(record.id)
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      sentAt: '',
      lastError: 'Not sent: SMTP is not configured (SMTP_HOST is empty).',
    })
    expect(Date.parse(row.runAt.replace(' ', 'T'))).toBeGreaterThan(Date.now())
  })
})

describe('a server of its own', () => {
  let server: MailServer

  beforeAll(async () => {
    // No SMTP, and an owner address that is not an e-mail address.
    server = await startMailServer(0, { SMTP_HOST: '', OWNER_EMAIL: 'not-an-address' })
  })

  afterAll(async () => {
    await server?.stop()
  })

  it('says once at startup that mail is not sent without SMTP_HOST', () => {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('SMTP_HOST is not set'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('NOT sent')
  })

  it('still creates the record when a mail cannot be queued', async () => {
    const submission = auditSubmission({ email: uniqueEmail('owner-typo') })
    await server.guest.collection('audits').create(submission)
    expect((await server.su.collection('audits').getOne(submission.id)).id).toBe(submission.id)
    await auditJobsDone(server.url, server.su.authStore.token, submission.id)
    // The visitor's results are queued; the notification to the invalid owner address is not.
    expect((await server.outboxFor(submission.id)).map((r) => r.kind)).toEqual(['visitor_results'])

    const record = contact()
    await server.guest.collection('contacts').create(record)
    expect((await server.su.collection('contacts').getOne(record.id)).id).toBe(record.id)
    expect(await server.outboxFor(record.id)).toHaveLength(0)
  })
})
