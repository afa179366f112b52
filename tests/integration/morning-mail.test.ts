// The morning mail (server/people/morning-*.ts): Today's list by e-mail to the consultant at 7:00
// on the site's clock, off by default. A real PocketBase (Europe/Berlin, which changes to summer
// time on another day than New York) and a real SMTP receiver; the queue's loops stay off and
// the test moves time itself: the mail channel through POST /api/mail/flush {now}, and the job
// lane through a test-only route (below) that runs it as if at {now}, as the flush does mail.
import { mkdtempSync, cpSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits, root } from '../../scripts/pocketbase.mjs'
import type { PeopleSettings, TodayAnswer } from '../../src/backend/people-api'
import type { PersonRecord } from '../../src/backend/types'
import { STALE_DEFAULTS } from '../../src/config/leads'
import { createUser, recordId, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { MANUAL_QUEUE } from './harness-env'
import { OWNER_EMAIL, flushMail, startMailServer } from './support/mail-harness'
import type { MailServer, OutboxRow } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { ReceivedMail, SmtpReceiver } from './support/smtp-receiver'
import { wallClock as wallClockIn } from '../support/wall-clock'

const ZONE = 'Europe/Berlin'
const APP_URL = 'https://efficiency.test'
const JOB = 'people.morning-mail'
const MAIL = 'owner_morning'
const MINUTE = 60 * 1000

// TEST ONLY, never in pb_hooks/: the job lane run once as if at `?now=` (superusers). The time
// goes in the query: a route outside ROUTE_BODY_LIMITS takes no body.
const JOB_FLUSH_ROUTE = `
routerAdd(
  'POST',
  '/api/test/jobs/flush',
  (e) => e.json(200, require(\`\${__hooks}/generated/server.cjs\`).queue.run(e.app, { channel: 'job', now: Date.parse(String(e.requestInfo().query.now)) })),
  $apis.requireSuperuserAuth(),
)
`

const scratch = mkdtempSync(join(tmpdir(), 'pb-morning-'))
let receiver: SmtpReceiver
let server: MailServer
let admin: TestUser

beforeAll(async () => {
  const hooks = join(scratch, 'hooks')
  cpSync(join(root, 'pb_hooks'), hooks, { recursive: true })
  writeFileSync(join(hooks, 'zz-job-flush.pb.js'), JOB_FLUSH_ROUTE)
  receiver = await startSmtpReceiver()
  server = await startMailServer(
    receiver.port,
    { APP_URL, SITE_TIME_ZONE: ZONE, ...MANUAL_QUEUE },
    { hooksDir: hooks },
  )
  await exemptLoopbackFromRateLimits(server.url, server.su.authStore.token)
  admin = await createUser({ isAdmin: true, verified: true, url: server.url, label: 'morning' })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
  rmSync(scratch, { recursive: true, force: true })
})

// --- time on the site's clock, by Node's time zone database -------------------------------------

/** `2027-03-28 07:00:00` on the site's clock. */
const wallClock = (ms: number) => wallClockIn(ms, ZONE)

/** The first 7:00 on the site's clock after `now`, found minute by minute. */
function nextSeven(now: number): number {
  let t = Math.floor(now / MINUTE) * MINUTE + MINUTE
  while (!wallClock(t).endsWith(' 07:00:00')) t += MINUTE
  return t
}

const ms = (stored: string) => Date.parse(stored.replace(' ', 'T'))
const at = (iso: string) => Date.parse(iso)

// --- the server ---------------------------------------------------------------------------------

/** The job lane as if at `now`. */
async function flushJobs(now: number): Promise<void> {
  const query = new URLSearchParams({ now: new Date(now).toISOString() })
  const res = await fetch(`${server.url}/api/test/jobs/flush?${query}`, {
    method: 'POST',
    headers: { authorization: server.su.authStore.token },
  })
  if (!res.ok) throw new Error(`job flush failed: ${res.status} ${await res.text()}`)
}

/** The morning's job, then the mail, as if at `now`. */
async function morningAt(now: number): Promise<void> {
  await flushJobs(now)
  await flushMail(server.url, server.su.authStore.token, new Date(now))
}

/** The morning jobs waiting (or running). */
async function waitingJobs(): Promise<OutboxRow[]> {
  return server.su.collection('deliveries').getFullList<OutboxRow>({
    filter: server.su.filter("kind = {:kind} && (status = 'pending' || status = 'sending')", {
      kind: JOB,
    }),
  })
}

/** The one morning job waiting: its morning and its time. */
async function theWaitingJob(): Promise<{ day: string; runAt: number }> {
  const jobs = await waitingJobs()
  expect(jobs).toHaveLength(1)
  return { day: String(jobs[0].payload?.day), runAt: ms(jobs[0].runAt) }
}

/** Every morning mail queued so far (any status). */
async function queuedMornings(): Promise<OutboxRow[]> {
  return server.su.collection('deliveries').getFullList<OutboxRow>({
    filter: server.su.filter('kind = {:kind}', { kind: MAIL }),
  })
}

function morningMails(): ReceivedMail[] {
  return receiver.mailsTo(OWNER_EMAIL).filter((m) => m.subject.startsWith('Today: '))
}

async function settings(): Promise<PeopleSettings> {
  return admin.pb.send<PeopleSettings>('/api/people/settings', {})
}

function put(body: unknown, token = admin.pb.authStore.token) {
  return fetch(`${server.url}/api/people/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  })
}

async function contact(fields: Record<string, unknown>): Promise<PersonRecord> {
  const email = uniqueEmail('morning')
  await server.guest.collection('contacts').create({
    id: recordId(),
    name: 'Robin Writer',
    email,
    message: 'Do you work in Berlin, NH?',
    source: 'portfolio_website',
    ...fields,
  })
  return server.su
    .collection('people')
    .getFirstListItem<PersonRecord>(server.su.filter('email = {:e}', { e: email }))
}

function update(body: Record<string, unknown>) {
  return admin.pb.collection('person_updates').create(body)
}

// ------------------------------------------------------------------------------------------------

describe('the morning mail', () => {
  let caller: PersonRecord
  let planner: PersonRecord
  /** The first morning's 7:00, once the mail is on. */
  let firstSeven = 0

  it('is off by default: no job waits, and nobody on Today gets a mail at 7:00', async () => {
    expect(await settings()).toEqual({
      staleDays: STALE_DEFAULTS,
      morningMail: false,
      timeZone: ZONE,
    })
    caller = await contact({
      name: 'Sam Caller',
      source: 'call_back',
      phone: '(603) 555-0188',
      message: 'Call me <b>after 5</b>\nIt is about the barn.',
    })
    expect(await waitingJobs()).toEqual([])
    await morningAt(nextSeven(Date.now()))
    expect(await queuedMornings()).toEqual([])
    expect(morningMails()).toEqual([])
  })

  it('takes either setting alone and keeps the other; refuses anything but true or false, naming it', async () => {
    const refused = await put({ morningMail: 'yes' })
    expect(refused.status).toBe(400)
    expect(Object.keys((await refused.json()).data)).toEqual(['morningMail'])
    expect((await put({})).status).toBe(400)
    const member = await createUser({ verified: true, url: server.url, label: 'morning-member' })
    expect((await put({ morningMail: true }, member.pb.authStore.token)).status).toBe(403)

    const mine = { new: 2, contacted: 7, call_booked: 14 }
    expect(await (await put({ staleDays: mine })).json()).toMatchObject({ morningMail: false })
    expect(await (await put({ morningMail: false })).json()).toMatchObject({ staleDays: mine })
    expect((await put({ staleDays: STALE_DEFAULTS })).status).toBe(200)
    expect(await waitingJobs()).toEqual([])
  })

  it('on: one job waits for the next 7:00; at 7:00 one mail lists the call-back and the due next step', async () => {
    planner = await contact({ name: 'Pat Planner' })
    await update({ person: planner.id, kind: 'handled' })
    const { today } = await admin.pb.send<TodayAnswer>('/api/people/today', {})
    await update({
      person: planner.id,
      kind: 'next_step',
      text: 'Send the spring quote',
      due: today,
    })
    const list = await admin.pb.send<TodayAnswer>('/api/people/today', {})
    expect(list.items.map((i) => i.person)).toEqual(expect.arrayContaining([caller.id, planner.id]))

    const answer = await put({ morningMail: true })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({
      staleDays: STALE_DEFAULTS,
      morningMail: true,
      timeZone: ZONE,
    })
    // On again, and the stale days saved alone: still on, still one job.
    expect((await put({ morningMail: true })).status).toBe(200)
    expect(await (await put({ staleDays: STALE_DEFAULTS })).json()).toMatchObject({
      morningMail: true,
    })
    const seven = nextSeven(Date.now())
    firstSeven = seven
    const job = await theWaitingJob()
    expect(job.runAt).toBe(seven)
    expect(wallClock(job.runAt)).toBe(`${job.day} 07:00:00`)

    // A minute before 7:00 nothing happens.
    await morningAt(seven - MINUTE)
    expect(await queuedMornings()).toEqual([])

    await morningAt(seven)
    await receiver.waitFor(() => morningMails().length === 1)
    const [mail] = morningMails()
    expect(mail.subject).toBe(`Today: ${list.items.length} people need you`)
    expect(mail.text).toContain('Sam Caller - Asked for a call back, ')
    expect(mail.text).toContain('Call me <b>after 5</b>')
    expect(mail.text).toContain('Call: (603) 555-0188')
    expect(mail.text).toContain(`Open: ${APP_URL}/audit-admin?person=${caller.id}`)
    expect(mail.text).toMatch(/Pat Planner - Next step, (due today|was due \d{4}-\d{2}-\d{2})/)
    expect(mail.text).toContain('Send the spring quote')
    expect(mail.text).toContain(`Today in the console: ${APP_URL}/audit-admin`)
    expect(mail.html).toContain('href="tel:6035550188"')
    expect(mail.html).toContain(`href="${APP_URL}/audit-admin?person=${planner.id}"`)
    expect(mail.html).toContain('Call me &lt;b&gt;after 5&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>after 5</b>')
    expect(mail.html).toContain('Open Today')

    // The next morning's job waits, at 7:00 the next day on the site's clock.
    const next = await theWaitingJob()
    expect(next.runAt).toBeGreaterThan(seven)
    expect(wallClock(next.runAt)).toBe(`${next.day} 07:00:00`)
    expect(next.runAt - seven).toBeLessThanOrEqual(25 * 60 * MINUTE)
  })

  it('never sends two for one morning: its job run again (as after a crash) queues nothing', async () => {
    const mornings = await queuedMornings()
    expect(mornings).toHaveLength(1)
    const day = String(mornings[0].payload?.day)
    const seven = firstSeven
    // The same morning's job once more, as a restart finds a claim its crash left behind.
    await server.su.collection('deliveries').create({
      kind: JOB,
      channel: 'job',
      class: 'job',
      status: 'pending',
      recipient: 'job',
      payload: { day },
      runAt: new Date(seven).toISOString(),
      attempts: 0,
    })
    await morningAt(seven + MINUTE)
    expect(await queuedMornings()).toHaveLength(1)
    expect(morningMails()).toHaveLength(1)
    expect(await waitingJobs()).toHaveLength(1)
  })

  it('keeps 7:00 on the clock when summer time starts and ends', async () => {
    // 7:00 CET on 27 March 2027: the waiting morning is long over, so it only plans the next.
    await morningAt(at('2027-03-27T06:00:00Z'))
    expect(morningMails()).toHaveLength(1)
    // Summer time from 28 March: 7:00 CEST is 05:00 UTC.
    expect(await theWaitingJob()).toEqual({
      day: '2027-03-28',
      runAt: at('2027-03-28T05:00:00Z'),
    })
    // Only the next step is on Today by then (messages count for 14 days).
    await morningAt(at('2027-03-28T05:00:00Z'))
    await receiver.waitFor(() => morningMails().length === 2)
    expect(morningMails()[1].subject).toBe('Today: 1 person needs you')
    expect(morningMails()[1].text).toContain('Pat Planner - Next step, was due ')
    expect(await theWaitingJob()).toEqual({
      day: '2027-03-29',
      runAt: at('2027-03-29T05:00:00Z'),
    })
    // Winter time from 31 October: 7:00 CET is 06:00 UTC again.
    await morningAt(at('2027-10-30T05:00:00Z'))
    expect(await theWaitingJob()).toEqual({
      day: '2027-10-31',
      runAt: at('2027-10-31T06:00:00Z'),
    })
  })

  it('sends nothing on a morning when nobody is on Today, and the next morning still waits', async () => {
    await update({ person: planner.id, kind: 'handled' })
    await morningAt(at('2027-10-31T06:00:00Z'))
    expect(await queuedMornings()).toHaveLength(2)
    expect(morningMails()).toHaveLength(2)
    expect(await theWaitingJob()).toEqual({
      day: '2027-11-01',
      runAt: at('2027-11-01T06:00:00Z'),
    })
  })

  it('off: the waiting job sends nothing and plans no other; on again, one waits', async () => {
    const { today } = await admin.pb.send<TodayAnswer>('/api/people/today', {})
    await update({ person: planner.id, kind: 'next_step', text: 'Call about spring', due: today })
    expect(await (await put({ morningMail: false })).json()).toMatchObject({ morningMail: false })
    await morningAt(at('2027-11-01T06:00:00Z'))
    expect(await queuedMornings()).toHaveLength(2)
    expect(morningMails()).toHaveLength(2)
    expect(await waitingJobs()).toEqual([])

    expect((await put({ morningMail: true })).status).toBe(200)
    const job = await theWaitingJob()
    expect(job.runAt).toBe(nextSeven(Date.now()))
  })
})
