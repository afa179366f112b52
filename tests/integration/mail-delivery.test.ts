// Mail delivery end to end: real PocketBase with the project's hooks, a real SMTP receiver on
// loopback, the queue flushed through POST /api/mail/flush.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payoffSentence, recommendationHours } from '../../src/audit/payoff'
import { PAYOFF_DEFAULTS } from '../../src/config/payoff'
import { messages } from '../../src/config/messages'
import { bandWord } from '../../src/config/score-bands'
import { createUser, recordId, uniqueEmail } from './helpers'
import { MANUAL_QUEUE } from './harness-env'
import { OWNER_EMAIL, auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { ReceivedMail, SmtpReceiver } from './support/smtp-receiver'

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, MANUAL_QUEUE)
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

/** Flushes until every mail queued for `sourceId` is sent (the minute cron may help). */
async function deliver(sourceId: string) {
  await server.flush()
  await eventually(async () => {
    const rows = await server.outboxFor(sourceId)
    return rows.length > 0 && rows.every((row) => row.status === 'sent')
  })
}

function mailsMentioning(marker: string): ReceivedMail[] {
  return receiver.mails.filter((m) => m.text.includes(marker) || m.html.includes(marker))
}

describe('a contact message', () => {
  it('queues one owner notification and delivers it exactly once', async () => {
    const marker = `marker-${recordId()}`
    const contact = {
      id: recordId(),
      name: 'Dana Whitcomb',
      email: uniqueEmail('dana'),
      message: `Can you help with online booking for my inn?\n${marker}`,
      source: 'portfolio_website',
    }
    await server.guest.collection('contacts').create(contact)

    const queued = await server.outboxFor(contact.id)
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ kind: 'owner_contact', recipient: OWNER_EMAIL })

    await deliver(contact.id)
    await receiver.waitFor(() => mailsMentioning(marker).length >= 1)
    const [mail] = mailsMentioning(marker)
    expect(mail.envelope.to).toEqual([OWNER_EMAIL])
    expect(mail.replyTo).toBe(contact.email)
    expect(mail.from).toContain('audit@north-country.test')
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Dana Whitcomb')
      expect(part).toContain(contact.email)
      expect(part).toContain('Can you help with online booking for my inn?')
      expect(part).toContain('https://efficiency.test/audit-admin')
    }
    expect(mail.text).toContain('Portfolio Website Contact Form')

    const summary = await server.flush()
    expect(summary.sent).toBe(0)
    expect(mailsMentioning(marker)).toHaveLength(1)
    const [row] = await server.outboxFor(contact.id)
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: '',
      replyTo: contact.email,
    })
    expect(row.sentAt).not.toBe('')
  })

  it('names the audit when the message comes from the audit report', async () => {
    const auditId = recordId()
    const contact = {
      id: recordId(),
      name: 'Sam Ordway',
      email: uniqueEmail('sam'),
      message: 'Questions about my report.',
      source: 'business_efficiency_audit',
      auditId,
    }
    await server.guest.collection('contacts').create(contact)
    await deliver(contact.id)
    await receiver.waitFor(() => mailsMentioning(auditId).length === 1)
    const [mail] = mailsMentioning(auditId)
    expect(mail.text).toContain('Business Efficiency Audit Contact Form')
    expect(mail.text).toContain(`Audit ID: ${auditId}`)
  })
})

describe("a visitor's text in the owner's HTML mail", () => {
  const hostileNames = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "Ann & Bob's <b>Bakery</b>",
    '&lt;already escaped&gt;',
  ]

  it.each(hostileNames)('arrives escaped: %s', async (name) => {
    const marker = `marker-${recordId()}`
    const contact = {
      id: recordId(),
      name,
      email: uniqueEmail('hostile'),
      message: `Hi!\n<a href="javascript:alert(2)">click</a> ${marker}`,
      source: 'portfolio_website',
    }
    await server.guest.collection('contacts').create(contact)
    await deliver(contact.id)
    await receiver.waitFor(() => mailsMentioning(marker).length === 1)
    const [mail] = mailsMentioning(marker)

    expect(mail.html).toContain(`>${escapeHtml(name)}</td>`)
    expect(mail.html).not.toContain(name)
    expect(mail.html).toContain(escapeHtml('<a href="javascript:alert(2)">click</a>'))
    expect(mail.html).not.toMatch(/<script|<img|<b>Bakery|<a href="javascript/i)
    // The plain-text part shows the text as typed.
    expect(mail.text).toContain(name)
  })
})

describe('an audit', () => {
  it("sends a free audit's results to the visitor and a notification to the owner", async () => {
    const email = uniqueEmail('visitor')
    const submission = auditSubmission({ email, userAgent: 'Mozilla/5.0 (mail test)' })
    await server.guest.collection('audits').create(submission)
    // Its mails are queued by its job, moments after the answer.
    await server.runAuditJobs()
    // What the server saved (it re-scores every audit) is what the mails must say.
    const saved = await server.su.collection('audits').getOne(submission.id)
    const overall: number = saved.overallScore
    const sectionScores: Record<string, number> = saved.scores.sectionScores
    const top: { title: string; section: string; score: number }[] =
      saved.recommendations.topRecommendations
    expect(top).toHaveLength(3)
    // What each top recommendation may be worth, by the engine's payoff model at the defaults.
    const payoffs = top.map((rec) =>
      payoffSentence(
        recommendationHours(rec, saved.answers, rec.score, PAYOFF_DEFAULTS),
        PAYOFF_DEFAULTS.hourlyRate,
        PAYOFF_DEFAULTS.weeksPerYear,
      ),
    )
    expect(payoffs[0]).toMatch(/^Worth .+ a week, .+ a year at \$50 an hour\.$/)

    const queued = await server.outboxFor(submission.id)
    expect(queued.map((row) => row.kind).sort()).toEqual(['owner_audit', 'visitor_results'])
    expect(queued.find((row) => row.kind === 'visitor_results')?.recipient).toBe(email)

    await deliver(submission.id)
    await receiver.waitFor(
      () => receiver.mailsTo(email).length === 1 && mailsMentioning(submission.id).length === 1,
    )

    const [results] = receiver.mailsTo(email)
    // The id is the client's: the owner's notification names it, the visitor's mail does not.
    expect(results.text).not.toContain(submission.id)
    expect(results.html).not.toContain(submission.id)
    expect(results.subject).toBe(`Your Business Efficiency Audit results: ${overall}%`)
    expect(results.text).toContain(`Overall score: ${overall}%`)
    expect(results.html).toContain(`${overall}%`)
    for (const recommendation of top) {
      expect(results.text).toContain(recommendation.title)
      expect(results.html).toContain(escapeHtml(recommendation.title))
    }
    for (const payoff of payoffs.filter(Boolean)) {
      expect(results.text).toContain(`   ${payoff}`)
      expect(results.html).toContain(escapeHtml(payoff))
    }
    // Each section with its band in words beside its bar, never by colour alone.
    for (const [section, score] of Object.entries(sectionScores)) {
      expect(results.text).toContain(`- ${section}: ${score}% (${bandWord(score)})`)
      expect(results.html).toContain(escapeHtml(section))
      expect(results.html).toContain(
        `${score}% <span style="font-size:13px;">${bandWord(score)}</span>`,
      )
    }
    // Every section's bar is a filled cell as wide as its score.
    for (const score of Object.values(sectionScores).filter((s) => s > 0)) {
      expect(results.html).toContain(`width="${score}%"`)
    }
    for (const [section, list] of Object.entries(
      saved.recommendations.sectionRecommendations as Record<string, { title: string }[]>,
    )) {
      if (list.length === 0) continue
      expect(results.html).toContain(escapeHtml(section))
      expect(results.text).toContain(list[0].title)
    }
    // Every link to the site carries the results mail's signed token (the follow-up's proof of
    // address); booking goes through the site's /book page, which names the person.
    const ref = 'r[a-z0-9]{15}\\.[a-f0-9]{64}'
    expect(results.html).toMatch(
      new RegExp(`href="https://efficiency\\.test/book\\?ref=${ref}&amp;utm_source=audit-results`),
    )
    expect(results.html).toMatch(new RegExp(`href="https://efficiency\\.test/signup\\?ref=${ref}"`))
    expect(results.html).toMatch(new RegExp(`href="https://efficiency\\.test/\\?ref=${ref}"`))
    expect(results.html).toContain(messages.bookCall)
    expect(results.html).toContain('Create Free Dashboard')
    expect(results.html).not.toMatch(/<style/i)

    const [notification] = receiver
      .mailsTo(OWNER_EMAIL)
      .filter((m) => m.text.includes(submission.id))
    expect(notification.replyTo).toBe(email)
    for (const expected of [
      email,
      `Overall score: ${overall}%`,
      `Audit ID: ${submission.id}`,
      'Flow: Free Efficiency Audit',
      'User agent: Mozilla/5.0 (mail test)',
      ...Object.entries(sectionScores).map(
        ([section, score]) => `${section}: ${score}% (${bandWord(score)})`,
      ),
    ]) {
      expect(notification.text).toContain(expected)
    }
  })

  it("never puts the visitor's own text in the mail sent to the address they typed", async () => {
    const email = uniqueEmail('relay')
    const spam = 'Cheap pills at spam.example, click now'
    const submission = auditSubmission({
      email,
      otherTexts: { primary_goal: spam },
      userAgent: 'SpamBot spam-agent.example',
    })
    await server.guest.collection('audits').create(submission)
    await deliver(submission.id)
    await receiver.waitFor(() => receiver.mailsTo(email).length === 1)

    const [results] = receiver.mailsTo(email)
    expect(results.raw).not.toContain('spam.example')
    expect(results.raw).not.toContain('spam-agent.example')
    // Not even their address: the body is the product's content only.
    expect(results.text + results.html).not.toContain(email)
  })

  it('sends only the owner notification for a signed-in member audit', async () => {
    const member = await createUser({ url: server.url, label: 'member' })
    const submission = {
      ...auditSubmission({ email: member.email, flow: 'member' }),
      user: member.id,
    }
    await member.pb.collection('audits').create(submission)
    await server.runAuditJobs()

    const queued = await server.outboxFor(submission.id)
    expect(queued.map((row) => row.kind)).toEqual(['owner_audit'])
    await deliver(submission.id)
    await receiver.waitFor(() => mailsMentioning(submission.id).length === 1)
    expect(receiver.mailsTo(member.email)).toHaveLength(0)
    expect(mailsMentioning(submission.id)[0].text).toContain('Flow: Business Efficiency')
  })
})

describe('a record deleted before its mail went out', () => {
  it('fails the mail at once with the reason, and sends nothing', async () => {
    const member = await createUser({ url: server.url, label: 'deleter' })
    const submission = {
      ...auditSubmission({ email: member.email, flow: 'member' }),
      user: member.id,
    }
    await member.pb.collection('audits').create(submission)
    // Its mail is queued by its job: deleted after that, before the mail went out.
    await server.runAuditJobs()
    await member.pb.collection('audits').delete(submission.id)
    await server.flush()
    const [row] = await server.outboxFor(submission.id)
    expect(row).toMatchObject({ kind: 'owner_audit', status: 'failed', html: '', attempts: 1 })
    expect(row.lastError).toContain('no longer exists')
    expect(mailsMentioning(submission.id)).toHaveLength(0)
  })
})

describe('overlapping sender runs', () => {
  it('never send a mail twice', async () => {
    const contacts = Array.from({ length: 12 }, (_, i) => ({
      id: recordId(),
      name: `Overlap ${i}`,
      email: uniqueEmail('overlap'),
      message: `overlap-${recordId()}`,
      source: 'portfolio_website',
    }))
    for (const contact of contacts) await server.guest.collection('contacts').create(contact)

    const summaries = await Promise.all(Array.from({ length: 4 }, () => server.flush()))
    await eventually(async () => {
      const rows = await Promise.all(contacts.map((c) => server.outboxFor(c.id)))
      return rows.every((r) => r[0]?.status === 'sent')
    })
    for (const contact of contacts) {
      expect(mailsMentioning(contact.message)).toHaveLength(1)
    }
    expect(summaries.reduce((sum, s) => sum + s.sent, 0)).toBeLessThanOrEqual(contacts.length)
  })

  it('leave a freshly claimed mail alone and take over a claim that went stale', async () => {
    const contact = {
      id: recordId(),
      name: 'Stale Claim',
      email: uniqueEmail('stale'),
      message: `stale-${recordId()}`,
      source: 'portfolio_website',
    }
    await server.guest.collection('contacts').create(contact)
    const [row] = await server.outboxFor(contact.id)
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()

    // Another run claimed it a minute ago and is still sending.
    await server.su
      .collection('deliveries')
      .update(row.id, { status: 'sending', claimedAt: minutesAgo(1) })
    await server.flush()
    expect(mailsMentioning(contact.message)).toHaveLength(0)
    expect((await server.outboxFor(contact.id))[0].status).toBe('sending')

    // That run died 11 minutes ago: its claim counts as a failed attempt and the mail goes out.
    await server.su.collection('deliveries').update(row.id, { claimedAt: minutesAgo(11) })
    await deliver(contact.id)
    await receiver.waitFor(() => mailsMentioning(contact.message).length === 1)
    expect((await server.outboxFor(contact.id))[0]).toMatchObject({ status: 'sent', attempts: 2 })
    await server.flush()
    expect(mailsMentioning(contact.message)).toHaveLength(1)
  })
})

describe('POST /api/mail/flush', () => {
  it('is for superusers only', async () => {
    const guest = await fetch(`${server.url}/api/mail/flush`, { method: 'POST' })
    expect(guest.status).toBe(401)
    const user = await createUser({ url: server.url, isAdmin: true, label: 'admin' })
    const admin = await fetch(`${server.url}/api/mail/flush`, {
      method: 'POST',
      headers: { authorization: user.pb.authStore.token },
    })
    expect([401, 403]).toContain(admin.status)
  })
})
