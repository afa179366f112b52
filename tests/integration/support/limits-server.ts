// A PocketBase of its own for the abuse tests: the production rate limits (no address exempt,
// unlike the shared test server), the project's migrations and a copy of its hooks, optionally
// with test-only hooks beside them and the route recorder at the top of every hook file
// (support/hooks/route-recorder.js). Kills exactly the process it started.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root, startPocketBase, upsertSuperuser } from '../../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from '../harness-env'
import { superuserClient } from '../helpers'
import { migratedDataDir } from './data-dir'

export interface LimitsServer {
  url: string
  pid: number
  su: PocketBase
  output(): string
  stop(): Promise<void>
}

export interface LimitsServerOptions {
  env?: Record<string, string>
  /** File names under tests/integration/support/hooks/ to load beside pb_hooks/. */
  testHooks?: string[]
  /** Record every routerAdd (support/hooks/route-recorder.js). */
  recordRoutes?: boolean
}

export async function startLimitsServer(options: LimitsServerOptions = {}): Promise<LimitsServer> {
  const scratch = mkdtempSync(join(tmpdir(), 'pb-limits-'))
  const hooks = join(scratch, 'hooks')
  cpSync(join(root, 'pb_hooks'), hooks, { recursive: true })
  for (const name of options.testHooks ?? []) {
    cpSync(join(root, 'tests/integration/support/hooks', name), join(hooks, `zz-${name}`))
  }
  if (options.recordRoutes) {
    const recorder = readFileSync(
      join(root, 'tests/integration/support/hooks/route-recorder.js'),
      'utf8',
    )
    for (const file of readdirSync(hooks).filter((f) => f.endsWith('.pb.js'))) {
      const path = join(hooks, file)
      writeFileSync(path, `${recorder}\n${readFileSync(path, 'utf8')}`)
    }
  }
  const dataDir = migratedDataDir(join(scratch, 'data'))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const server = await startPocketBase({
    dataDir,
    env: harnessEnv(options.env ?? {}),
    extra: [`--hooksDir=${hooks}`],
  })
  const su = await superuserClient(server.url)
  return {
    url: server.url,
    pid: server.process.pid as number,
    su,
    output: server.output,
    async stop() {
      await server.stop()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}
