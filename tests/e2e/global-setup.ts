// Builds the site into a private folder and starts it exactly as `npm start` does
// (scripts/start.mjs: one PocketBase serving the build + API) on a free port with a temp
// data dir, sending mail to a real SMTP receiver that files every message it gets in a temp
// folder (tests/e2e/support/mailbox.ts reads it). Workers read the URL from E2E_BASE_URL. The
// returned teardown stops both.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits, freePort, root, superuserToken } from '../../scripts/pocketbase.mjs'
import { startMailReceiver, type ReceivedMail } from '../../scripts/mail-receiver.mjs'
import { E2E_SUPERUSER } from './support/env'

export default async function globalSetup() {
  const distDir = join(root, '.e2e', `dist-${process.pid}`)
  mkdirSync(join(root, '.e2e'), { recursive: true })
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)

  const dataDir = mkdtempSync(join(tmpdir(), 'pb-e2e-'))
  const mailDir = mkdtempSync(join(tmpdir(), 'pb-e2e-mail-'))
  let mailCount = 0
  const receiver = await startMailReceiver({
    onMail: (mail: ReceivedMail) => {
      const { envelope, headers, subject, from, text, html } = mail
      const name = `${Date.now()}-${String(++mailCount).padStart(5, '0')}.json`
      const saved = { envelope, headers, subject, from, text, html }
      writeFileSync(join(mailDir, name), JSON.stringify(saved))
    },
    // A client that hangs up mid-message must not crash the test run.
    onError: () => undefined,
  })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    PORT: String(port),
    PB_DATA: dataDir,
    PB_PUBLIC_DIR: distDir,
    PB_SUPERUSER_EMAIL: E2E_SUPERUSER.email,
    PB_SUPERUSER_PASSWORD: E2E_SUPERUSER.password,
    OWNER_EMAIL: 'owner@e2e.local',
    // Every mail goes to the receiver above; links in mails point at this server.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(receiver.port),
    MAIL_FROM: 'audit@e2e.local',
    APP_URL: url,
    // Every browser test sends from 127.0.0.1 (like the rate-limit exemption below): no daily
    // cap on visitor mail per IP here; tests/integration/mail-limits.test.ts tests the cap.
    MAIL_VISITOR_PER_IP_PER_DAY: '1000000',
    // Nor the owner's hourly cap (one notification of each kind per IP an hour, then a digest).
    OWNER_MAIL_PER_HOUR: '0',
  }
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  server.stdout.on('data', (d) => (log += d))
  server.stderr.on('data', (d) => (log += d))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited early:\n${log}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  // All browser tests come from 127.0.0.1; rate limiting is tested in the integration suite.
  await exemptLoopbackFromRateLimits(
    url,
    await superuserToken(url, E2E_SUPERUSER.email, E2E_SUPERUSER.password),
  )

  process.env.E2E_BASE_URL = url
  process.env.E2E_PB_DATA = dataDir
  process.env.E2E_DIST_DIR = distDir
  process.env.E2E_MAIL_DIR = mailDir

  return async () => {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve()
      server.once('exit', () => resolve())
      server.kill('SIGTERM')
      setTimeout(() => server.kill('SIGKILL'), 3000).unref()
    })
    await receiver.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(distDir, { recursive: true, force: true })
    rmSync(mailDir, { recursive: true, force: true })
  }
}
