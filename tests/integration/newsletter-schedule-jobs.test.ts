// A scheduled newsletter issue starts at its time and its send finishes by itself, with no run
// call: its start is a row of the delivery queue at the scheduled time, and the send checks its
// copies a minute after it starts (and each minute while some wait), both picked by the
// dispatcher. Real PocketBase and SMTP receiver on loopback, real time (the nearest minute the
// consultant can pick).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createUser, recordId, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { eventually, startMailServer } from './support/mail-harness'
import type { MailServer, OutboxRow } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

let receiver: SmtpReceiver
let server: MailServer
let admin: TestUser

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, {
    MAIL_POSTAL_ADDRESS: '12 Main Street\\nLittleton, NH 03561',
    SITE_TIME_ZONE: 'UTC',
  })
  admin = await createUser({ url: server.url, isAdmin: true, verified: true, label: 'consultant' })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

/** The issue's status, as the console reads it. */
async function statusOf(id: string): Promise<string> {
  return (await server.su.collection('newsletter_issues').getOne(id)).status as string
}

it('starts at its time and finishes by itself, with no run call', async () => {
  const readers = [uniqueEmail('reader'), uniqueEmail('reader')]
  for (const email of readers) {
    // Confirmed, as a reader who followed the confirmation link is.
    const row = await server.su
      .collection('newsletter_subscriptions')
      .create({ email, source: 'footer' })
    await server.su.collection('newsletter_subscriptions').update(row.id, { status: 'active' })
  }
  const id = recordId()
  const subject = `On the minute ${id}`
  await admin.pb
    .collection('newsletter_issues')
    .create({ id, subject, preheader: '', body: 'Tips, on time.' })
  // The first whole minute at least 5 s away, on the site's clock (UTC here).
  const at = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000)
  const res = await fetch(`${server.url}/api/newsletter/issues/${id}/schedule`, {
    method: 'POST',
    headers: { authorization: admin.pb.authStore.token, 'content-type': 'application/json' },
    body: JSON.stringify({ at: at.toISOString().slice(0, 16) }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(await statusOf(id)).toBe('scheduled')
  // Its start waits in the queue at its time, not in a scan.
  const [start] = await server.su.collection('deliveries').getFullList<OutboxRow>({
    filter: server.su.filter('kind = "newsletter.start-issue" && uniqueKey ~ {:id}', { id }),
  })
  expect(start).toMatchObject({ channel: 'job', status: 'pending' })
  expect(Date.parse(start.runAt.replace(' ', 'T'))).toBe(at.getTime())

  // Not before its time; within seconds of it.
  await eventually(async () => (await statusOf(id)) !== 'scheduled', 80_000)
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
  expect(Date.now() - at.getTime()).toBeLessThan(10_000)
  await receiver.waitFor(
    (mails) =>
      readers.every((r) => mails.some((m) => m.subject === subject && m.envelope.to.includes(r))),
    20_000,
  )
  // Finished by the send's own check, a minute after the start.
  await eventually(async () => (await statusOf(id)) === 'sent', 80_000)
  const issue = await server.su.collection('newsletter_issues').getOne(id)
  expect(issue.delivered).toBe(2)
}, 200_000)
