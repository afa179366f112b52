// The newcomer's first commands, run for real: `npm start` (scripts/start.mjs) warns when mail
// would carry wrong links and prints the right superuser command after PocketBase's banner;
// `npm run admin` (scripts/admin.mjs) says which data directory it uses and never creates one.
// And the harnesses' own start (scripts/pocketbase.mjs): a server counts as started only once it
// holds its port.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, root, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'
import { superuserClient } from './helpers'

const temp: string[] = []
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true })
})

function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pb-${label}-`))
  temp.push(dir)
  return dir
}

/** Runs `npm start` until PocketBase's banner is out, then stops it; its whole output. */
async function startOutput(env: Record<string, string>): Promise<string> {
  const publicDir = tempDir('start-public')
  writeFileSync(join(publicDir, 'index.html'), '<!doctype html><title>site</title>')
  const port = await freePort()
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PB_PUBLIC_DIR: publicDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const deadline = Date.now() + 30_000
  while (!/Dashboard: http:\/\/127\.0\.0\.1:\d+\/_\/\n[\s\S]*\n\n/.test(output)) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`)
    if (Date.now() > deadline) break
    await new Promise((r) => setTimeout(r, 100))
  }
  // A moment for the rest of the banner.
  await new Promise((r) => setTimeout(r, 500))
  await new Promise<void>((resolve) => {
    child.once('close', () => resolve())
    child.kill('SIGTERM')
  })
  return output
}

describe('npm start', () => {
  it('with SMTP but no APP_URL: warns that mail links would be wrong; with no superuser: the right command', async () => {
    const dataDir = tempDir('start-data')
    const output = await startOutput({
      PB_DATA: dataDir,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '2',
      APP_URL: '',
      PB_SUPERUSER_EMAIL: '',
      PB_SUPERUSER_PASSWORD: '',
    })
    expect(output).toContain('WARNING: SMTP_HOST is set but APP_URL is not.')
    // PocketBase's banner came through, with the superuser line rewritten for this data dir.
    expect(output).toMatch(/Server started at http:\/\/127\.0\.0\.1:\d+/)
    expect(output).toContain('create your first superuser with:')
    expect(output).toContain(`superuser upsert EMAIL PASSWORD --dir=${dataDir})`)
    expect(output).not.toContain('go run .')
    expect(output).not.toMatch(/superuser upsert EMAIL PASS\)/)
  })

  it('says nothing about APP_URL when it is set', async () => {
    const output = await startOutput({
      PB_DATA: tempDir('start-data'),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '2',
      APP_URL: 'https://audit.example.test',
    })
    expect(output).toMatch(/Server started at/)
    expect(output).not.toContain('APP_URL is not')
  })
})

describe('starting PocketBase for a test', () => {
  it('is not fooled by another server on its port that answers the health check', async () => {
    let asked = 0
    const other = createServer((_req, res) => {
      asked++
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200}')
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = other.address() as AddressInfo
      const dataDir = tempDir('taken-port')
      await expect(startPocketBase({ port, dataDir, env: harnessEnv() })).rejects.toThrow(
        /address already in use/,
      )
      expect(asked).toBe(0)
    } finally {
      await new Promise((resolve) => other.close(resolve))
    }
  })
})

describe('npm run admin', () => {
  const admin = (args: string[], env: Record<string, string | undefined>) =>
    spawnSync(process.execPath, [join(root, 'scripts/admin.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    })

  it('refuses a data directory without a database, and creates nothing', () => {
    const missing = join(tempDir('admin-parent'), 'pb_data')
    const res = admin(['promote', 'owner@example.com'], { PB_DATA: missing })
    expect(res.status).toBe(1)
    expect(res.stdout).toContain(`Data: ${missing} (PB_DATA)`)
    expect(res.stderr).toContain(`No database in ${missing}`)
    expect(existsSync(missing)).toBe(false)

    const empty = tempDir('admin-empty')
    mkdirSync(empty, { recursive: true })
    expect(admin(['promote', 'owner@example.com'], { PB_DATA: empty }).status).toBe(1)
    expect(existsSync(join(empty, 'data.db'))).toBe(false)
  })

  it('without PB_DATA uses the default of npm start and says so', () => {
    const res = admin(['promote', 'nobody@example.com'], { PB_DATA: '' })
    expect(res.stdout).toContain(`Data: ${join(root, 'pb_data')} (the default of npm start)`)
  })

  it('promotes a user of the database a running server uses', async () => {
    const dataDir = tempDir('admin-data')
    upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
    const server = await startPocketBase({ dataDir, env: harnessEnv() })
    try {
      const su = await superuserClient(server.url)
      const email = 'owner@example.com'
      const user = await su.collection('users').create({
        email,
        password: 'correct-horse-42',
        passwordConfirm: 'correct-horse-42',
      })
      const res = admin(['promote', email], { PB_DATA: dataDir })
      expect(res.status, `${res.stdout}${res.stderr}`).toBe(0)
      expect(res.stdout).toContain(`Data: ${dataDir} (PB_DATA)`)
      expect(res.stdout).toContain(`${email} is now an admin.`)
      expect((await su.collection('users').getOne(user.id)).isAdmin).toBe(true)
    } finally {
      await server.stop()
    }
  })
})
