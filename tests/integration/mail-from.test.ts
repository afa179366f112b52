// A sender address PocketBase refuses (`MAIL_FROM=audit@localhost`, the example the docs once
// gave) used to make the first start exit 1 with "failed to apply migration
// 1763690100_app_settings.js: meta: (senderAddress: must be a valid email address.)". Now
// `npm start` refuses it in ONE plain line naming MAIL_FROM before anything touches the database,
// and PocketBase started directly (as the systemd unit does) never lets it reach the settings: it
// starts, applies every migration, keeps mail queued and says why in one line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'
import { superuserClient } from './helpers'
import { flushMail } from './support/mail-harness'

const temp: string[] = []
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true })
})

function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pb-${label}-`))
  temp.push(dir)
  return dir
}

const REFUSED = ['audit@localhost', 'North Country <audit@example.com>', 'audit']

describe('npm start with a MAIL_FROM PocketBase refuses', () => {
  it.each(REFUSED)(
    'MAIL_FROM=%s: exits 1 with one plain line naming MAIL_FROM, and creates no database',
    (address) => {
      const publicDir = tempDir('mail-from-public')
      writeFileSync(join(publicDir, 'index.html'), '<!doctype html><title>site</title>')
      // A data directory that does not exist yet: the first start on a new machine.
      const dataDir = join(tempDir('mail-from-parent'), 'pb_data')
      const res = spawnSync(process.execPath, [join(root, 'scripts/start.mjs')], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          PORT: '1',
          PB_DATA: dataDir,
          PB_PUBLIC_DIR: publicDir,
          MAIL_FROM: address,
          PB_SUPERUSER_EMAIL: SUPERUSER.email,
          PB_SUPERUSER_PASSWORD: SUPERUSER.password,
        },
      })
      expect(res.status, `${res.stdout}${res.stderr}`).toBe(1)
      const lines = res.stderr.trim().split('\n')
      expect(lines, res.stderr).toHaveLength(1)
      expect(lines[0]).toContain('MAIL_FROM')
      expect(lines[0]).toContain(JSON.stringify(address))
      expect(lines[0]).toContain('audit@example.com')
      expect(`${res.stdout}${res.stderr}`).not.toMatch(/migration|senderAddress/i)
      expect(existsSync(dataDir), 'nothing was written for the database').toBe(false)
    },
    90_000,
  )
})

describe('PocketBase started directly (the systemd unit) with such a MAIL_FROM', () => {
  it('starts on a new database, never saves the address, and says why mail is kept in one line', async () => {
    const dataDir = tempDir('mail-from-direct')
    upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
    const server = await startPocketBase({
      dataDir,
      env: harnessEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '1', MAIL_FROM: 'audit@localhost' }),
    })
    try {
      const su = await superuserClient(server.url)
      const settings = await su.settings.getAll()
      // Every migration ran (the app settings' one set the name), and the sender is not the bad one.
      expect(settings.meta.appName).toBe('North Country Efficiency')
      expect(settings.meta.senderAddress).not.toBe('audit@localhost')
      const said = server
        .output()
        .split('\n')
        .filter((line: string) => line.includes('MAIL_FROM'))
      expect(said, server.output()).toHaveLength(1)
      expect(said[0]).toContain('"audit@localhost"')
      expect(said[0]).toMatch(/kept, not sent/)
      // A run of the sender sends nothing and says why.
      const run = (await flushMail(server.url, su.authStore.token)) as { configError?: string }
      expect(run.configError).toContain('MAIL_FROM')
    } finally {
      await server.stop()
    }
  })

  it('takes a full address on a domain, however it is spelled', async () => {
    const dataDir = tempDir('mail-from-good')
    upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
    const address = "first.o'neil+tips_2@mail.north-country.test"
    const server = await startPocketBase({
      dataDir,
      env: harnessEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '1', MAIL_FROM: address }),
    })
    try {
      const su = await superuserClient(server.url)
      expect((await su.settings.getAll()).meta.senderAddress).toBe(address)
      expect(server.output()).not.toContain('MAIL_FROM')
    } finally {
      await server.stop()
    }
  })
})
