// The payoff model's assumptions against a real PocketBase and a real SMTP receiver: anyone reads
// them, only the site admin changes them (guests 401, members 403, a bad field 400 naming it and
// nothing changed), nobody reaches their row through the records API, and what the admin saves is
// what the next results mail and follow-up preview compute with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits } from '../../scripts/pocketbase.mjs'
import { payoffSentence, recommendationHours } from '../../src/audit/payoff'
import { PAYOFF_DEFAULTS } from '../../src/config/payoff'
import type { PayoffAssumptions } from '../../src/config/payoff'
import { createUser, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

const PROCESS = 'Business Process Efficiency'

let receiver: SmtpReceiver
let server: MailServer
let admin: TestUser

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, { APP_URL: 'https://efficiency.test' })
  await exemptLoopbackFromRateLimits(server.url, server.su.authStore.token)
  admin = await createUser({
    isAdmin: true,
    verified: true,
    url: server.url,
    label: 'payoff-admin',
  })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

function put(body: unknown, token = admin.pb.authStore.token) {
  return fetch(`${server.url}/api/payoff`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  })
}

async function read(): Promise<{ assumptions: PayoffAssumptions; defaults: PayoffAssumptions }> {
  const res = await fetch(`${server.url}/api/payoff`)
  expect(res.status).toBe(200)
  return res.json()
}

const changed: PayoffAssumptions = {
  ...PAYOFF_DEFAULTS,
  hourlyRate: 80,
  weeksPerYear: 50,
  sectionHours: { ...PAYOFF_DEFAULTS.sectionHours, [PROCESS]: { low: 3, high: 6.5 } },
}

describe('the payoff assumptions', () => {
  it('are the defaults for anyone until the admin changes them', async () => {
    expect(await read()).toEqual({ assumptions: PAYOFF_DEFAULTS, defaults: PAYOFF_DEFAULTS })
  })

  it('change only for the site admin; a bad field is named and nothing changes', async () => {
    const member = await createUser({ verified: true, url: server.url, label: 'payoff-member' })
    expect((await put(changed, '')).status).toBe(401)
    expect((await put(changed, member.pb.authStore.token)).status).toBe(403)

    const bad = await put({
      ...changed,
      hourlyRate: 5,
      sectionHours: { [PROCESS]: { low: 4, high: 2 } },
    })
    expect(bad.status).toBe(400)
    const fields = Object.keys((await bad.json()).data)
    expect(fields).toContain('hourlyRate')
    expect(fields).toContain(`sectionHours.${PROCESS}.high`)
    // Every other section is missing from that body: each is named.
    expect(fields).toContain('sectionHours.Business Growth & Scalability.low')
    expect((await read()).assumptions).toEqual(PAYOFF_DEFAULTS)

    // Nobody reaches the row through the records API, not even the admin.
    for (const path of ['records', 'records/payoffsettings1']) {
      const res = await fetch(`${server.url}/api/collections/payoff_settings/${path}`, {
        headers: { authorization: admin.pb.authStore.token },
      })
      expect([403, 404]).toContain(res.status)
    }
  })

  it('once saved, are what reports read and what the results mail and follow-ups compute with', async () => {
    const saved = await put(changed)
    expect(saved.status).toBe(200)
    expect((await saved.json()).assumptions).toEqual(changed)
    expect((await read()).assumptions).toEqual(changed)

    // Everything by hand in the Business Process Efficiency section: its recommendations lead.
    const email = uniqueEmail('payoff-visitor')
    const submission = auditSubmission({ email, optionIndex: () => 2 })
    await server.guest.collection('audits').create(submission)
    await server.runAuditJobs()
    const stored = await server.su.collection('audits').getOne(submission.id)
    const top: { title: string; section: string; score: number }[] =
      stored.recommendations.topRecommendations
    const expected = top
      .map((rec) =>
        payoffSentence(
          recommendationHours(rec, stored.answers, rec.score, changed),
          changed.hourlyRate,
          changed.weeksPerYear,
        ),
      )
      .filter(Boolean)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.every((line) => line.endsWith('at $80 an hour.'))).toBe(true)

    await server.flush()
    await eventually(async () => receiver.mailsTo(email).length === 1)
    const [mail] = receiver.mailsTo(email)
    for (const line of expected) {
      expect(mail.text).toContain(line)
      expect(mail.html).toContain(line.replace(/&/g, '&amp;'))
    }

    // The follow-up's {{payoff}} for the made-up audit of a preview, with the same assumptions.
    const preview = await admin.pb.send('/api/followups/preview', {
      method: 'POST',
      body: { subject: 'Hi', text: '{{recommendation}} {{payoff}}\n\n{{bookingLink}}' },
    })
    expect(preview.text).toMatch(/Worth .+ a week, .+ a year at \$80 an hour\./)
  })
})
