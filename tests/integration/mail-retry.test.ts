// The queue when SMTP is down: creates never wait, mail waits with its error and backs off
// exponentially with jitter, is retried for the whole lifetime (MAIL_QUEUE_LIFETIME_HOURS, five
// days) - far past the old 8 attempts - and is delivered exactly once when SMTP returns. Past its
// lifetime it fails with the reason, and the console's Retry gives it a new life. "Down" means
// nothing listens on the configured port. Time moves through the flush endpoint, never by sleeping.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort } from '../../scripts/pocketbase.mjs'
import { createUser, recordId, uniqueEmail } from './helpers'
import { eventually, startMailServer } from './support/mail-harness'
import type { MailServer, OutboxRow } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const LIFETIME_HOURS = 120

let smtpPort: number
let server: MailServer
let receiver: SmtpReceiver | undefined

beforeAll(async () => {
  smtpPort = await freePort()
  server = await startMailServer(smtpPort)
})

afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

afterAll(async () => {
  await server?.stop()
})

async function createContact(marker: string) {
  const contact = {
    id: recordId(),
    name: 'Robin Fairbanks',
    email: uniqueEmail('robin'),
    message: `Please call me back. ${marker}`,
    source: 'portfolio_website',
  }
  await server.guest.collection('contacts').create(contact)
  return contact
}

async function onlyRow(sourceId: string): Promise<OutboxRow> {
  const rows = await server.outboxFor(sourceId)
  expect(rows).toHaveLength(1)
  return rows[0]
}

function ms(time: string): number {
  return Date.parse(time.replace(' ', 'T'))
}

/**
 * The contact's row once the send the receiver saw is over: the receiver has the mail when the
 * data ends, a moment before the sender reads the 250 and marks the row sent (the dispatcher's
 * own loop may be the one sending, not the test's flush).
 */
async function rowAfterSend(contactId: string) {
  await eventually(async () => (await onlyRow(contactId)).status !== 'sending')
  return onlyRow(contactId)
}

describe('with the SMTP server down', () => {
  it('creates anyway, keeps the mail pending with its error, and delivers it once SMTP is back', async () => {
    const marker = `marker-${recordId()}`
    const contact = await createContact(marker)
    // The create does not wait on SMTP: its mail is queued by the time it answers.
    expect(await server.outboxFor(contact.id)).toHaveLength(1)

    await server.flush()
    // The dispatcher's own loop may have claimed the row before the flush: wait for its try.
    await eventually(async () => (await onlyRow(contact.id)).attempts === 1)
    const waiting = await onlyRow(contact.id)
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting.lastError).toMatch(/connection refused/i)
    // The first back-off: a minute, less up to half of it (jitter).
    const wait = ms(waiting.runAt) - ms(waiting.lastErrorAt)
    expect(wait).toBeGreaterThanOrEqual(MINUTE / 2)
    expect(wait).toBeLessThanOrEqual(MINUTE)
    expect(waiting.errorLog).toEqual([
      expect.objectContaining({ attempt: 1, permanent: false, error: waiting.lastError }),
    ])

    // Not due yet: a flush right away leaves it alone.
    await server.flush()
    expect(await onlyRow(contact.id)).toMatchObject({ status: 'pending', attempts: 1 })

    receiver = await startSmtpReceiver(smtpPort)
    await server.makeDue(waiting.id)
    await server.flush()
    await receiver.waitFor((mails) => mails.some((m) => m.text.includes(marker)))
    expect(await rowAfterSend(contact.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: '',
    })

    await server.flushAndSettle()
    expect(receiver.mails.filter((m) => m.text.includes(marker))).toHaveLength(1)
  })

  it('retries a refused connection past the old 8 attempts, for five days, then fails it with the reason; Retry gives it a new life', async () => {
    const marker = `marker-${recordId()}`
    const contact = await createContact(marker)
    const created = ms((await onlyRow(contact.id)).created)

    // Twelve attempts, each when the last back-off says: doubling from a minute, capped at an
    // hour, each between half and all of that.
    let now = Date.now()
    for (let attempt = 1; attempt <= 12; attempt++) {
      await server.flush(new Date(now))
      const row = await onlyRow(contact.id)
      expect(row).toMatchObject({ status: 'pending', attempts: attempt })
      expect(row.lastError).toMatch(/connection refused/i)
      const full = Math.min(2 ** (attempt - 1) * MINUTE, HOUR)
      const wait = ms(row.runAt) - now
      expect(wait).toBeGreaterThanOrEqual(full / 2 - 1)
      expect(wait).toBeLessThanOrEqual(full + 1)
      now = ms(row.runAt) + 1000
    }
    const twelfth = await onlyRow(contact.id)
    expect(ms(twelfth.expiresAt) - created).toBe(LIFETIME_HOURS * HOUR)
    // The log keeps the first attempt and the last four.
    expect(twelfth.errorLog?.map((entry) => entry.attempt)).toEqual([1, 9, 10, 11, 12])

    // Four days later: still pending.
    await server.flush(new Date(created + 96 * HOUR))
    expect(await onlyRow(contact.id)).toMatchObject({ status: 'pending', attempts: 13 })

    // Past five days the next retry would fall after the end of its life: failed, with why.
    await server.flush(new Date(created + LIFETIME_HOURS * HOUR - 10 * MINUTE))
    const failed = await onlyRow(contact.id)
    expect(failed.status).toBe('failed')
    expect(failed.lastError).toMatch(/^Gave up after 14 attempts over 120 h: .*connection refused/)

    // SMTP is back, but a failed mail stays failed...
    receiver = await startSmtpReceiver(smtpPort)
    await server.flushAndSettle(new Date(created + 200 * HOUR))
    expect(receiver.mails.filter((m) => m.text.includes(marker))).toHaveLength(0)
    expect((await onlyRow(contact.id)).status).toBe('failed')

    // ...until the consultant presses Retry: due now, a new lifetime, sent once.
    const admin = await createUser({ url: server.url, isAdmin: true, label: 'retry-admin' })
    await admin.pb.collection('deliveries').update(failed.id, { status: 'pending' })
    const requeued = await onlyRow(contact.id)
    expect(requeued.status).toBe('pending')
    expect(ms(requeued.expiresAt) - ms(requeued.runAt)).toBe(LIFETIME_HOURS * HOUR)
    await server.flush()
    await receiver.waitFor((mails) => mails.some((m) => m.text.includes(marker)))
    expect(await rowAfterSend(contact.id)).toMatchObject({ status: 'sent', attempts: 15 })
  })
})
