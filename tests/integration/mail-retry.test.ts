// The queue when SMTP is down: creates never wait, mail waits with its error, backs off
// exponentially, is delivered exactly once when SMTP returns, and gives up after the maximum
// number of attempts. "Down" means nothing listens on the configured port.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort } from '../../scripts/pocketbase.mjs'
import { recordId, uniqueEmail } from './helpers'
import { startMailServer } from './support/mail-harness'
import type { MailServer, OutboxRow } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

/** The sender gives up after this many attempts (MAX_ATTEMPTS in pb_hooks/lib/mail-sender.js). */
const MAX_ATTEMPTS = 8
const MINUTE = 60_000

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
  const started = Date.now()
  await server.guest.collection('contacts').create(contact)
  return { contact, createMs: Date.now() - started }
}

async function onlyRow(sourceId: string): Promise<OutboxRow> {
  const rows = await server.outboxFor(sourceId)
  expect(rows).toHaveLength(1)
  return rows[0]
}

function msBetween(later: string, earlier: string): number {
  return Date.parse(later.replace(' ', 'T')) - Date.parse(earlier.replace(' ', 'T'))
}

describe('with the SMTP server down', () => {
  it('creates at once, keeps the mail pending with its error, and delivers it once SMTP is back', async () => {
    const marker = `marker-${recordId()}`
    const { contact, createMs } = await createContact(marker)
    expect(createMs).toBeLessThan(2000)

    await server.flush()
    const waiting = await onlyRow(contact.id)
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting.lastError).toMatch(/connect|refused/i)
    expect(msBetween(waiting.nextAttemptAt, waiting.updated)).toBe(1 * MINUTE)

    // Not due yet: a flush right away leaves it alone.
    await server.flush()
    expect(await onlyRow(contact.id)).toMatchObject({ status: 'pending', attempts: 1 })

    receiver = await startSmtpReceiver(smtpPort)
    await server.makeDue(waiting.id)
    await server.flush()
    await receiver.waitFor((mails) => mails.some((m) => m.text.includes(marker)))
    expect(await onlyRow(contact.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: '' })

    await server.flush()
    await new Promise((r) => setTimeout(r, 300))
    expect(receiver.mails.filter((m) => m.text.includes(marker))).toHaveLength(1)
  })

  it(`backs off 1, 2, 4... minutes, marks the mail failed after ${MAX_ATTEMPTS} attempts and never retries it`, async () => {
    const marker = `marker-${recordId()}`
    const { contact } = await createContact(marker)

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (attempt > 1) await server.makeDue((await onlyRow(contact.id)).id)
      await server.flush()
      const row = await onlyRow(contact.id)
      expect(row.attempts).toBe(attempt)
      expect(row.lastError).not.toBe('')
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe('pending')
        const backoff = Math.min(2 ** (attempt - 1), 60)
        expect(msBetween(row.nextAttemptAt, row.updated)).toBe(backoff * MINUTE)
      } else {
        expect(row.status).toBe('failed')
        expect(row.nextAttemptAt).toBe('')
      }
    }

    // SMTP is back, but a failed mail stays failed.
    receiver = await startSmtpReceiver(smtpPort)
    const failed = await onlyRow(contact.id)
    await server.makeDue(failed.id)
    await server.flush()
    await new Promise((r) => setTimeout(r, 300))
    expect(receiver.mails.filter((m) => m.text.includes(marker))).toHaveLength(0)
    expect(await onlyRow(contact.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
  })
})
