// 20 submissions made while the server is down arrive exactly once when it starts. This file
// runs its own PocketBase (a free port, a temporary data dir) so it can start it late.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { startSyncLoop } from '../../src/offline/sync-loop'
import { SUPERUSER, harnessEnv } from './harness-env'
import { superuserClient } from './helpers'
import {
  contactPayload,
  contactsWithMarker,
  nodeOutbox,
  runMarker,
  waitUntil,
} from './support/node-outbox'
import { migratedDataDir } from './support/data-dir'

interface Server {
  url: string
  stop(): Promise<void>
}

let dataDir: string
let port: number
let server: Server | undefined

beforeAll(async () => {
  dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-outbox-restart-')))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  port = await freePort()
})

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('a backlog made while the server is down', () => {
  it('arrives as exactly 20 rows, each once, after the server starts', async () => {
    const url = `http://127.0.0.1:${port}`
    const marker = runMarker('restart')
    const outbox = nodeOutbox(url)
    const loop = startSyncLoop(outbox, {})
    try {
      const results = []
      for (let n = 0; n < 20; n++)
        results.push(await outbox.enqueue('contacts', contactPayload(marker, n)))
      expect(results.map((r) => r.status)).toEqual(Array(20).fill('queued'))
      expect(results.every((r) => r.error?.kind === 'network')).toBe(true)
      expect(await outbox.db.outbox.count()).toBe(20)

      server = (await startPocketBase({ port, dataDir, env: harnessEnv() })) as Server
      // Nobody tells the outbox: its back-off timer finds the server.
      await waitUntil(
        async () => (await outbox.db.outbox.count()) === 0,
        45_000,
        'the outbox to drain',
      )

      const rows = await contactsWithMarker(await superuserClient(url), marker)
      expect(rows).toHaveLength(20)
      expect(rows.map((r) => r.id).sort()).toEqual(results.map((r) => r.id).sort())
    } finally {
      loop.stop()
    }
  }, 90_000)
})
