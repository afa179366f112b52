// Mail bombing: anyone can name any address in a free audit, so the server limits what it mails to
// visitors (the delivery queue's caps, server/queue/caps.ts): one results mail per address per 24 h
// however many audits name it (every audit is still saved), a daily cap of visitor mails per IP,
// owner notifications sent before visitor mail, and nothing the client chose (its audit id) in a
// mail to a stranger. A server of its own with the production rate limits and a real SMTP receiver;
// each "visitor" sends from its own loopback address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordId, uniqueEmail } from './helpers'
import { MANUAL_QUEUE } from './harness-env'
import { OWNER_EMAIL, auditSubmission, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { rawRequest } from './support/raw-request'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

const PER_IP_PER_DAY = 3

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, {
    MAIL_VISITOR_PER_IP_PER_DAY: String(PER_IP_PER_DAY),
    ...MANUAL_QUEUE,
  })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

async function post(from: string, collection: string, body: unknown): Promise<number> {
  const answer = await rawRequest(server.url, {
    path: `/api/collections/${collection}/records`,
    body: JSON.stringify(body),
    from,
  })
  return answer.status
}

async function visitorRowsTo(to: string) {
  return server.su.collection('deliveries').getFullList({
    filter: server.su.filter('recipient = {:to} && kind = "visitor_results"', { to }),
  })
}

describe('results mail to one address', () => {
  it('is queued once however many audits name it, from however many IPs; every audit is saved', async () => {
    const target = uniqueEmail('target')
    const audits = [
      auditSubmission({ email: target }),
      auditSubmission({ email: target }),
      auditSubmission({ email: target }),
    ]
    // The client-made id a prober would use to reach a stranger with its own words.
    audits[2].id = `callnow${recordId().slice(0, 8)}`
    expect(await post('127.0.0.11', 'audits', audits[0])).toBe(200)
    expect(await post('127.0.0.12', 'audits', audits[1])).toBe(200)
    expect(await post('127.0.0.11', 'audits', audits[2])).toBe(200)
    // Their mails are queued by their jobs, with the address each audit came from.
    await server.runAuditJobs()

    for (const audit of audits) {
      expect(await server.su.collection('audits').getOne(audit.id)).toMatchObject({ email: target })
    }
    expect(await visitorRowsTo(target)).toHaveLength(1)
    for (const audit of audits) {
      const rows = await server.outboxFor(audit.id)
      expect(rows.filter((row) => row.kind === 'owner_audit')).toHaveLength(1)
    }

    await server.flush()
    await receiver.waitFor((mails) => mails.some((m) => m.envelope.to.includes(target)))
    const received = receiver.mailsTo(target)
    expect(received).toHaveLength(1)
    for (const audit of audits) {
      expect(received[0].text).not.toContain(audit.id)
      expect(received[0].html).not.toContain(audit.id)
    }
  })
})

describe('visitor mail per IP', () => {
  it(`stops after ${PER_IP_PER_DAY} a day from one IP; another IP is not affected`, async () => {
    const targets = Array.from({ length: PER_IP_PER_DAY + 2 }, () => uniqueEmail('spread'))
    for (const target of targets) {
      expect(await post('127.0.0.13', 'audits', auditSubmission({ email: target }))).toBe(200)
    }
    await server.runAuditJobs()
    const queued = await Promise.all(targets.map(async (t) => (await visitorRowsTo(t)).length))
    expect(queued).toEqual([1, 1, 1, 0, 0])

    const other = uniqueEmail('other-ip')
    expect(await post('127.0.0.14', 'audits', auditSubmission({ email: other }))).toBe(200)
    await server.runAuditJobs()
    expect(await visitorRowsTo(other)).toHaveLength(1)
  })
})

describe('newsletter confirmations', () => {
  const confirmationsTo = async (to: string) =>
    (
      await server.su.collection('deliveries').getFullList({
        filter: server.su.filter('recipient = {:to} && kind = "newsletter_confirm"', { to }),
      })
    ).length

  it(`count against the same cap: ${PER_IP_PER_DAY} a day from one IP, one per address`, async () => {
    const targets = Array.from({ length: PER_IP_PER_DAY + 2 }, () => uniqueEmail('news-spread'))
    for (const email of targets) {
      const signUp = { id: recordId(), email, source: 'footer' }
      expect(await post('127.0.0.18', 'newsletter_subscriptions', signUp)).toBe(200)
    }
    // Decided after the answer, with the address each sign-up came from.
    await server.decideSignUps()
    expect(await Promise.all(targets.map(confirmationsTo))).toEqual([1, 1, 1, 0, 0])

    // Signing the first address up again, even from another IP, queues no second mail.
    const again = { id: recordId(), email: targets[0], source: 'footer' }
    expect(await post('127.0.0.19', 'newsletter_subscriptions', again)).toBe(200)
    await server.decideSignUps()
    expect(await confirmationsTo(targets[0])).toBe(1)
  })
})

describe('the order of sending', () => {
  it("sends the owner's notification of a message before visitor mail queued earlier", async () => {
    // Whatever earlier tests queued goes out first.
    await server.flush()
    const before = receiver.mails.length
    const visitors = [uniqueEmail('early-a'), uniqueEmail('early-b')]
    expect(await post('127.0.0.15', 'audits', auditSubmission({ email: visitors[0] }))).toBe(200)
    expect(await post('127.0.0.16', 'audits', auditSubmission({ email: visitors[1] }))).toBe(200)
    const marker = `msg-${recordId()}`
    const contact = {
      id: recordId(),
      name: 'Real Visitor',
      email: uniqueEmail('real'),
      message: `Please call me ${marker}`,
      source: 'portfolio_website',
    }
    expect(await post('127.0.0.17', 'contacts', contact)).toBe(200)

    await server.flush()
    await receiver.waitFor((mails) =>
      visitors.every((v) => mails.some((m) => m.envelope.to.includes(v))),
    )
    const order = receiver.mails
      .slice(before)
      .map((m) =>
        m.envelope.to.includes(OWNER_EMAIL)
          ? m.text.includes(marker)
            ? 'contact'
            : 'owner'
          : 'visitor',
      )
    expect(order.indexOf('contact')).toBe(0)
    expect(order.lastIndexOf('owner')).toBeLessThan(order.indexOf('visitor'))
  })
})
