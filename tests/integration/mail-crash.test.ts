// The server is killed (SIGKILL) in the middle of a send run, and started again: nothing queued is
// lost, and nothing is sent twice but the one mail that was on the wire when it died (its SMTP
// server had it, the queue never heard "250 OK"). Real PocketBase, real SMTP receiver that holds
// its answer to the first message so the kill lands mid-send.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { startMailReceiver } from '../../scripts/mail-receiver.mjs'
import type { MailReceiver, ReceivedMail } from '../../scripts/mail-receiver.mjs'
import { MANUAL_QUEUE, OWNER_EMAIL, SUPERUSER, harnessEnv } from './harness-env'
import { guestClient, recordId, superuserClient, uniqueEmail } from './helpers'
import { eventually, flushMail } from './support/mail-harness'
import { migratedDataDir } from './support/data-dir'

const dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-mail-crash-')))
const stops: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const stop of stops.reverse()) await stop()
  rmSync(dataDir, { recursive: true, force: true })
})

it('SIGKILL during a send run: after a restart every mail goes out, only the one in flight twice', async () => {
  const mails: ReceivedMail[] = []
  let hold = true
  let releaseHeld: () => void = () => undefined
  const receiver: MailReceiver = await startMailReceiver({
    onMail: (mail) => mails.push(mail),
    // The first message is delivered but never acknowledged while `hold` lasts.
    beforeAnswer: () =>
      hold ? new Promise<void>((resolve) => (releaseHeld = resolve)) : Promise.resolve(),
  })
  stops.push(() => receiver.close())
  const port: number = await freePort()
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const env = harnessEnv({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(receiver.port),
    MAIL_FROM: 'audit@north-country.test',
    ...MANUAL_QUEUE,
  })
  let server = await startPocketBase({ port, dataDir, env })
  stops.push(() => server.stop())

  const markers: string[] = []
  for (let i = 0; i < 5; i++) {
    const marker = `crash-${recordId()}`
    markers.push(marker)
    await guestClient(server.url)
      .collection('contacts')
      .create({
        name: `Crash ${i}`,
        email: uniqueEmail('crash'),
        message: `Please call. ${marker}`,
        source: 'portfolio_website',
      })
  }
  const su = await superuserClient(server.url)
  // A send run that gets stuck on the first message's answer.
  const stuck = flushMail(server.url, su.authStore.token).catch(() => undefined)
  await eventually(async () => mails.length === 1)
  const sending = await su.collection('deliveries').getFullList({ filter: 'status = "sending"' })
  expect(sending.length).toBeGreaterThanOrEqual(1)

  // Killed: no shutdown, no chance to record anything.
  const child = server.process
  await new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGKILL')
  })
  await stuck
  hold = false
  releaseHeld()

  server = await startPocketBase({ port, dataDir, env })
  expect(server.output()).toMatch(/send\(s\) cut off by the last stop are queued again/)
  const su2 = await superuserClient(server.url)
  await flushMail(server.url, su2.authStore.token)
  await eventually(async () => markers.every((m) => mails.some((mail) => mail.text.includes(m))))
  // Every row sent, the one cut off on the wire too (queued again when the server started: sent
  // by a run once due, which on a busy host may come after the others arrived).
  await eventually(async () => {
    await flushMail(server.url, su2.authStore.token)
    const rows = await su2.collection('deliveries').getFullList()
    return rows.every((row) => row.status === 'sent')
  }, 20_000)

  const counts = markers.map((m) => mails.filter((mail) => mail.text.includes(m)).length)
  // The one on the wire may arrive twice; every other one exactly once.
  expect(counts.filter((n) => n === 0)).toEqual([])
  expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(1)
  expect(counts.every((n) => n <= 2)).toBe(true)
  expect(mails.every((mail) => mail.envelope.to.includes(OWNER_EMAIL))).toBe(true)
  const rows = await su2.collection('deliveries').getFullList()
  expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'sent'))
}, 60_000)
