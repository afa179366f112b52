// An SMTP server that accepts a connection and never answers hangs a send for minutes
// (PocketBase's mailer has no timeout). Creates must not notice: they only queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordId, uniqueEmail } from './helpers'
import { auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSilentSmtpServer } from './support/smtp-receiver'
import type { SilentSmtpServer } from './support/smtp-receiver'

let silent: SilentSmtpServer
let server: MailServer

beforeAll(async () => {
  silent = await startSilentSmtpServer()
  server = await startMailServer(silent.port)
})

afterAll(async () => {
  // Stopping PocketBase ends the send that is still waiting for a greeting.
  await server?.stop()
  await silent?.close()
})

function contact() {
  return {
    id: recordId(),
    name: 'Lee Bartlett',
    email: uniqueEmail('lee'),
    message: 'Hello from the notch.',
    source: 'portfolio_website',
  }
}

describe('an SMTP server that accepts and never answers', () => {
  // A create that waited for the send would wait as long as the send: minutes, or until the
  // server stops. So each create must come back while the send is still stuck on the wire. That
  // is checked as a fact, not timed against a figure that a busy host can miss.
  it('answers every create while a send is stuck on it', async () => {
    const first = contact()
    await server.guest.collection('contacts').create(first)

    // Start a sender run. The send of the first mail then hangs on the silent server: this run's,
    // or the dispatcher's if it claimed the mail first (this run then finds nothing to send).
    const stuckFlush = new AbortController()
    const flushing = fetch(`${server.url}/api/mail/flush`, {
      method: 'POST',
      headers: { authorization: server.su.authStore.token },
      signal: stuckFlush.signal,
    }).catch(() => undefined)
    await eventually(async () => silent.connections() > 0)
    await eventually(async () => (await server.outboxFor(first.id))[0]?.status === 'sending')

    const creates = [
      ...Array.from({ length: 5 }, () => {
        const record = contact()
        return { id: record.id, run: () => server.guest.collection('contacts').create(record) }
      }),
      ...Array.from({ length: 3 }, () => {
        const audit = auditSubmission({ email: uniqueEmail('hang') })
        return { id: audit.id, run: () => server.guest.collection('audits').create(audit) }
      }),
    ]
    for (const create of creates) {
      await create.run()
      // The send is still stuck (its connection open, its mail not sent): the create came back
      // without waiting for it.
      expect(silent.open()).toBeGreaterThan(0)
      expect((await server.outboxFor(first.id))[0]?.status).toBe('sending')
      // Queued, and nothing got past the stuck send (the dispatcher may hold a claim while it
      // waits for the wire, or an audit's job may be making its mails).
      const queued = await server.outboxFor(create.id)
      expect(queued.length).toBeGreaterThan(0)
      expect(queued.filter((row) => row.status === 'sent' || row.status === 'failed')).toEqual([])
    }

    stuckFlush.abort()
    await flushing
  })
})
