// The restore drill, with the real commands an owner runs: a server with users, audits,
// contacts, newsletter subscribers and mail waiting in the queue; `npm run backup` while it
// runs; the data directory destroyed; `npm run restore -- FILE` (refused while a server runs);
// start again: every row is back, every user can sign in, every queued mail is delivered.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type PocketBase from 'pocketbase'
import { afterAll, expect, it } from 'vitest'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'
import { guestClient, superuserClient, uniqueEmail } from './helpers'
import { auditSubmission, untilNoMailSending } from './support/mail-harness'
import { decideSignUps } from './support/newsletter-signups'
import { contactPayload, runMarker } from './support/node-outbox'
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver'
import { auditJobsDone } from './support/audit-jobs'

const COLLECTIONS = ['users', 'audits', 'contacts', 'newsletter_subscriptions', 'deliveries']

const work = mkdtempSync(join(tmpdir(), 'pb-drill-'))
const dataDir = join(work, 'pb_data')
const cleanup: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
  rmSync(work, { recursive: true, force: true })
})

interface Server {
  url: string
  stop(): Promise<void>
}

async function start(env: Record<string, string> = {}): Promise<Server> {
  const server = await startPocketBase({ dataDir, env: harnessEnv(env) })
  cleanup.push(server.stop)
  return server
}

/** Runs one of the npm scripts (as `npm run NAME` does) and returns its exit code and output. */
function runScript(name: string, args: string[], env: Record<string, string>) {
  const res = spawnSync(process.execPath, [join(root, `scripts/${name}.mjs`), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  })
  const lines = res.stdout.trim().split('\n')
  return {
    status: res.status,
    stdout: res.stdout,
    stderr: res.stderr,
    last: lines[lines.length - 1],
  }
}

// What the mail sender's minute may write into a queued mail while there is no SMTP server
// (its bookkeeping of the attempt "SMTP is not configured"): the mail is the same mail, still
// queued.
const SENDER_FIELDS = [
  'updated',
  'claimedAt',
  'attempts',
  'lastError',
  'lastErrorAt',
  'errorLog',
  'runAt',
]

/** Every row of every collection that matters, as a superuser sees it. */
async function everything(su: PocketBase) {
  const rows: Record<string, unknown[]> = {}
  for (const name of COLLECTIONS) {
    // The server's own scheduled jobs come and go as they run: not data to restore.
    const list = await su
      .collection(name)
      .getFullList({ sort: 'id', filter: name === 'deliveries' ? 'channel != "job"' : '' })
    rows[name] =
      name === 'deliveries'
        ? list.map((row) =>
            Object.fromEntries(Object.entries(row).filter(([k]) => !SENDER_FIELDS.includes(k))),
          )
        : list
  }
  return rows
}

it('restores every row, every login and every queued mail from a backup made while running', async () => {
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  // No SMTP: every mail stays queued, as after an outage of the mail server.
  const first = await start()
  const su = await superuserClient(first.url)
  const guest = guestClient(first.url)
  const marker = runMarker('drill')

  const users: { email: string; password: string }[] = []
  for (let n = 0; n < 3; n++) {
    const email = uniqueEmail(`drill-user${n}`)
    const password = `drill-password-${n}-long`
    await guest
      .collection('users')
      .create({ email, password, passwordConfirm: password, fullName: `Drill ${n}` })
    users.push({ email, password })
  }
  const member = guestClient(first.url)
  await member.collection('users').authWithPassword(users[0].email, users[0].password)
  await member.collection('audits').create({
    ...auditSubmission({ email: users[0].email, flow: 'member' }),
    user: member.authStore.record?.id,
  })
  for (let n = 0; n < 3; n++) {
    await guest
      .collection('audits')
      .create(auditSubmission({ email: uniqueEmail(`drill-audit${n}`) }))
    await guest.collection('contacts').create(contactPayload(marker, n))
    await guest
      .collection('newsletter_subscriptions')
      .create({ email: uniqueEmail(`drill-news${n}`), source: 'footer' })
  }
  // The audits' mails and people come from their jobs, moments after each answer.
  await auditJobsDone(first.url, su.authStore.token)
  // Sign-ups are answered at once and decided later (pb_hooks/newsletter.pb.js,
  // server/newsletter/signups.ts).
  await decideSignUps(first.url, su.authStore.token)

  const before = await everything(su)
  for (const name of COLLECTIONS) expect(before[name].length, name).toBeGreaterThan(0)
  const pending = (
    before.deliveries as { status: string; recipient: string; channel: string }[]
  ).filter((m) => m.status === 'pending' && m.channel === 'mail')
  expect(pending.length).toBeGreaterThanOrEqual(6)

  // Back up while the server runs.
  const scriptEnv = {
    PB_URL: first.url,
    PB_DATA: dataDir,
    PB_SUPERUSER_EMAIL: SUPERUSER.email,
    PB_SUPERUSER_PASSWORD: SUPERUSER.password,
  }
  const backup = runScript('backup', [], scriptEnv)
  expect(backup.status, backup.stderr).toBe(0)
  expect(backup.last).toBe(join(dataDir, 'backups', basename(backup.last)))
  expect(backup.last).toMatch(/\.zip$/)
  expect(existsSync(backup.last)).toBe(true)

  // Run from another machine's point of view (the zip is not in its PB_DATA, as with S3):
  // the backup is downloaded. That copy, off the machine, is the one restored below.
  const offMachine = join(work, 'off-the-machine')
  await new Promise((r) => setTimeout(r, 1100)) // backup names carry the second
  const copy = runScript('backup', [], {
    ...scriptEnv,
    PB_DATA: join(work, 'elsewhere'),
    BACKUP_DIR: offMachine,
  })
  expect(copy.status, copy.stderr).toBe(0)
  expect(copy.last.startsWith(offMachine)).toBe(true)
  expect(existsSync(copy.last)).toBe(true)
  const zip = copy.last

  // Restoring under a running server is refused, and changes nothing.
  const refused = runScript('restore', [zip], scriptEnv)
  expect(refused.status).toBe(1)
  expect(refused.stderr).toMatch(/Refusing to restore: the server is running/)
  expect(await everything(su)).toEqual(before)

  // The disk dies.
  await first.stop()
  rmSync(dataDir, { recursive: true, force: true })

  // A damaged copy (a download cut short) is refused before anything is touched.
  const damaged = join(work, 'damaged.zip')
  const bytes = readFileSync(zip)
  writeFileSync(damaged, bytes.subarray(0, bytes.length - 1000))
  const refusedDamaged = runScript('restore', [damaged], scriptEnv)
  expect(refusedDamaged.status).toBe(1)
  expect(refusedDamaged.stderr).toMatch(/not a usable backup/)
  expect(existsSync(dataDir)).toBe(false)

  const restore = runScript('restore', [zip], scriptEnv)
  expect(restore.status, restore.stderr).toBe(0)
  expect(restore.last).toBe(dataDir)

  // Start again, now with a mail server.
  const smtp: SmtpReceiver = await startSmtpReceiver()
  cleanup.push(() => smtp.close())
  const second = await start({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    MAIL_FROM: 'audit@north-country.test',
  })
  const su2 = await superuserClient(second.url)
  expect(await everything(su2)).toEqual(before)

  for (const user of users) {
    const pb = guestClient(second.url)
    await pb.collection('users').authWithPassword(user.email, user.password)
    expect(pb.authStore.record?.email).toBe(user.email)
  }

  const flushed = await fetch(`${second.url}/api/mail/flush`, {
    method: 'POST',
    headers: { authorization: su2.authStore.token },
  })
  expect(flushed.status).toBe(200)
  await smtp.waitFor((mails) => mails.length >= pending.length, 20_000)
  const delivered = smtp.mails.map((m) => m.envelope.to.join(',')).sort()
  expect(delivered).toEqual(pending.map((m) => m.recipient).sort())
  await untilNoMailSending(su2, 20_000)
  const after = await su2
    .collection('deliveries')
    .getFullList<{ status: string }>({ filter: 'channel = "mail"' })
  expect(after.map((m) => m.status)).toEqual(after.map(() => 'sent'))
}, 120_000)
