// Order and rate: a run sends account mail, then the owner's, then visitors', and bulk mail only
// after them, at most NEWSLETTER_RATE_PER_MINUTE (50 here) a minute however often it runs; a
// fan-out queued with enqueueMany is fixed by one statement, never queued twice, and can be
// cancelled. The bulk kind is a test module registered with the queue as a feature's kinds are,
// built into a scratch copy of the server's bundle (tests/integration/support/server/test-bulk.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root } from '../../scripts/pocketbase.mjs'
import { buildServer } from '../../scripts/build-server.mjs'
import { createUser, recordId, uniqueEmail } from './helpers'
import { MANUAL_QUEUE } from './harness-env'
import { OWNER_EMAIL, auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

const RATE = 50
const scratch = mkdtempSync(join(tmpdir(), 'pb-priority-'))
let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  const hooks = join(scratch, 'hooks')
  cpSync(join(root, 'pb_hooks'), hooks, { recursive: true })
  cpSync(
    join(root, 'tests/integration/support/hooks/test-bulk.pb.js'),
    join(hooks, 'zz-test-bulk.pb.js'),
  )
  // The server with the test's kind registered beside the features' kinds: main.ts's door, plus
  // the test's area and its kinds.
  const door =
    readFileSync(join(root, 'server/main.ts'), 'utf8') +
    "\nimport * as testBulk from './testBulk/index'\nregisterKinds(() => testBulk.kinds)\nexport { testBulk }\n"
  await buildServer({
    outdir: join(hooks, 'generated'),
    source: door,
    extraAreas: { testBulk: 'tests/integration/support/server/test-bulk.ts' },
  })
  receiver = await startSmtpReceiver()
  server = await startMailServer(
    receiver.port,
    { NEWSLETTER_RATE_PER_MINUTE: String(RATE), ...MANUAL_QUEUE },
    { hooksDir: hooks },
  )
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
  rmSync(scratch, { recursive: true, force: true })
})

async function call(path: string, body: unknown): Promise<Record<string, number>> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: server.su.authStore.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return res.json()
}

const isBulk = (subject: string) => subject.startsWith('Bulk issue')

describe('a newsletter-sized fan-out beside everything else', () => {
  it('goes after every other class, at most its rate a minute, and never twice', async () => {
    const issue = recordId()
    expect(await call('/api/test/bulk', { issue, count: 120 })).toEqual({ queued: 120 })
    // The same fan-out again adds nothing.
    expect(await call('/api/test/bulk', { issue, count: 120 })).toEqual({ queued: 0 })

    // Queued after the bulk: a visitor's results, the owner's notices, a password reset.
    const visitor = uniqueEmail('visitor')
    await server.guest.collection('audits').create(auditSubmission({ email: visitor }))
    // Its mails are queued by its job, moments after the answer: before the flush's "now".
    await server.runAuditJobs()
    await server.guest.collection('contacts').create({
      name: 'Lee',
      email: uniqueEmail('lee'),
      message: 'Call me',
      source: 'portfolio_website',
    })
    const member = await createUser({ url: server.url, label: 'waiting' })
    await server.guest.collection('users').requestPasswordReset(member.email)
    // PocketBase answers the request first and queues the reset after it.
    await eventually(
      async () =>
        (
          await server.su.collection('deliveries').getList(1, 1, {
            filter: server.su.filter('kind = "account_password_reset" && recipient = {:to}', {
              to: member.email,
            }),
          })
        ).totalItems === 1,
    )

    const now = Date.now()
    const first = await server.flush(new Date(now))
    expect(first.sent).toBe(4 + RATE)
    await receiver.waitFor((mails) => mails.length === 4 + RATE)
    const order = receiver.mails.map((m) =>
      isBulk(m.subject)
        ? 'bulk'
        : m.envelope.to.includes(member.email)
          ? 'account'
          : m.envelope.to.includes(OWNER_EMAIL)
            ? m.subject.startsWith('New message')
              ? 'owner contact'
              : 'owner audit'
            : 'visitor',
    )
    expect(order.slice(0, 4)).toEqual(['account', 'owner contact', 'owner audit', 'visitor'])
    expect(order.slice(4).every((kind) => kind === 'bulk')).toBe(true)

    // The rate holds across runs within the minute...
    expect((await server.flush(new Date(now + 30_000))).sent).toBe(0)
    // ...and opens again a minute later.
    expect((await server.flush(new Date(now + 61_000))).sent).toBe(RATE)
    expect((await server.flush(new Date(now + 122_000))).sent).toBe(120 - 2 * RATE)
    await receiver.waitFor((mails) => mails.filter((m) => isBulk(m.subject)).length === 120)
    const recipients = receiver.mails.filter((m) => isBulk(m.subject)).map((m) => m.envelope.to[0])
    expect(new Set(recipients).size).toBe(120)
  })

  it('can be cancelled: waiting rows stop, with the reason', async () => {
    const issue = recordId()
    expect(await call('/api/test/bulk', { issue, count: 30 })).toEqual({ queued: 30 })
    expect(await call('/api/test/bulk-cancel', { issue })).toEqual({ cancelled: 30 })
    const rows = await server.su.collection('deliveries').getFullList({
      filter: server.su.filter('uniqueKey ~ {:issue}', { issue }),
    })
    expect(rows).toHaveLength(30)
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'cancelled', lastError: 'The issue was withdrawn.' })
    }
    const before = receiver.mails.length
    await server.flush(new Date(Date.now() + 10 * 60_000))
    expect(receiver.mails.slice(before).filter((m) => m.subject.includes(issue))).toEqual([])
  })
})
