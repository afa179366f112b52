// The benchmark's own server: `npm start` (scripts/start.mjs) on a free port with a temp data
// dir, serving a given build, with a superuser. Loopback is exempted from the rate limits
// (the settings API, as tests/integration/global-setup.ts does): every benchmark request comes
// from 127.0.0.1 and would otherwise be throttled as one visitor. stop() kills exactly it.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import {
  exemptLoopbackFromRateLimits,
  freePort,
  root,
  stopProcess,
  superuserToken,
  waitUntilServing,
} from '../pocketbase.mjs'

export const BENCH_SUPERUSER = {
  email: 'bench-superuser@bench.local',
  password: 'bench-superuser-pass-123',
}

/**
 * @param {{ publicDir: string, dataDir: string, env?: Record<string, string> }} options
 */
export async function startAppServer({ publicDir, dataDir, env: extraEnv = {} }) {
  const port = await freePort()
  const env = {
    ...process.env,
    PORT: String(port),
    PB_DATA: dataDir,
    PB_PUBLIC_DIR: publicDir,
    PB_SUPERUSER_EMAIL: BENCH_SUPERUSER.email,
    PB_SUPERUSER_PASSWORD: BENCH_SUPERUSER.password,
    OWNER_EMAIL: 'owner@bench.local',
    SMTP_HOST: '',
    // A newsletter issue is published for Lighthouse (scripts/bench/newsletter-bench.mjs).
    MAIL_POSTAL_ADDRESS: '12 Main Street\\nLittleton, NH 03561',
    ...extraEnv,
  }
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  const url = `http://127.0.0.1:${port}`
  await waitUntilServing(child, url, () => log, { timeoutMs: 60_000, what: 'npm start' })

  const token = await superuserToken(url, BENCH_SUPERUSER.email, BENCH_SUPERUSER.password)
  await exemptLoopbackFromRateLimits(url, token)

  return { url, token, stop: () => stopProcess(child, 5000), log: () => log, pid: child.pid }
}
