// Sending a newsletter issue through the delivery queue, with a real PocketBase and a real SMTP
// receiver: exactly the active subscribers get exactly one copy each (headers, their own
// unsubscribe link, the postal address, the text part, nothing unescaped from the Markdown), an
// unsubscribe during the send is skipped, a kill -9 in the middle and a restart still leave one
// copy each (at most the one on the wire twice), and a contact message during a 5,000-copy send
// reaches the owner in the same run. Time moves through POST /api/mail/flush {now}.
import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, root, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { startMailReceiver } from '../../scripts/mail-receiver.mjs'
import type { MailReceiver, ReceivedMail } from '../../scripts/mail-receiver.mjs'
import { OWNER_EMAIL, SUPERUSER, harnessEnv } from './harness-env'
import { guestClient, recordId, superuserClient } from './helpers'
import { eventually, flushMail } from './support/mail-harness'
import { migratedDataDir } from './support/data-dir'

const POSTAL = '12 Main Street\\nLittleton, NH 03561'
const scratch = mkdtempSync(join(tmpdir(), 'pb-newsletter-send-'))
const dataDir = migratedDataDir(join(scratch, 'data'))
const hooksDir = join(scratch, 'hooks')
const mails: ReceivedMail[] = []
/** While set, the receiver holds its answer to the message this many copies in. */
let holdAt = 0
let releaseHeld: () => void = () => undefined
let receiver: MailReceiver
let server: {
  url: string
  process: ChildProcess
  stop: () => Promise<void>
  output: () => string
}
let port: number
let env: Record<string, string>
let su: PocketBase
let admin: PocketBase
let clock = Date.now()

/** A flush as if a minute (the bulk rate's window) had passed since the last. */
async function flushMinute() {
  clock += 61_000
  return flushMail(server.url, su.authStore.token, new Date(clock))
}

async function flushUntilDone(issueId: string) {
  for (let i = 0; i < 200; i++) {
    await flushMinute()
    const results = await admin.send(`/api/newsletter/issues/${issueId}/results`, { method: 'GET' })
    if (results.status === 'sent') return results
  }
  throw new Error('the send did not finish')
}

/** Subscriptions in bulk, in one statement (tests/integration/support/hooks/newsletter-seed.pb.js). */
async function subscribe(prefix: string, count: number, status: string) {
  const res = await fetch(`${server.url}/api/test/newsletter-subscribers`, {
    method: 'POST',
    headers: { authorization: su.authStore.token, 'content-type': 'application/json' },
    body: JSON.stringify({ prefix, count, status }),
  })
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`)
  return Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`)
}

async function newIssue(subject: string, body: string) {
  const id = recordId()
  await admin.collection('newsletter_issues').create({ id, subject, preheader: 'Quick wins', body })
  return id
}

const copiesOf = (subject: string) => mails.filter((m) => m.subject === subject)

beforeAll(async () => {
  receiver = await startMailReceiver({
    onMail: (mail) => mails.push(mail),
    beforeAnswer: () =>
      holdAt > 0 && mails.length >= holdAt
        ? new Promise<void>((resolve) => (releaseHeld = resolve))
        : Promise.resolve(),
  })
  port = await freePort()
  cpSync(join(root, 'pb_hooks'), hooksDir, { recursive: true })
  cpSync(
    join(root, 'tests/integration/support/hooks/newsletter-seed.pb.js'),
    join(hooksDir, 'zz-newsletter-seed.pb.js'),
  )
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  env = harnessEnv({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(receiver.port),
    MAIL_FROM: 'tips@north-country.test',
    MAIL_FROM_NAME: 'North Country Efficiency',
    APP_URL: 'https://efficiency.test',
    MAIL_POSTAL_ADDRESS: POSTAL,
    OWNER_MAIL_PER_HOUR: '0',
  })
  server = await startPocketBase({ port, dataDir, env, extra: [`--hooksDir=${hooksDir}`] })
  su = await superuserClient(server.url)
  const password = 'correct-horse-42'
  await su.collection('users').create({
    email: 'owner-admin@example.com',
    password,
    passwordConfirm: password,
    fullName: 'Owner',
    verified: true,
    isAdmin: true,
  })
  admin = guestClient(server.url)
  await admin.collection('users').authWithPassword('owner-admin@example.com', password)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
  rmSync(scratch, { recursive: true, force: true })
})

describe('a send to the list', () => {
  it('200 active, 5 pending and 5 unsubscribed: the 200 get exactly one copy each, complete', async () => {
    const active = await subscribe('active', 200, 'active')
    const pending = await subscribe('pending', 5, 'pending')
    const left = await subscribe('left', 5, 'unsubscribed')
    const subject = 'Five ways to <b>save</b> an hour'
    const id = await newIssue(
      subject,
      '## Book online\n\nLet customers [book themselves](https://example.com/book).\n\n<script>alert("x")</script> <img src=x onerror=alert(1)>',
    )
    const answer = await admin.send(`/api/newsletter/issues/${id}/send`, {
      method: 'POST',
      body: {},
    })
    expect(answer).toEqual({ status: 'sending', recipients: 200 })
    // A second Send changes nothing.
    await expect(
      admin.send(`/api/newsletter/issues/${id}/send`, { method: 'POST', body: {} }),
    ).rejects.toMatchObject({ status: 409 })

    const results = await flushUntilDone(id)
    expect(results).toMatchObject({
      status: 'sent',
      recipients: 200,
      sent: 200,
      failed: 0,
      skipped: 0,
      waiting: 0,
    })
    const copies = copiesOf(subject)
    expect(copies).toHaveLength(200)
    const to = copies.map((m) => m.envelope.to[0]).sort()
    expect(to).toEqual([...active].sort())
    for (const address of [...pending, ...left]) expect(to).not.toContain(address)

    for (const copy of copies) {
      const unsubscribe =
        /<a href="(https:\/\/efficiency\.test\/newsletter\/unsubscribe\/[a-z0-9]{15}\.[a-f0-9]{64}\?issue=[a-z0-9]{15})"/.exec(
          copy.html,
        )
      expect(unsubscribe).not.toBeNull()
      expect(copy.headers['list-unsubscribe']).toMatch(
        new RegExp(
          `^<https://efficiency\\.test/api/newsletter/unsubscribe\\?token=[a-z0-9]{15}\\.[a-f0-9]{64}&issue=${id}>$`,
        ),
      )
      expect(copy.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
      expect(copy.html).toContain('Littleton, NH 03561')
      expect(copy.text).toContain('Littleton, NH 03561')
      expect(copy.text).toContain(
        `View it on the site: https://efficiency.test/newsletter/five-ways-to-b-save-b-an-hour`,
      )
      expect(copy.html).not.toMatch(/<script|<img src=x|<[^>]*\son[a-z]+=/i)
      expect(copy.html).toContain('&lt;script&gt;')
      expect(copy.html).toMatch(/href="https:\/\/efficiency\.test\/api\/newsletter\/click\?i=/)
    }
    // Each copy carries its reader's own link.
    const links = new Set(copies.map((m) => /unsubscribe\/([a-z0-9.]+)/.exec(m.html)?.[1]))
    expect(links.size).toBe(200)
    // Nothing of it kept on the rows (they carry a live token).
    const rows = await su
      .collection('deliveries')
      .getFullList({ filter: su.filter('sourceId = {:id}', { id }) })
    expect(rows).toHaveLength(200)
    expect(rows.every((r) => r.html === '' && r.status === 'sent')).toBe(true)
  }, 180_000)

  it('an address that unsubscribes after the send started gets no copy', async () => {
    const subject = 'Winter hours'
    const id = await newIssue(subject, 'Post your winter hours.')
    const before = await admin.send(`/api/newsletter/issues/${id}/send`, {
      method: 'POST',
      body: {},
    })
    const leaver = 'active-7@example.com'
    const row = await su
      .collection('newsletter_subscriptions')
      .getFirstListItem(su.filter('email = {:e}', { e: leaver }))
    await su.collection('newsletter_subscriptions').update(row.id, { status: 'unsubscribed' })
    const results = await flushUntilDone(id)
    expect(results).toMatchObject({
      recipients: before.recipients,
      sent: before.recipients - 1,
      skipped: 1,
    })
    expect(copiesOf(subject).map((m) => m.envelope.to[0])).not.toContain(leaver)
    expect(copiesOf(subject)).toHaveLength(before.recipients - 1)
  }, 180_000)

  it('killed with SIGKILL in the middle and started again: still one copy each, at most one twice', async () => {
    const subject = 'After the crash'
    const id = await newIssue(subject, 'Still here.')
    const { recipients } = await admin.send(`/api/newsletter/issues/${id}/send`, {
      method: 'POST',
      body: {},
    })
    const already = mails.length
    holdAt = already + 40
    clock += 61_000
    const stuck = flushMail(server.url, su.authStore.token, new Date(clock)).catch(() => undefined)
    await eventually(async () => mails.length >= holdAt, 30_000)
    const child = server.process
    await new Promise((resolve) => {
      child.once('exit', resolve)
      child.kill('SIGKILL')
    })
    await stuck
    holdAt = 0
    releaseHeld()
    server = await startPocketBase({ port, dataDir, env, extra: [`--hooksDir=${hooksDir}`] })
    su = await superuserClient(server.url)
    const password = 'correct-horse-42'
    admin = guestClient(server.url)
    await admin.collection('users').authWithPassword('owner-admin@example.com', password)
    const results = await flushUntilDone(id)
    expect(results.sent).toBe(recipients)
    const counts = new Map<string, number>()
    for (const m of copiesOf(subject))
      counts.set(m.envelope.to[0], (counts.get(m.envelope.to[0]) ?? 0) + 1)
    expect(counts.size).toBe(recipients)
    expect([...counts.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1)
    expect([...counts.values()].every((n) => n <= 2)).toBe(true)
  }, 180_000)

  it('a scheduled issue starts by itself at its time on the site clock, not before', async () => {
    await subscribe('scheduled', 3, 'active')
    const subject = 'Scheduled tips'
    const id = await newIssue(subject, 'On time.')
    const at = new Date(Date.now() + 2 * 24 * 3600_000)
    // The site's clock (America/New_York): the wall time the consultant picks.
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(at)
      .replace(' ', 'T')
    const scheduled = await admin.send(`/api/newsletter/issues/${id}/schedule`, {
      method: 'POST',
      body: { at: wall },
    })
    expect(scheduled.status).toBe('scheduled')
    expect(
      Math.abs(Date.parse(scheduled.scheduledAt.replace(' ', 'T')) - at.getTime()),
    ).toBeLessThan(60_000)
    const run = (now: Date) =>
      su.send('/api/newsletter/run', { method: 'POST', body: { now: now.toISOString() } })
    expect(await run(new Date(at.getTime() - 60_000))).toMatchObject({ started: 0 })
    expect((await admin.collection('newsletter_issues').getOne(id)).status).toBe('scheduled')
    expect(await run(new Date(at.getTime() + 1000))).toMatchObject({ started: 1 })
    const results = await flushUntilDone(id)
    expect(results.sent).toBe(results.recipients)
    expect(copiesOf(subject).map((m) => m.envelope.to[0])).toEqual(
      expect.arrayContaining([
        'scheduled-0@example.com',
        'scheduled-1@example.com',
        'scheduled-2@example.com',
      ]),
    )
  }, 120_000)

  it('a contact message during a 5,000-copy send reaches the owner in the next run', async () => {
    const activeNow = (await admin.send('/api/newsletter/settings', { method: 'GET' }))
      .activeSubscribers as number
    await subscribe('many', 5000 - activeNow, 'active')
    const subject = 'The big one'
    const id = await newIssue(subject, 'To everyone.')
    const { recipients } = await admin.send(`/api/newsletter/issues/${id}/send`, {
      method: 'POST',
      body: {},
    })
    expect(recipients).toBe(5000)
    await flushMinute()
    const sentBefore = copiesOf(subject).length
    expect(sentBefore).toBeGreaterThan(0)
    expect(sentBefore).toBeLessThanOrEqual(120)
    const marker = `mid-send-${recordId()}`
    await guestClient(server.url)
      .collection('contacts')
      .create({
        name: 'Neighbour',
        email: 'neighbour@example.com',
        message: `Are you open Saturday? ${marker}`,
        source: 'portfolio_website',
      })
    await flushMinute()
    const owner = mails.filter(
      (m) => m.envelope.to.includes(OWNER_EMAIL) && m.text.includes(marker),
    )
    expect(owner).toHaveLength(1)
    // The owner's mail went out first in that run; the bulk copies kept to their rate.
    expect(mails.indexOf(owner[0])).toBeLessThan(
      mails.findIndex(
        (m, i) =>
          i > mails.indexOf(owner[0]) - 1 && m.subject === subject && i >= mails.length - 120,
      ),
    )
    expect(copiesOf(subject).length - sentBefore).toBeLessThanOrEqual(120)
  }, 300_000)
})
