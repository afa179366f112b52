// Failures that are not the visitor's fault, against the real server with the production rate
// limits: a save that cannot be written answers 503 (the outbox keeps the item and tries again
// with back-off, and delivers it once the server can write again), and a 429 says when to come
// back. The full disk is SQLite's own "database or disk is full", made by capping the database
// at its current size through a test-only hook (tests/integration/support/hooks/disk-full.pb.js)
// loaded beside a copy of pb_hooks/.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'
import { createUser, recordId, superuserClient, uniqueEmail } from './helpers'
import { auditSubmission } from './support/mail-harness'
import {
  contactPayload,
  contactsWithMarker,
  nodeClient,
  nodeOutbox,
  runMarker,
} from './support/node-outbox'
import { rawRequest } from './support/raw-request'
import { migratedDataDir } from './support/data-dir'

let scratch: string
let server: { url: string; stop(): Promise<void>; output(): string }
let su: PocketBase

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'pb-faults-'))
  const hooks = join(scratch, 'hooks')
  cpSync(join(root, 'pb_hooks'), hooks, { recursive: true })
  cpSync(
    join(root, 'tests/integration/support/hooks/disk-full.pb.js'),
    join(hooks, 'zz-disk-full.pb.js'),
  )
  const dataDir = migratedDataDir(join(scratch, 'data'))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  server = await startPocketBase({
    dataDir,
    env: harnessEnv(),
    extra: [`--hooksDir=${hooks}`],
  })
  su = await superuserClient(server.url)
})

afterAll(async () => {
  await server?.stop()
  rmSync(scratch, { recursive: true, force: true })
})

async function diskFull(full: boolean) {
  const res = await fetch(`${server.url}/api/test/disk-full`, {
    method: 'POST',
    headers: { authorization: su.authStore.token, 'content-type': 'application/json' },
    body: JSON.stringify({ full }),
  })
  expect(res.status).toBe(200)
}

/** A contact whose message is long enough that saving it needs new database pages. */
function bigContact(marker: string, n: number) {
  return { ...contactPayload(marker, n), message: `${marker} #${n} ${'x'.repeat(4500)}` }
}

describe('with the disk full', () => {
  it('a valid create answers 503, and bad input still answers 400 naming the field', async () => {
    const marker = runMarker('full')
    await diskFull(true)
    try {
      const answers = []
      for (let n = 0; n < 5; n++) {
        answers.push(
          await rawRequest(server.url, {
            path: '/api/collections/contacts/records',
            body: JSON.stringify({ id: recordId(), ...bigContact(marker, n) }),
            from: '127.0.0.41',
          }),
        )
      }
      // The free space left in the last pages may still take the first one.
      const statuses = answers.map((a) => a.status)
      const firstRefused = statuses.indexOf(503)
      expect(firstRefused, statuses.join()).toBeGreaterThanOrEqual(0)
      expect(firstRefused).toBeLessThanOrEqual(1)
      expect(statuses.slice(firstRefused)).toEqual(Array(5 - firstRefused).fill(503))
      expect(JSON.parse(answers[firstRefused].body)).toMatchObject({ status: 503 })

      const bad = await rawRequest(server.url, {
        path: '/api/collections/contacts/records',
        body: JSON.stringify({
          email: uniqueEmail('bad'),
          message: 'no name',
          source: 'portfolio_website',
        }),
        from: '127.0.0.41',
      })
      expect(bad.status).toBe(400)
      expect(JSON.parse(bad.body)).toHaveProperty(['data', 'name', 'code'])
    } finally {
      await diskFull(false)
    }
  })

  it('the outbox keeps every item queued with back-off, and delivers each once when writes work again', async () => {
    const marker = runMarker('outbox-full')
    const outbox = nodeOutbox(server.url)
    await diskFull(true)
    try {
      for (let n = 0; n < 6; n++) {
        const result = await outbox.enqueue('contacts', bigContact(marker, n))
        expect(result.status).toBe('queued')
      }
      const items = await outbox.db.outbox.toArray()
      expect(items.map((i) => i.status)).toEqual(Array(6).fill('queued'))
      expect(items.every((i) => i.nextAttemptAt > Date.now())).toBe(true)
    } finally {
      await diskFull(false)
    }
    // Back-off elapsed.
    await outbox.db.outbox.toCollection().modify({ nextAttemptAt: Date.now() })
    const report = await outbox.flush()
    expect(report).toMatchObject({ delivered: 6, failed: 0 })
    expect(await contactsWithMarker(su, marker)).toHaveLength(6)
  }, 60_000)
})

describe('the rate limiter', () => {
  it('says when to come back: a 429 carries Retry-After', async () => {
    const marker = runMarker('retry-after')
    let refused
    for (let n = 0; n < 61 && !refused; n++) {
      const answer = await rawRequest(server.url, {
        path: '/api/collections/contacts/records',
        body: JSON.stringify(contactPayload(marker, n)),
        from: '127.0.0.42',
      })
      if (answer.status === 429) refused = answer
    }
    expect(refused?.status).toBe(429)
    // The window of the rules a create falls under (`*:create` and `/api/`, 10 s each), not the
    // longest of all rules (sign-in's 30 s, the newsletter links' minute).
    expect(refused?.headers['retry-after']).toBe('10')
  }, 60_000)
})

describe('a member audit whose session was revoked', () => {
  it('waits in the outbox for its owner to sign in again, then is delivered (not failed)', async () => {
    const me = await createUser({ url: server.url, label: 'revoked' })
    const pb = nodeClient(server.url)
    await pb.collection('users').authWithPassword(me.email, me.password)
    const outbox = nodeOutbox(server.url, { pb })
    // A password change elsewhere revokes every session of the account.
    const password = 'another-horse-43'
    await su.collection('users').update(me.id, { password, passwordConfirm: password })

    const audit = { ...auditSubmission({ email: me.email, flow: 'member' }), user: me.id }
    const { id: _ignored, ...payload } = audit
    const result = await outbox.enqueue('audits', payload as never, { ownerId: me.id })
    expect(result.status).toBe('queued')
    expect(pb.authStore.isValid).toBe(false)
    const [item] = await outbox.db.outbox.toArray()
    expect(item.status).toBe('queued')
    expect(await outbox.nextDueAt()).toBeNull()

    await pb.collection('users').authWithPassword(me.email, password)
    const report = await outbox.flush()
    expect(report).toMatchObject({ delivered: 1, failed: 0 })
    const stored = await su.collection('audits').getOne(item.id)
    expect(stored).toMatchObject({ user: me.id, flow: 'member' })
  }, 30_000)
})
