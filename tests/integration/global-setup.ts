// Starts ONE real PocketBase for the integration project: a free loopback port, a temporary
// data dir, the project's migrations and hooks, a superuser. Kills exactly that process.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits, migrateUp, root, startPocketBase, superuserToken, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'

declare module 'vitest' {
  export interface ProvidedContext {
    pbUrl: string
    /** A data dir with every migration applied, to copy (support/data-dir.ts). */
    pbDataTemplate: string
  }
}

export default async function setup(project: TestProject) {
  // The entry table calls the server's bundle: never test a stale copy.
  const bundle = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], {
    encoding: 'utf8',
  })
  if (bundle.status !== 0) throw new Error(`server bundle failed: ${bundle.stderr}`)
  const template = mkdtempSync(join(tmpdir(), 'pb-it-template-'))
  migrateUp(template)
  project.provide('pbDataTemplate', template)
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-it-'))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const server = await startPocketBase({ dataDir, env: harnessEnv() })
  // Every test file shares 127.0.0.1; rate-limit tests start servers of their own.
  await exemptLoopbackFromRateLimits(
    server.url,
    await superuserToken(server.url, SUPERUSER.email, SUPERUSER.password),
  )
  project.provide('pbUrl', server.url)
  return async () => {
    await server.stop()
    for (const dir of [dataDir, template]) rmSync(dir, { recursive: true, force: true })
  }
}
