// No uploads, and no accounts kept for ever unverified: a sign-up cannot store a file (the users
// collection has no file field any more), and accounts still unverified after
// UNVERIFIED_ACCOUNT_DAYS are deleted with their audits (pb_hooks/account-cleanup.pb.js,
// server/accounts/cleanup.ts). A server of its own, with the production rate limits and a window
// of a few seconds.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'
import { guestClient, superuserClient, uniqueEmail } from './helpers'
import { migratedDataDir } from './support/data-dir'

const WINDOW_SECONDS = 3

let dataDir: string
let server: { url: string; stop(): Promise<void> }
let su: PocketBase

beforeAll(async () => {
  dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-cleanup-')))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  server = await startPocketBase({
    dataDir,
    env: harnessEnv({ UNVERIFIED_ACCOUNT_DAYS: String(WINDOW_SECONDS / 86400) }),
  })
  su = await superuserClient(server.url)
})

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const PASSWORD = 'correct-horse-42'

describe('a sign-up with a file', () => {
  it('stores the account but no file: the users collection has no file field', async () => {
    const users = await su.collections.getOne('users')
    expect(users.fields.filter((f: { type: string }) => f.type === 'file')).toEqual([])

    const form = new FormData()
    form.append('email', uniqueEmail('uploader'))
    form.append('password', PASSWORD)
    form.append('passwordConfirm', PASSWORD)
    form.append('avatar', new Blob([new Uint8Array(200 * 1024)], { type: 'image/png' }), 'a.png')
    const answer = await fetch(`${server.url}/api/collections/users/records`, {
      method: 'POST',
      body: form,
    })
    expect(answer.status).toBe(200)
    const created = (await answer.json()) as Record<string, unknown>
    expect(created).not.toHaveProperty('avatar')
    const storage = join(dataDir, 'storage', users.id as string)
    expect(existsSync(storage) ? readdirSync(storage) : []).toEqual([])
  })
})

describe('unverified accounts', () => {
  it(`are deleted with their audits ${WINDOW_SECONDS} s (the set window) after sign-up; verified and newer ones stay`, async () => {
    const make = (verified: boolean, label: string) => {
      const email = uniqueEmail(label)
      return su
        .collection('users')
        .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, verified })
    }
    const stale = await make(false, 'stale')
    const verified = await make(true, 'verified')
    const staleAudit = await su
      .collection('audits')
      .create({
        flow: 'member',
        user: stale.id,
        email: stale.email,
        answers: {},
        userAgent: 'cleanup test',
      })
      .catch(() => null)

    await new Promise((resolve) => setTimeout(resolve, (WINDOW_SECONDS + 1) * 1000))
    const fresh = await make(false, 'fresh')

    const res = await fetch(`${server.url}/api/accounts/cleanup`, {
      method: 'POST',
      headers: { authorization: su.authStore.token },
    })
    expect(res.status).toBe(200)
    // The stale account, and the uploader's of the test above (unverified too).
    expect(await res.json()).toMatchObject({ deleted: 2 })

    const exists = (id: string) =>
      su
        .collection('users')
        .getOne(id)
        .then(
          () => true,
          () => false,
        )
    expect([await exists(stale.id), await exists(verified.id), await exists(fresh.id)]).toEqual([
      false,
      true,
      true,
    ])
    if (staleAudit) {
      await expect(su.collection('audits').getOne(staleAudit.id)).rejects.toMatchObject({
        status: 404,
      })
    }
  }, 30_000)

  it('the cleanup route is for superusers only', async () => {
    const res = await fetch(`${server.url}/api/accounts/cleanup`, { method: 'POST' })
    expect(res.status).toBe(401)
    expect(guestClient(server.url).authStore.isValid).toBe(false)
  })
})
