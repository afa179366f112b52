// The production front on loopback: `npm start` (temporary data, production rate limits, the
// deployment env of deploy/north-country.env.example) behind a real Caddy running the shipped
// deploy/Caddyfile with only its addresses and ports changed (and `tls internal`: the test
// has no domain). Debian's caddy package is installed when missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, root, waitUntilServing } from '../../../scripts/pocketbase.mjs'

export const SHIPPED_CADDYFILE = join(root as string, 'deploy/Caddyfile')
export const SHIPPED_ENV = join(root as string, 'deploy/north-country.env.example')

/** The variables of an env file (KEY=value lines, as systemd's EnvironmentFile reads them). */
export function readEnvFile(path: string): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim())
    if (match) vars[match[1]] = match[2]
  }
  return vars
}

export const SUPERUSER = { email: 'deploy-superuser@test.local', password: 'deploy-pass-12345' }

/** Loopback addresses the tests speak from (Linux routes all of 127.0.0.0/8 to lo). */
export const FROM = {
  visitorA: '127.0.0.2',
  visitorB: '127.0.0.3',
  stranger: '127.0.0.5',
  owner: '127.0.0.9',
} as const

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

export interface RequestOptions {
  method?: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** The source address of the connection. */
  from?: string
}

export interface Front {
  /** https://127.0.0.1:PORT, Caddy. */
  proxyUrl: string
  /** http://127.0.0.1:PORT, PocketBase itself (`npm start`). */
  appUrl: string
  /** http://127.0.0.1:PORT, Caddy's redirect to HTTPS. */
  plainUrl: string
  request(url: string, options?: RequestOptions): Promise<Answer>
  /** Opens a response and resolves with the first chunk of its body (for event streams). */
  firstChunk(url: string, options?: RequestOptions): Promise<Answer>
  /** The environment the PocketBase process behind `npm start` runs with (Linux /proc). */
  serverEnv(): Record<string, string>
  stop(): Promise<void>
}

/**
 * The path of `command`, installing Debian's `pkg` first when it is missing (apt-get as root,
 * or through sudo).
 */
export function ensureCommand(command: string, pkg: string): string {
  const find = () => spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' })
  const found = find()
  if (found.status === 0) return found.stdout.trim()
  const asRoot = process.getuid?.() === 0
  const run = (args: string[]) => {
    const [cmd, ...rest] = asRoot ? args : ['sudo', '-n', ...args]
    const res = spawnSync(cmd, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (res.status !== 0) throw new Error(`${args.join(' ')} failed; install Debian's ${pkg}`)
  }
  run(['apt-get', 'update', '-qq'])
  run(['apt-get', 'install', '-y', '-qq', pkg])
  const installed = find()
  if (installed.status !== 0) throw new Error(`${pkg} is installed but ${command} is not found`)
  return installed.stdout.trim()
}

/** Replaces exactly one occurrence, so a changed shipped file fails loudly instead of silently. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from)
  if (parts.length !== 2) {
    throw new Error(`deploy/Caddyfile should contain "${from}" exactly once`)
  }
  return parts.join(to)
}

/** The shipped Caddyfile with only addresses and ports changed for a loopback test. */
export function testCaddyfile(ports: {
  https: number
  http: number
  admin: number
  app: number
}): string {
  let text = readFileSync(SHIPPED_CADDYFILE, 'utf8')
  text = replaceOnce(text, 'admin localhost:2019', `admin 127.0.0.1:${ports.admin}`)
  text = replaceOnce(text, 'http_port 80\n', `http_port ${ports.http}\n`)
  // The test's own CA must not be installed into the machine's trust store.
  text = replaceOnce(text, 'https_port 443\n', `https_port ${ports.https}\n\tskip_install_trust\n`)
  text = replaceOnce(text, '\nexample.com {\n', '\n127.0.0.1 {\n\tbind 127.0.0.1\n\ttls internal\n')
  text = replaceOnce(text, 'reverse_proxy 127.0.0.1:8090', `reverse_proxy 127.0.0.1:${ports.app}`)
  return text
}

function send(
  url: string,
  options: RequestOptions,
  ca: string | undefined,
  onResponse: (res: http.IncomingMessage, done: (a: Answer) => void) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const body = options.body === undefined ? undefined : Buffer.from(options.body)
    const headers: Record<string, string> = { ...options.headers }
    if (body !== undefined) headers['content-length'] = String(body.length)
    const common = {
      method: options.method ?? 'GET',
      headers,
      localAddress: options.from,
      agent: false as const,
    }
    // A server may answer before the body is all sent (a 413 decided on Content-Length) and then
    // reset the connection: the answer counts, and the rest of the body is not sent.
    let answered: http.IncomingMessage | null = null
    const onAnswer = (res: http.IncomingMessage) => {
      answered = res
      onResponse(res, resolve)
    }
    const req =
      target.protocol === 'https:'
        ? https.request(target, { ...common, ca }, onAnswer)
        : http.request(target, common, onAnswer)
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout: ${url}`)))
    req.on('error', (err) => {
      const res = answered as http.IncomingMessage | null
      if (!res) return reject(err)
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) })
    })
    if (body === undefined) return void req.end()
    // In pieces, each after the last one left: an answer that comes first stops the rest.
    const PIECE = 64 * 1024
    let at = 0
    const writeMore = () => {
      while (at < body.length && !answered) {
        const piece = body.subarray(at, at + PIECE)
        at += piece.length
        if (!req.write(piece)) return void req.once('drain', writeMore)
      }
      req.end()
    }
    writeMore()
  })
}

async function waitFor(what: string, check: () => Promise<boolean>, ms: number, log: () => string) {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      if (await check()) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${ms} ms:\n${log()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      return resolve()
    }
    child.once('exit', () => resolve())
    const pid = child.pid
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      return resolve()
    }
    setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }, 5000).unref()
  })
}

/** The environment minus the time zone settings, so `npm start` picks the site's own. */
function withoutClock(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { TZ: _tz, SITE_TIME_ZONE: _site, ...rest } = env
  return rest
}

/** The environment of the process whose command line has `argument` (Linux /proc). */
function environmentOf(argument: string): Record<string, string> {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(argument)) continue
      const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
      return Object.fromEntries(
        pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
      )
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no process with ${argument}`)
}

export async function startFront(extraEnv: Record<string, string> = {}): Promise<Front> {
  const caddy = ensureCommand('caddy', 'caddy')
  const dir = mkdtempSync(join(tmpdir(), 'deploy-front-'))
  const ports = {
    app: await freePort(),
    https: await freePort(),
    http: await freePort(),
    admin: await freePort(),
  }
  const children: ChildProcess[] = []
  let output = ''
  const capture = (child: ChildProcess, name: string) => {
    child.stdout?.on('data', (d) => (output += `[${name}] ${d}`))
    child.stderr?.on('data', (d) => (output += `[${name}] ${d}`))
    children.push(child)
  }

  const stop = async () => {
    for (const child of children.reverse()) await stopGroup(child)
    rmSync(dir, { recursive: true, force: true })
  }

  const shipped = readEnvFile(SHIPPED_ENV)
  try {
    // `npm start` exactly as the service runs the server, with the production env of
    // deploy/north-country.env.example (proxy, superuser addresses, Caddy compressing).
    const app = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...withoutClock(process.env),
        PORT: String(ports.app),
        PB_DATA: join(dir, 'pb_data'),
        PB_SUPERUSER_EMAIL: SUPERUSER.email,
        PB_SUPERUSER_PASSWORD: SUPERUSER.password,
        SMTP_HOST: '',
        // The shipped env file's proxy settings, as they are.
        TRUSTED_PROXY_IPS: shipped.TRUSTED_PROXY_IPS,
        APP_GZIP: shipped.APP_GZIP,
        SUPERUSER_IPS: FROM.owner,
        ...extraEnv,
      },
    })
    capture(app, 'app')
    let appOutput = ''
    app.stdout?.on('data', (d) => (appOutput += d))
    app.stderr?.on('data', (d) => (appOutput += d))
    const appUrl = `http://127.0.0.1:${ports.app}`
    // A first `npm start` on a clean clone builds the site: give it time.
    await waitUntilServing(app, appUrl, () => appOutput, { timeoutMs: 180_000, what: 'npm start' })

    const caddyHome = join(dir, 'caddy')
    mkdirSync(caddyHome)
    const caddyfile = join(dir, 'Caddyfile')
    writeFileSync(caddyfile, testCaddyfile(ports))
    const proxy = spawn(caddy, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HOME: caddyHome,
        XDG_DATA_HOME: join(caddyHome, 'data'),
        XDG_CONFIG_HOME: join(caddyHome, 'config'),
      },
    })
    capture(proxy, 'caddy')
    const rootCert = join(caddyHome, 'data/caddy/pki/authorities/local/root.crt')
    const proxyUrl = `https://127.0.0.1:${ports.https}`
    const request = (url: string, options: RequestOptions = {}) =>
      send(
        url,
        options,
        existsSync(rootCert) ? readFileSync(rootCert, 'utf8') : undefined,
        (res, done) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          )
        },
      )
    await waitFor(
      'caddy',
      async () => (await request(`${proxyUrl}/api/health`)).status === 200,
      30_000,
      () => output,
    )

    return {
      proxyUrl,
      appUrl,
      plainUrl: `http://127.0.0.1:${ports.http}`,
      request,
      firstChunk: (url, options = {}) =>
        send(url, options, readFileSync(rootCert, 'utf8'), (res, done) => {
          res.once('data', (c: Buffer) => {
            done({ status: res.statusCode ?? 0, headers: res.headers, body: c })
            res.destroy()
          })
        }),
      serverEnv: () => environmentOf(`--http=127.0.0.1:${ports.app}`),
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
