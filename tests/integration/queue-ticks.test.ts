// The dispatcher starts within seconds of the server, not at its first full minute, and then
// PocketBase's cron ticks once a minute again: a once-a-minute job (here a probe of the test's own
// hooks beside the product's) runs in that first moment, then only at full minutes.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root } from '../../scripts/pocketbase.mjs'
import { eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'

const scratch = mkdtempSync(join(tmpdir(), 'pb-ticks-'))
let server: MailServer
let startedAt = 0

beforeAll(async () => {
  const hooks = join(scratch, 'hooks')
  cpSync(join(root, 'pb_hooks'), hooks, { recursive: true })
  cpSync(
    join(root, 'tests/integration/support/hooks/tick-probe.pb.js'),
    join(hooks, 'zz-tick-probe.pb.js'),
  )
  startedAt = Date.now()
  // Nothing listens on the SMTP port: this test reads the dispatcher, not mail.
  server = await startMailServer(9, {}, { hooksDir: hooks })
})

afterAll(async () => {
  await server?.stop()
  rmSync(scratch, { recursive: true, force: true })
})

async function get(path: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: { authorization: server.su.authStore.token },
  })
  expect(res.status).toBe(200)
  return res.json()
}

it('dispatches within seconds of the start, then ticks once a minute', async () => {
  await eventually(async () => (await get('/api/mail/health')).dispatching === true, 10_000)
  // The dispatcher's first tick set the cron back to a minute before its loop began.
  const dispatchingSeen = Date.now()
  expect(dispatchingSeen - startedAt).toBeLessThan(15_000)
  // Long enough for a tick every 2 seconds to show three more times.
  const watchUntil = Date.now() + 7_000
  await eventually(async () => Date.now() > watchUntil, 10_000)
  const { ticks } = (await get('/api/test/ticks')) as { ticks: number[] }
  const atStart = ticks.filter((t) => t <= dispatchingSeen)
  const after = ticks.filter((t) => t > dispatchingSeen)
  expect(atStart.length, `ticks at ${ticks.join(', ')}`).toBeGreaterThanOrEqual(1)
  // Then the cron ticks at full minutes only (the first of them may come seconds after the
  // start's tick, as it would at any start), never twice within a minute.
  for (const t of after) expect(t % 60_000, `ticks at ${ticks.join(', ')}`).toBeLessThan(2_000)
  for (let i = 1; i < after.length; i++) {
    expect(after[i] - after[i - 1], `ticks at ${ticks.join(', ')}`).toBeGreaterThan(50_000)
  }
})
