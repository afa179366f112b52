// A PocketBase of its own for a webhook test file: WEBHOOKS_ALLOW_PRIVATE=true by default (the
// receivers are on loopback), an admin user, helpers to add endpoints, move time through the
// flush endpoint, read the log, and kill or restart the server on the same data.
//
// Safety net: the server finds `curl` first in a tripwire directory. The tripwire records every
// call and runs the real curl only when the address it is told to connect to is loopback;
// anything else is refused without a connection. So no test, even with a broken guard, can send
// a webhook anywhere but this machine, and a test can see that curl was never started at all.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, startPocketBase, upsertSuperuser } from '../../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from '../harness-env'
import { createUser, guestClient, superuserClient, type TestUser } from '../helpers'
import { runAuditJobs } from './audit-jobs'
import { migratedDataDir } from './data-dir'

export interface WebhookServer {
  url: string
  su: PocketBase
  guest: PocketBase
  admin: TestUser
  /** POST /api/webhooks/flush as superuser, as if at `now`. */
  flush(now?: Date | number): Promise<FlushSummary>
  /** Adds an endpoint as the admin: { id, secret }. */
  addEndpoint(url: string, events: string[], description?: string): Promise<AddedEndpoint>
  /** The endpoint's log, oldest first. */
  attempts(endpointId: string): Promise<AttemptRow[]>
  /** Delivery queue rows of the kind `webhook` to one endpoint. */
  deliveries(endpointId: string): Promise<DeliveryRow[]>
  /** Every curl the server started (the tripwire's record), one line of arguments each. */
  curlCalls(): string[]
  output(): string
  /** Stops the process with `signal` (SIGKILL: no clean shutdown). */
  kill(signal?: NodeJS.Signals): Promise<void>
  /** Starts the server again on the same data (after kill), with `env` added. */
  restart(env?: Record<string, string>): Promise<void>
  stop(): Promise<void>
}

export interface AddedEndpoint {
  id: string
  secret: string
}

export interface FlushSummary {
  sent: number
  failed: number
  retried: number
  cancelled: number
  recovered: number
  pending: number
}

export interface AttemptRow {
  id: string
  endpoint: string
  event: string
  eventType: string
  delivery: string
  attempt: number
  trigger: string
  outcome: string
  statusCode: number
  durationMs: number
  response: string
  error: string
  created: string
}

export interface DeliveryRow {
  id: string
  kind: string
  status: string
  recipient: string
  sourceId: string
  attempts: number
  runAt: string
  lastError: string
}

interface Running {
  url: string
  process: { kill(signal: string): boolean; once(event: 'exit', cb: () => void): void }
  stop(): Promise<void>
  output(): string
}

/** A `curl` that runs the real one only towards loopback, and logs every call. */
function tripwire(): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-tripwire-'))
  const log = join(dir, 'calls.log')
  const realCurl = execFileSync('sh', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim()
  writeFileSync(
    join(dir, 'curl'),
    [
      '#!/bin/sh',
      `printf '%s\\n' "$*" >> '${log}'`,
      'target=""; prev=""',
      'for arg in "$@"; do [ "$prev" = "--connect-to" ] && target="$arg"; prev="$arg"; done',
      'case "$target" in',
      `  ::127.*|::\\[::1\\]:*) exec '${realCurl}' "$@" ;;`,
      'esac',
      'echo "curl: (7) test tripwire: no connection to $target" >&2',
      'exit 7',
      '',
    ].join('\n'),
  )
  chmodSync(join(dir, 'curl'), 0o755)
  return { dir, log }
}

export async function startWebhookServer(
  opts: { allowPrivate?: boolean; env?: Record<string, string>; extra?: string[] } = {},
): Promise<WebhookServer> {
  const dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-webhooks-')))
  const wire = tripwire()
  const port: number = await freePort()
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const baseEnv = (extra: Record<string, string> = {}) =>
    harnessEnv({
      APP_URL: 'https://efficiency.test',
      PATH: `${wire.dir}:${process.env.PATH ?? ''}`,
      WEBHOOKS_ALLOW_PRIVATE: opts.allowPrivate === false ? '' : 'true',
      ...opts.env,
      ...extra,
    })
  const extra = opts.extra ?? []
  let server: Running = await startPocketBase({ port, dataDir, env: baseEnv(), extra })
  let su = await superuserClient(server.url)
  const admin = await createUser({
    isAdmin: true,
    verified: true,
    label: 'consultant',
    url: server.url,
  })

  const harness: WebhookServer = {
    url: server.url,
    su,
    guest: guestClient(server.url),
    admin,
    async flush(now) {
      // The audits' jobs first: an audit's event is queued by its job.
      await runAuditJobs(server.url, su.authStore.token)
      const res = await fetch(`${server.url}/api/webhooks/flush`, {
        method: 'POST',
        headers: { authorization: su.authStore.token, 'content-type': 'application/json' },
        body: JSON.stringify(now === undefined ? {} : { now: new Date(now).toISOString() }),
      })
      if (!res.ok) throw new Error(`flush failed: ${res.status} ${await res.text()}`)
      return (await res.json()) as FlushSummary
    },
    async addEndpoint(url, events, description = '') {
      return admin.pb.send<AddedEndpoint>('/api/webhooks', {
        method: 'POST',
        body: { url, events, description },
      })
    },
    attempts: (endpointId) =>
      su.collection('webhook_attempts').getFullList<AttemptRow>({
        filter: su.filter('endpoint = {:id}', { id: endpointId }),
        sort: 'created,attempt',
      }),
    deliveries: (endpointId) =>
      su.collection('deliveries').getFullList<DeliveryRow>({
        filter: su.filter('kind = "webhook" && recipient = {:id}', { id: endpointId }),
        sort: 'created',
      }),
    curlCalls: () =>
      existsSync(wire.log) ? readFileSync(wire.log, 'utf8').split('\n').filter(Boolean) : [],
    output: () => server.output(),
    async kill(signal = 'SIGKILL') {
      await new Promise<void>((resolve) => {
        server.process.once('exit', () => resolve())
        server.process.kill(signal)
      })
    },
    async restart(env = {}) {
      server = await startPocketBase({ port, dataDir, env: baseEnv(env), extra })
      su = await superuserClient(server.url)
      harness.su = su
      await admin.pb.collection('users').authRefresh()
    },
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(wire.dir, { recursive: true, force: true })
    },
  }
  return harness
}
