// The owner's inbox (server/leads/owner-digest.ts): at most OWNER_MAIL_PER_HOUR notifications an
// hour (6 here, the default) and one of each kind per IP an hour; everything else waits for ONE
// digest an hour that names every message and audit (name, e-mail, score or first line, a link
// to the person). Nothing is dropped, and a real visitor's message still goes out on the next run
// while one IP floods. Real PocketBase, real SMTP receiver; time moves through the flush endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordId, uniqueEmail } from './helpers'
import { MANUAL_QUEUE } from './harness-env'
import { OWNER_EMAIL, auditSubmission, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { rawRequest } from './support/raw-request'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { ReceivedMail, SmtpReceiver } from './support/smtp-receiver'

const MINUTE = 60_000

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, { OWNER_MAIL_PER_HOUR: '6', ...MANUAL_QUEUE })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

async function post(from: string, collection: string, body: unknown) {
  const answer = await rawRequest(server.url, {
    path: `/api/collections/${collection}/records`,
    body: JSON.stringify(body),
    from,
  })
  expect(answer.status, answer.body).toBe(200)
}

function contact(label: string) {
  return {
    id: recordId(),
    name: `Visitor ${label}`,
    email: uniqueEmail(label),
    message: `First line from ${label}\nand a second line`,
    source: 'portfolio_website',
  }
}

const toOwner = (mails: ReceivedMail[]) => mails.filter((m) => m.envelope.to.includes(OWNER_EMAIL))

describe("the owner's inbox", () => {
  it('40 messages and audits in ten minutes arrive as at most 7 mails that name every one', async () => {
    const start = Date.now()
    const before = toOwner(receiver.mails).length
    const sent: { email: string; name?: string; detail: string }[] = []
    for (let minute = 0; minute < 10; minute++) {
      for (let i = 0; i < 4; i++) {
        const n = minute * 4 + i
        // Every one from its own address: only the hourly cap holds them back.
        const ip = `127.0.1.${n + 1}`
        if (n % 2 === 0) {
          const message = contact(`digest-${n}`)
          await post(ip, 'contacts', message)
          sent.push({
            email: message.email,
            name: message.name,
            detail: `First line from digest-${n}`,
          })
        } else {
          const audit = auditSubmission({ email: uniqueEmail(`digest-${n}`) })
          await post(ip, 'audits', audit)
          sent.push({ email: audit.email, detail: `${audit.overallScore}%` })
        }
      }
      await server.flush(new Date(start + minute * MINUTE))
    }
    const within = toOwner(receiver.mails).slice(before)
    expect(within).toHaveLength(6)
    const held = await server.su.collection('deliveries').getFullList({ filter: 'status = "held"' })
    expect(held).toHaveLength(34)

    // The digest goes an hour after the first notification it holds, not before.
    await server.flush(new Date(start + 55 * MINUTE))
    expect(toOwner(receiver.mails).slice(before)).toHaveLength(6)
    await server.flush(new Date(start + 75 * MINUTE))
    await receiver.waitFor((mails) => toOwner(mails).length - before === 7)
    const all = toOwner(receiver.mails).slice(before)
    const digest = all.find((m) => m.subject.startsWith('Digest:'))!
    // Messages first: the six sent one by one were four messages and two audits.
    expect(digest.subject).toBe('Digest: 16 messages and 18 audits since your last notification')
    for (const item of sent) {
      const alone = all.some((m) => m !== digest && m.replyTo === item.email)
      const inDigest = digest.text.includes(item.email) && digest.text.includes(item.detail)
      expect(alone || inDigest, item.email).toBe(true)
      if (inDigest && item.name) expect(digest.text).toContain(item.name)
    }
    // Each with a link to the person in the console.
    expect(digest.text.match(/\/audit-admin\?person=[a-z0-9]{15}/g)).toHaveLength(34)
    expect(digest.html).toContain('Open in the console')

    // Nothing dropped: every notification is sent, the held ones by the digest that names them.
    const rows = await server.su.collection('deliveries').getFullList({
      filter: 'class = "owner" && kind != "owner_digest"',
    })
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([])
    const digestRow = await server.su
      .collection('deliveries')
      .getFirstListItem('kind = "owner_digest"')
    expect(rows.filter((r) => r.payload?.digest === digestRow.id)).toHaveLength(34)
    await server.flush(new Date(start + 80 * MINUTE))
    expect(toOwner(receiver.mails).slice(before)).toHaveLength(7)
  })

  it("sends a real visitor's message on the next run while one IP floods, and digests the flood", async () => {
    // An hour and more after the test above: a fresh hour.
    const later = Date.now() + 3 * 60 * MINUTE
    const before = toOwner(receiver.mails).length
    for (let i = 0; i < 30; i++) await post('127.0.2.1', 'contacts', contact(`flood-${i}`))
    const real = contact('real')
    await post('127.0.2.2', 'contacts', real)
    await server.flush(new Date(later))
    const next = toOwner(receiver.mails).slice(before)
    expect(next.map((m) => m.replyTo)).toContain(real.email)
    // The flood got one notification; the rest wait for the digest.
    expect(next).toHaveLength(2)
    await server.flush(new Date(later + 61 * MINUTE))
    await receiver.waitFor((mails) => toOwner(mails).length - before === 3)
    const digest = toOwner(receiver.mails).slice(before)[2]
    expect(digest.subject).toBe('Digest: 29 messages since your last notification')
  })

  it("does not count the morning mail among the hour's notifications", async () => {
    // Hours after the tests above, with the hour's whole cap in morning mails (one a day in life).
    const later = Date.now() + 6 * 60 * MINUTE
    const sentAt = new Date(later - 30 * MINUTE).toISOString().replace('T', ' ')
    for (let i = 0; i < 6; i++) {
      await server.su.collection('deliveries').create({
        kind: 'owner_morning',
        channel: 'mail',
        class: 'owner',
        status: 'sent',
        recipient: OWNER_EMAIL,
        uniqueKey: `owner_morning:test-${i}`,
        sentAt,
      })
    }
    const before = toOwner(receiver.mails).length
    const real = contact('after-morning')
    await post('127.0.3.1', 'contacts', real)
    await server.flush(new Date(later))
    expect(
      toOwner(receiver.mails)
        .slice(before)
        .map((m) => m.replyTo),
    ).toEqual([real.email])
  })
})
