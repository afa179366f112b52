// @vitest-environment jsdom
// Refreshing the session's token when the app starts: a reply cut off on a patchy line (the
// status arrived, the body did not) keeps the session; only a refusal ends it. The SDK turns an
// unreadable body into an empty answer, so the answer itself must be checked. The server is a
// fake fetch: what is tested is this module's rule, not PocketBase (tests/integration/account.test.ts
// refreshes against the real server).
import PocketBase from 'pocketbase'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { refreshAuth } from '../../../src/backend/account-api'

const future = Math.floor(Date.now() / 1000) + 3600
const token = (sub: string) => `x.${btoa(JSON.stringify({ id: sub, exp: future, type: 'auth' }))}.y`
const member = {
  id: 'u1',
  collectionId: '_pb_users_auth_',
  collectionName: 'users',
  email: 'casey@example.com',
}

function signedIn(): PocketBase {
  const pb = new PocketBase('http://127.0.0.1:8090')
  pb.authStore.save(token('u1'), member)
  return pb
}

/** A reply whose status line arrived and whose body then failed to arrive. */
function cutOffReply(status: number): Response {
  const body = new ReadableStream({
    start(controller) {
      controller.error(new TypeError('network error'))
    },
  })
  return new Response(body, { status, headers: { 'content-type': 'application/json' } })
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('refreshAuth', () => {
  it('keeps the session when the reply is cut off after its status', async () => {
    const pb = signedIn()
    const before = pb.authStore.token
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => cutOffReply(200)),
    )
    expect(await refreshAuth(pb)).toBe('kept')
    expect(pb.authStore.token).toBe(before)
    expect(pb.authStore.record?.id).toBe('u1')
  })

  it('keeps the session when the reply is not a session', async () => {
    const pb = signedIn()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ token: '', record: null })),
    )
    expect(await refreshAuth(pb)).toBe('kept')
    expect(pb.authStore.record?.id).toBe('u1')
  })

  it('saves a whole new session', async () => {
    const pb = signedIn()
    const fresh = token('u1-new')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ token: fresh, record: member })),
    )
    expect(await refreshAuth(pb)).toBe('refreshed')
    expect(pb.authStore.token).toBe(fresh)
  })

  it('ends the session the server refuses', async () => {
    const pb = signedIn()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 401, message: 'no', data: {} }, { status: 401 })),
    )
    expect(await refreshAuth(pb)).toBe('signed-out')
    expect(pb.authStore.token).toBe('')
  })
})
