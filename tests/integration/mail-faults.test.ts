// What the queue does with each answer a real SMTP server can give, and what the console's health
// line reads from it: a 5xx refusal fails the mail at once with the server's words; a 4xx answer,
// a refused connection and a refused relay login (535: our password, not the mail) are retried;
// GET /api/mail/health says when mail last went out, what waits, and the last temporary fault
// since when. Each case on a server of its own, with a real receiver that answers that way.
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort } from '../../scripts/pocketbase.mjs'
import { createUser, guestClient, recordId, uniqueEmail } from './helpers'
import { MANUAL_QUEUE } from './harness-env'
import { startMailServer } from './support/mail-harness'
import type { MailServer, OutboxRow } from './support/mail-harness'
import { startRefusingReceiver, startSmtpReceiver } from './support/smtp-receiver'

const HOUR = 3600_000
const cleanup: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

interface Health {
  channel: string
  smtpConfigured: boolean
  lastSentAt: string | null
  waiting: number
  failed: number
  lastError: string | null
  lastErrorAt: string | null
  failingSince: string | null
}

async function serverOn(port: number, env: Record<string, string> = {}): Promise<MailServer> {
  // Each case counts what the runs it asks for did.
  const server = await startMailServer(port, { ...MANUAL_QUEUE, ...env })
  cleanup.push(() => server.stop())
  return server
}

async function health(server: MailServer, token = server.su.authStore.token) {
  const res = await fetch(`${server.url}/api/mail/health`, { headers: { authorization: token } })
  return { status: res.status, body: (await res.json()) as Health }
}

async function contactRow(server: MailServer): Promise<OutboxRow> {
  const contact = {
    id: recordId(),
    name: 'Pat Lovejoy',
    email: uniqueEmail('pat'),
    message: 'Hello.',
    source: 'portfolio_website',
  }
  await guestClient(server.url).collection('contacts').create(contact)
  return (await server.outboxFor(contact.id))[0]
}

async function row(server: MailServer, id: string): Promise<OutboxRow> {
  return server.su.collection('deliveries').getOne<OutboxRow>(id)
}

describe('a permanent refusal (5xx)', () => {
  it("fails the mail at once with the mail server's words, never retried", async () => {
    const refusing = await startRefusingReceiver({ code: 550, text: 'No such user here' })
    cleanup.push(() => refusing.close())
    const server = await serverOn(refusing.port)
    const queued = await contactRow(server)
    const summary = await server.flush()
    expect(summary).toMatchObject({ sent: 0, failed: 1, retried: 0 })
    const failed = await row(server, queued.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toBe('Refused by the mail server: 550 "No such user here"')
    expect(failed.errorLog).toEqual([expect.objectContaining({ attempt: 1, permanent: true })])

    await server.flush(new Date(Date.now() + 24 * HOUR))
    expect(refusing.offered()).toBe(1)
    // Not a broken mail server: the health line has no error, the failed count has it.
    const { body } = await health(server)
    expect(body).toMatchObject({ smtpConfigured: true, failed: 1, lastError: null, waiting: 0 })
  })
})

describe('temporary faults', () => {
  it.each([
    ['a 4xx answer', 421, 'Try again later', /^421 "Try again later"$/],
    ['a refused relay login (535)', 535, 'Authentication failed', /^535 /],
  ])('%s keeps the mail pending and retries it', async (_what, code, text, error) => {
    const refusing = await startRefusingReceiver({ code, text, login: code === 535 })
    cleanup.push(() => refusing.close())
    const server = await serverOn(
      refusing.port,
      code === 535 ? { SMTP_USER: 'site', SMTP_PASS: 'expired-password' } : {},
    )
    const queued = await contactRow(server)
    await server.flush()
    const first = await row(server, queued.id)
    expect(first).toMatchObject({ status: 'pending', attempts: 1 })
    expect(first.lastError).toMatch(error)
    await server.flush(new Date(Date.now() + HOUR))
    const second = await row(server, queued.id)
    expect(second).toMatchObject({ status: 'pending', attempts: 2 })
    expect(second.errorLog?.every((entry) => !entry.permanent)).toBe(true)
  })
})

describe('GET /api/mail/health', () => {
  it('says the last send, what waits, and a refused connection since when; all well again once a mail goes out', async () => {
    const port: number = await freePort()
    const receiver = await startSmtpReceiver(port)
    cleanup.push(() => receiver.close())
    const server = await serverOn(port)
    const member = await createUser({ url: server.url, label: 'health-member' })
    const admin = await createUser({ url: server.url, label: 'health-admin', isAdmin: true })
    expect((await health(server, '')).status).toBe(401)
    expect((await health(server, member.pb.authStore.token)).status).toBe(403)
    expect((await health(server, admin.pb.authStore.token)).body).toEqual({
      channel: 'mail',
      smtpConfigured: true,
      lastSentAt: null,
      waiting: 0,
      failed: 0,
      lastError: null,
      lastErrorAt: null,
      failingSince: null,
      // Its loop starts at the server's first full minute.
      dispatching: expect.any(Boolean),
    })

    await contactRow(server)
    await server.flush()
    await receiver.waitFor((mails) => mails.length === 1)
    const working = (await health(server, admin.pb.authStore.token)).body
    expect(working).toMatchObject({ waiting: 0, lastError: null, failingSince: null })
    expect(working.lastSentAt).not.toBeNull()

    // The relay goes away: two mails wait, the first fault names the time it started.
    await receiver.close()
    await contactRow(server)
    await contactRow(server)
    await server.flush()
    await server.flush(new Date(Date.now() + HOUR))
    const broken = (await health(server, admin.pb.authStore.token)).body
    expect(broken.waiting).toBe(2)
    expect(broken.lastError).toMatch(/connection refused/)
    expect(broken.failingSince! < broken.lastErrorAt!).toBe(true)
    expect(broken.failingSince! > broken.lastSentAt!).toBe(true)

    // Back: the next send clears the line.
    const again = await startSmtpReceiver(port)
    cleanup.push(() => again.close())
    await server.flush(new Date(Date.now() + 3 * HOUR))
    await again.waitFor((mails) => mails.length === 2)
    expect((await health(server, admin.pb.authStore.token)).body).toMatchObject({
      waiting: 0,
      lastError: null,
      failingSince: null,
    })
  })

  it('says when SMTP is not configured, while mail is kept (for five days)', async () => {
    const server = await serverOn(0, { SMTP_HOST: '' })
    const queued = await contactRow(server)
    await server.flush()
    expect((await health(server)).body).toMatchObject({
      smtpConfigured: false,
      waiting: 1,
      lastSentAt: null,
    })
    expect(await row(server, queued.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Not sent: SMTP is not configured (SMTP_HOST is empty).',
    })
    await server.flush(new Date(Date.now() + 60 * HOUR))
    expect(await row(server, queued.id)).toMatchObject({ status: 'pending', attempts: 2 })
    await server.flush(new Date(Date.now() + 121 * HOUR))
    const expired = await row(server, queued.id)
    expect(expired.status).toBe('failed')
    expect(expired.lastError).toBe(
      'Gave up after 3 attempts: Not sent: SMTP is not configured (SMTP_HOST is empty).',
    )
  })
})
