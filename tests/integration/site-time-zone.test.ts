// The consultant's clock: the owner's notifications give the time a contact or an audit came in
// in the site's time zone (America/New_York unless SITE_TIME_ZONE says otherwise), with the zone
// named, computed by the real hooks and checked here against Node's own time zone database.
import { afterAll, expect, it } from 'vitest'
import { recordId, uniqueEmail } from './helpers'
import { auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

const running: { close(): Promise<void> }[] = []

afterAll(async () => {
  for (const item of running.reverse()) await item.close()
})

async function mailServer(env: Record<string, string>) {
  const receiver: SmtpReceiver = await startSmtpReceiver()
  running.push(receiver)
  const server: MailServer = await startMailServer(receiver.port, env)
  running.push({ close: server.stop })
  return { receiver, server }
}

/** "YYYY-MM-DD HH:MM" of a stored PocketBase time, on the clock of `timeZone`. */
function wallClock(stored: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(stored.replace(' ', 'T')))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

/** Creates a contact, delivers its notification and returns the mail and the stored record. */
async function contactNotification(receiver: SmtpReceiver, server: MailServer) {
  const marker = `tz-${recordId()}`
  const contact = await server.guest.collection('contacts').create({
    name: 'Morgan Tz',
    email: uniqueEmail('tz'),
    message: marker,
    source: 'portfolio_website',
  })
  await server.flush()
  await receiver.waitFor((mails) => mails.some((m) => m.text.includes(marker)))
  const mail = receiver.mails.find((m) => m.text.includes(marker))!
  return { mail, created: contact.created as string }
}

it('shows times in America/New_York by default, as EST or EDT', async () => {
  const { receiver, server } = await mailServer({})
  const { mail, created } = await contactNotification(receiver, server)
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    timeZoneName: 'short',
  })
    .formatToParts(new Date(created.replace(' ', 'T')))
    .find((p) => p.type === 'timeZoneName')!.value
  expect(['EST', 'EDT']).toContain(zone)
  const expected = `${wallClock(created, 'America/New_York')} ${zone}`
  expect(mail.text).toContain(`Received: ${expected}`)
  expect(mail.html).toContain(expected)
  expect(mail.text).not.toMatch(/\d{2}:\d{2} UTC/)

  // The audit notification too.
  const audit = await server.guest
    .collection('audits')
    .create(auditSubmission({ email: uniqueEmail('tz-audit') }))
  await server.flush()
  await eventually(async () =>
    (await server.outboxFor(audit.id)).every((row) => row.status === 'sent'),
  )
  const owner = receiver.mails.find(
    (m) => m.text.includes('Completed:') && m.text.includes(audit.email),
  )
  expect(owner).toBeTruthy()
  const completed = /Completed: (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) (EST|EDT)/.exec(owner!.text)
  expect(completed?.[1]).toBe(wallClock(audit.completedAt, 'America/New_York'))
})

it('follows SITE_TIME_ZONE, naming a zone that has no abbreviation', async () => {
  const { receiver, server } = await mailServer({ SITE_TIME_ZONE: 'America/Sao_Paulo' })
  const { mail, created } = await contactNotification(receiver, server)
  expect(mail.text).toContain(
    `Received: ${wallClock(created, 'America/Sao_Paulo')} UTC-03:00 (America/Sao_Paulo)`,
  )
})

it('says UTC, never a wrong zone, when SITE_TIME_ZONE is not a zone', async () => {
  const { receiver, server } = await mailServer({ SITE_TIME_ZONE: 'Not/A_Zone' })
  const { mail, created } = await contactNotification(receiver, server)
  expect(mail.text).toContain(`Received: ${wallClock(created, 'UTC')} UTC`)
})
