// Starts ONE real PocketBase for the integration project: a free loopback port, a temporary
// data dir, the project's migrations and hooks, a superuser. Kills exactly that process.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, root, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'

declare module 'vitest' {
  export interface ProvidedContext {
    pbUrl: string
  }
}

export default async function setup(project: TestProject) {
  // The hooks require the bundled engine: never test a stale copy.
  const bundle = spawnSync(process.execPath, [join(root, 'scripts/build-engine.mjs')], {
    encoding: 'utf8',
  })
  if (bundle.status !== 0) throw new Error(`engine bundle failed: ${bundle.stderr}`)
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-it-'))
  const port = await freePort()
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const server = await startPocketBase({ port, dataDir, env: harnessEnv() })
  await relaxLoopbackRateLimits(server.url)
  project.provide('pbUrl', server.url)
  return async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// Every test file shares 127.0.0.1, so the shared server exempts loopback from the rate
// limiter; tests of rate limiting start their own server with the production limits.
async function relaxLoopbackRateLimits(url: string) {
  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }),
  }).then((r) => r.json())
  const res = await fetch(`${url}/api/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: auth.token },
    body: JSON.stringify({ rateLimits: { excludedIPs: ['127.0.0.1'] } }),
  })
  if (!res.ok) throw new Error(`could not relax rate limits: ${await res.text()}`)
}
