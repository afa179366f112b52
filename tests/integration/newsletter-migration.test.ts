// The newsletter's status migration against the real PocketBase binary: `active` rows become
// `active`, inactive ones `unsubscribed` (with no invented confirmation time), and `migrate down`
// restores the `active` flag (true only for rows that were active).
import { spawn, spawnSync } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  unlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PocketBase from 'pocketbase'
import { afterAll, expect, it } from 'vitest'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { findPocketBase, freePort, root, serveArgs, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER } from './harness-env'

const MIGRATION = '1764300000_newsletter_double_opt_in.js'
const scratch = mkdtempSync(join(tmpdir(), 'pb-newsletter-migration-'))
const dataDir = join(scratch, 'data')
const migrationsDir = join(scratch, 'migrations')
// The built server (pb_hooks/generated/) without any entry file: a migration may render with it
// (account mails), and no hook may touch the rows of the old schema.
const noHooks = join(scratch, 'hooks')

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Runs `serve` on this data dir with `migrationsDir` (applying what is new), calls `check`, stops. */
async function withServer(check: (su: PocketBase) => Promise<void>) {
  const port: number = await freePort()
  const args = serveArgs({
    port,
    dataDir,
    extra: [`--migrationsDir=${migrationsDir}`, `--hooksDir=${noHooks}`],
  })
  const child = spawn(findPocketBase(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  try {
    const deadline = Date.now() + 20_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`PocketBase exited:\n${output}`)
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break
      if (Date.now() > deadline) throw new Error(`PocketBase did not start:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    const su = new PocketBase(url)
    su.autoCancellation(false)
    await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password)
    await check(su)
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  }
}

function rows(su: PocketBase) {
  return su.collection('newsletter_subscriptions').getFullList({ sort: 'email' })
}

it('maps active to a status and back, keeping every row', async () => {
  mkdirSync(migrationsDir)
  cpSync(join(root, 'pb_hooks/generated'), join(noHooks, 'generated'), { recursive: true })
  const all = readdirSync(join(root, 'pb_migrations')).filter((f) => f.endsWith('.js'))
  for (const file of all.filter((f) => f < MIGRATION)) {
    copyFileSync(join(root, 'pb_migrations', file), join(migrationsDir, file))
  }
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)

  // Before: the flag.
  await withServer(async (su) => {
    const newsletter = su.collection('newsletter_subscriptions')
    await newsletter.create({ email: 'a-reader@example.com', source: 'footer', active: true })
    await newsletter.create({ email: 'b-gone@example.com', source: 'about', active: false })
  })

  // Up: the status.
  copyFileSync(join(root, 'pb_migrations', MIGRATION), join(migrationsDir, MIGRATION))
  await withServer(async (su) => {
    const [reader, gone] = await rows(su)
    expect(reader).toMatchObject({ status: 'active', confirmedAt: '', source: 'footer' })
    expect(gone).toMatchObject({ status: 'unsubscribed', confirmedAt: '', source: 'about' })
    expect(reader).not.toHaveProperty('active')
    await su
      .collection('newsletter_subscriptions')
      .create({ email: 'c-waiting@example.com', source: 'audit', status: 'pending' })
  })

  // Down: the flag again, true only where the status was active.
  const down = spawnSync(
    findPocketBase(),
    [
      'migrate',
      'down',
      '1',
      `--dir=${dataDir}`,
      `--migrationsDir=${migrationsDir}`,
      `--hooksDir=${noHooks}`,
    ],
    { input: 'y\n', encoding: 'utf8' },
  )
  expect(down.stdout + down.stderr).toContain(`Reverted ${MIGRATION}`)
  unlinkSync(join(migrationsDir, MIGRATION))
  await withServer(async (su) => {
    const [reader, gone, waiting] = await rows(su)
    expect(reader).toMatchObject({ active: true, source: 'footer' })
    expect(gone).toMatchObject({ active: false, source: 'about' })
    // A source that did not exist before becomes the footer's.
    expect(waiting).toMatchObject({ active: false, source: 'footer' })
    expect(reader).not.toHaveProperty('status')
    const collections = await su.collections.getFullList()
    expect(collections.map((c) => c.name)).not.toContain('app_secrets')
  })
}, 90_000)
