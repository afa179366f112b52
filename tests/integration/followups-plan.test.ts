// The follow-ups keep no clock of their own (server/followups/plan.ts): their due steps are ONE
// job row of the delivery queue, `followups.due-steps`, planned at the moment the next step is
// due, and planned again by whatever brings a step forward. Against a real PocketBase with its
// dispatcher running and a real SMTP receiver: no run or flush call moves the follow-up here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits } from '../../scripts/pocketbase.mjs'
import { FOLLOWUP_GRACE_DAYS } from '../../src/config/followup'
import { uniqueEmail } from './helpers'
import { auditJobsDone } from './support/audit-jobs'
import { auditSubmission, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { followupsTo, resultsToken } from './support/followup-mails'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

const APP_URL = 'https://efficiency.test'
const DAY = 24 * 60 * 60 * 1000
const DUE_STEPS = 'followups.due-steps'

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, { APP_URL, OWNER_EMAIL: 'owner@test.local' })
  await exemptLoopbackFromRateLimits(server.url, server.su.authStore.token)
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

interface Sequence {
  id: string
  nextAt: string
  step: number
}

interface QueueRow {
  id: string
  kind: string
  status: string
  runAt: string
}

const ms = (time: string) => Date.parse(time.replace(' ', 'T'))

async function post(path: string, body: unknown, token = server.su.authStore.token) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown }
}

async function takeAudit(email: string): Promise<string> {
  const audit = await server.guest.collection('audits').create(auditSubmission({ email }))
  await auditJobsDone(server.url, server.su.authStore.token, audit.id)
  return audit.id
}

async function sequenceOf(auditId: string): Promise<Sequence> {
  return server.su
    .collection('followups')
    .getFirstListItem<Sequence>(server.su.filter('audit = {:a}', { a: auditId }))
}

/** The queue's rows of `kind` that wait or run. */
async function waiting(kind: string): Promise<QueueRow[]> {
  return server.su.collection('deliveries').getFullList<QueueRow>({
    filter: server.su.filter("kind = {:kind} && (status = 'pending' || status = 'sending')", {
      kind,
    }),
  })
}

/** The planned job's time, once one row of it waits (a run may be replacing it). */
async function plannedAt(): Promise<number> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const rows = (await waiting(DUE_STEPS)).filter((row) => row.status === 'pending')
    if (rows.length === 1) return ms(rows[0].runAt)
    if (Date.now() > deadline) throw new Error(`${rows.length} planned rows of ${DUE_STEPS}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The earliest next step among the running sequences (but `except`). */
async function earliestNextAt(except = ''): Promise<number> {
  const rows = await server.su
    .collection('followups')
    .getFullList<Sequence>({ filter: "stoppedAt = '' && nextAt != ''" })
  return Math.min(...rows.filter((row) => row.id !== except).map((row) => ms(row.nextAt)))
}

describe('the follow-ups planned as one job of the queue', () => {
  it('an audit plans the job at its first follow-up, and no scan waits in the queue', async () => {
    const auditId = await takeAudit(uniqueEmail('plan-first'))
    const sequence = await sequenceOf(auditId)
    expect(sequence.step).toBe(1)
    expect(ms(sequence.nextAt)).toBeGreaterThan(Date.now() + DAY)
    expect(await plannedAt()).toBe(ms(sequence.nextAt))
    expect(await waiting('followups.queue-steps')).toEqual([])
  })

  it('a due mail waiting for proof goes within seconds of the click, by itself', async () => {
    const email = uniqueEmail('plan-proof')
    const auditId = await takeAudit(email)
    const sequence = await sequenceOf(auditId)
    // Its day has come, but the address is not proven yet: it waits, planned for the end of
    // its grace unless another sequence's step comes first (the hourly re-plan, run now, plans
    // from the data).
    const dueAt = Date.now() - 60_000
    await server.su
      .collection('followups')
      .update(sequence.id, { nextAt: new Date(dueAt).toISOString().replace('T', ' ') })
    const replan = await post('/api/queue/jobs/followups.plan/run', {})
    expect(replan.status).toBe(200)
    const graceEnd = dueAt + FOLLOWUP_GRACE_DAYS * DAY
    expect(await plannedAt()).toBe(Math.min(graceEnd, await earliestNextAt(sequence.id)))
    expect(followupsTo(receiver, email)).toEqual([])

    const clicked = Date.now()
    expect(
      (
        await post(
          '/api/followups/click',
          { token: await resultsToken(receiver, email, APP_URL) },
          '',
        )
      ).status,
    ).toBe(200)
    await receiver.waitFor(() => followupsTo(receiver, email).length === 1, 10_000)
    expect(Date.now() - clicked).toBeLessThan(10_000)
    // Sent, the sequence waits for its next mail, and the job for it.
    const after = await sequenceOf(auditId)
    expect(after.step).toBe(2)
    expect(await plannedAt()).toBe(await earliestNextAt())
  })

  it('new delays move the plan with the sequences', async () => {
    const auditId = await takeAudit(uniqueEmail('plan-delays'))
    const settingsRes = await fetch(`${server.url}/api/followups/settings`, {
      headers: { authorization: server.su.authStore.token },
    })
    const { settings } = (await settingsRes.json()) as {
      settings: { steps: Array<{ delayDays: number }> }
    }
    const sooner = structuredClone(settings)
    sooner.steps[0].delayDays = 1
    const put = async (body: unknown) =>
      fetch(`${server.url}/api/followups/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: server.su.authStore.token },
        body: JSON.stringify(body),
      })
    try {
      expect((await put(sooner)).status).toBe(200)
      const sequence = await sequenceOf(auditId)
      expect(await plannedAt()).toBe(await earliestNextAt())
      expect(await plannedAt()).toBeLessThanOrEqual(ms(sequence.nextAt))
    } finally {
      expect((await put(settings)).status).toBe(200)
    }
  })
})
