// Builds the site once into a private folder, then starts one server per Playwright worker, all
// at the same time, each exactly as `npm start` does (scripts/start.mjs: one PocketBase serving
// the build + API) on its own free loopback port with its own temp data dir, sending mail to its
// own real SMTP receiver that files every message it gets in its own temp folder
// (tests/e2e/support/mailbox.ts reads it). A worker runs one test at a time, so no test sees
// another one's data while it runs. The servers are listed in E2E_SERVERS; each worker picks
// its own (tests/e2e/support/servers.ts, called from playwright.config.ts). The returned
// teardown stops them all.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FullConfig } from '@playwright/test'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits, freePort, root, stopProcess, superuserToken, waitUntilServing } from '../../scripts/pocketbase.mjs'
import { startMailReceiver, type ReceivedMail } from '../../scripts/mail-receiver.mjs'
import { chromiumVersionProblem } from '../../scripts/chromium-flags.mjs'
import { E2E_SUPERUSER } from './support/env'
import type { E2EServer } from './support/servers'

interface RunningServer extends E2EServer {
  stop(): Promise<void>
}

export default async function globalSetup(config: FullConfig) {
  // A missing or too old Chromium stops the run here, saying which and how to fix it, not as a
  // dozen offline tests failing for the browser's reasons.
  const chromium = chromiumVersionProblem()
  if (chromium) throw new Error(chromium)
  // `npm run validate` builds the site beside the integration tests (scripts/validate.mjs) and
  // names that build here; it is this run's, and removed with the servers like one built here.
  const prebuilt = process.env.E2E_PREBUILT_DIST
  const distDir = prebuilt || join(root, '.e2e', `dist-${process.pid}`)
  if (!prebuilt) buildSite(distDir)

  const count = Math.max(1, config.workers)
  const mailboxes = await Promise.all(Array.from({ length: count }, () => startMailbox()))
  // Distinct ports, chosen once the receivers listen (a port freed by one check could be handed
  // out again by the next).
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  const started = await Promise.allSettled(
    [...ports].map((port, i) => startServer({ port, distDir, mailbox: mailboxes[i] })),
  )
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()))
    // The build and the render kit `vite build` writes beside it (scripts/prerender.mjs).
    for (const dir of [distDir, `${distDir}-render`]) rmSync(dir, { recursive: true, force: true })
  }
  const failed = started.find((s) => s.status === 'rejected')
  if (failed) {
    await stopAll()
    throw failed.reason
  }

  process.env.E2E_SERVERS = JSON.stringify(
    servers.map(({ url, dataDir, mailDir }): E2EServer => ({ url, dataDir, mailDir })),
  )
  process.env.E2E_DIST_DIR = distDir
  return stopAll
}

/** `vite build` of the working tree into `distDir` (under .e2e/, git-ignored). */
function buildSite(distDir: string) {
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
}

interface Mailbox {
  /** The SMTP receiver's port. */
  port: number
  /** Where it files each message as JSON. */
  dir: string
  /** Stops the receiver and removes the folder. */
  close(): Promise<void>
}

/** A real SMTP receiver on loopback that files every message it gets in a new temp folder. */
async function startMailbox(): Promise<Mailbox> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-e2e-mail-'))
  let mailCount = 0
  const receiver = await startMailReceiver({
    onMail: (mail: ReceivedMail) => {
      const { envelope, headers, subject, from, text, html } = mail
      const name = `${Date.now()}-${String(++mailCount).padStart(5, '0')}.json`
      const saved = { envelope, headers, subject, from, text, html }
      // Written aside, then renamed: a test reading the folder never sees a half-written file.
      writeFileSync(join(dir, `${name}.tmp`), JSON.stringify(saved))
      renameSync(join(dir, `${name}.tmp`), join(dir, name))
    },
    // A client that hangs up mid-message must not crash the test run.
    onError: () => undefined,
  })
  return {
    port: receiver.port,
    dir,
    async close() {
      await receiver.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** One `npm start` on `port` serving `distDir`, with its own data dir, sending to `mailbox`. */
async function startServer({
  port,
  distDir,
  mailbox,
}: {
  port: number
  distDir: string
  mailbox: Mailbox
}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-e2e-'))
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
    SMTP_PORT: String(mailbox.port),
    MAIL_FROM: 'audit@e2e.local',
    APP_URL: url,
    // Every browser test sends from 127.0.0.1 (like the rate-limit exemption below): no daily
    // cap on visitor mail per IP here; tests/integration/mail-limits.test.ts tests the cap.
    MAIL_VISITOR_PER_IP_PER_DAY: '1000000',
    // Nor the owner's hourly cap (one notification of each kind per IP an hour, then a digest).
    OWNER_MAIL_PER_HOUR: '0',
    // Webhook receivers in browser tests listen on loopback (tests/e2e/webhooks.spec.ts).
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // Newsletters must show the business's postal address; without it they are not sent.
    MAIL_POSTAL_ADDRESS: '12 Main Street\\nLittleton, NH 03561',
  }
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  server.stdout.on('data', (d) => (log += d))
  server.stderr.on('data', (d) => (log += d))
  const stop = async () => {
    await stopProcess(server)
    await mailbox.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    // Three servers starting at once on two cores: give them time.
    await waitUntilServing(server, url, () => log, { timeoutMs: 90_000, what: 'npm start' })
    // All browser tests come from 127.0.0.1; rate limiting is tested in the integration suite.
    await exemptLoopbackFromRateLimits(
      url,
      await superuserToken(url, E2E_SUPERUSER.email, E2E_SUPERUSER.password),
    )
  } catch (err) {
    await stop()
    throw err
  }
  return { url, dataDir, mailDir: mailbox.dir, stop }
}
