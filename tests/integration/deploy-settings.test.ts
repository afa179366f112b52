// The deployment env (server/limits/deploy-config.ts) lands in PocketBase's own settings at
// start: trusted proxy, superuser addresses, scheduled backups (which then really run) and
// their S3 storage; an incomplete S3 configuration stops the start with a message naming what
// is missing. The proxy behaviour itself is tested through a real Caddy (`npm run test:deploy`).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'
import { superuserClient } from './helpers'

const dirs: string[] = []
const stops: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const stop of stops) await stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-deploy-'))
  dirs.push(dir)
  upsertSuperuser(dir, SUPERUSER.email, SUPERUSER.password)
  return dir
}

const S3 = {
  BACKUP_S3_BUCKET: 'nce-backups',
  BACKUP_S3_REGION: 'us-east-1',
  BACKUP_S3_ENDPOINT: 'https://s3.example.test',
  BACKUP_S3_ACCESS_KEY: 'AKIATEST',
  BACKUP_S3_SECRET: 'secret-test-value',
  BACKUP_S3_FORCE_PATH_STYLE: 'true',
}

it('copies TRUSTED_PROXY_IPS, SUPERUSER_IPS, BACKUP_CRON/KEEP and BACKUP_S3_* into the settings', async () => {
  const server = await startPocketBase({
    dataDir: dataDir(),
    env: harnessEnv({
      TRUSTED_PROXY_IPS: '127.0.0.1,::1',
      SUPERUSER_IPS: '203.0.113.0/24',
      BACKUP_CRON: '30 3 * * *',
      BACKUP_KEEP: '5',
      ...S3,
    }),
  })
  stops.push(server.stop)
  expect(server.output()).toMatch(/deploy: .*backups at "30 3 \* \* \*" UTC, keeping 5/)
  // The machine itself stays allowed (loopback is always added).
  const su = await superuserClient(server.url)
  const settings = await su.settings.getAll()
  expect(settings.trustedProxy).toEqual({ headers: ['X-Forwarded-For'], useLeftmostIP: false })
  expect(settings.superuserIPs).toEqual(['203.0.113.0/24', '127.0.0.1', '::1'])
  expect(settings.backups).toMatchObject({
    cron: '30 3 * * *',
    cronMaxKeep: 5,
    s3: {
      enabled: true,
      bucket: S3.BACKUP_S3_BUCKET,
      region: S3.BACKUP_S3_REGION,
      endpoint: S3.BACKUP_S3_ENDPOINT,
      accessKey: S3.BACKUP_S3_ACCESS_KEY,
      forcePathStyle: true,
    },
  })
})

it('switches scheduled backups off with BACKUP_CRON=off (a restore drill must not run them)', async () => {
  const dir = dataDir()
  const on = await startPocketBase({
    dataDir: dir,
    env: harnessEnv({ BACKUP_CRON: '30 3 * * *' }),
  })
  await on.stop()
  const off = await startPocketBase({
    dataDir: dir,
    env: harnessEnv({ BACKUP_CRON: 'off' }),
  })
  stops.push(off.stop)
  const su = await superuserClient(off.url)
  expect((await su.settings.getAll()).backups.cron).toBe('')
})

it('refuses to start with a bucket but no credentials, naming what is missing', async () => {
  const { BACKUP_S3_SECRET: _secret, BACKUP_S3_ACCESS_KEY: _key, ...partial } = S3
  await expect(
    startPocketBase({
      dataDir: dataDir(),
      env: harnessEnv({ ...partial, BACKUP_S3_ACCESS_KEY: '', BACKUP_S3_SECRET: '' }),
    }),
  ).rejects.toThrow(/BACKUP_S3_ACCESS_KEY, BACKUP_S3_SECRET/)
})

it('runs the scheduled backups into pb_data/backups', async () => {
  const dir = dataDir()
  const server = await startPocketBase({
    dataDir: dir,
    env: harnessEnv({ BACKUP_CRON: '* * * * *', BACKUP_KEEP: '1' }),
  })
  stops.push(server.stop)
  const backups = join(dir, 'backups')
  const zips = () =>
    existsSync(backups) ? readdirSync(backups).filter((f) => f.endsWith('.zip')) : []
  const deadline = Date.now() + 75_000
  while (zips().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500))
  expect(zips()).toHaveLength(1)
  expect(zips()[0]).toMatch(/^@auto_pb_backup_/)
}, 90_000)
