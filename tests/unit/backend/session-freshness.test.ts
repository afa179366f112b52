// @vitest-environment jsdom
// Keeping the saved session's user record current without the SDK: what is written, when the
// answer is dropped (signed out or in as someone else meanwhile), and how often it asks. The
// server is a fake fetch: what is tested is this module's rules, not PocketBase (the browser test
// newcomer-console.spec.ts runs it against the real server).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  RECORD_CHECK_INTERVAL_MS,
  refreshSessionRecord,
} from '../../../src/backend/session-freshness'
import { AUTH_STORAGE_KEY, readSessionSummary } from '../../../src/backend/session-summary'

const NOW = Date.parse('2026-11-21T10:00:00Z')
const future = Math.floor(Date.now() / 1000) + 3600
const token = (sub: string) => `x.${btoa(JSON.stringify({ id: sub, exp: future }))}.y`

const member = {
  id: 'u1',
  collectionName: 'users',
  collectionId: '_pb_users_auth_',
  email: 'casey@example.com',
  fullName: 'Casey',
  isAdmin: false,
}

function save(session: unknown) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session))
}
const saved = () => JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')

/** A fake server answering the user's own record with `record`, after `during()` runs. */
function serverAnswers(record: unknown, during: () => void = () => undefined) {
  const fetchMock = vi.fn(async () => {
    during()
    return new Response(JSON.stringify(record), { status: 200 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

beforeEach(() => {
  localStorage.clear()
  save({ token: token('u1'), record: member })
})
afterEach(() => vi.unstubAllGlobals())

describe('refreshing the saved user record', () => {
  it('saves a promotion made on the server, keeps the token and tells the navigation', async () => {
    const fetchMock = serverAnswers({ ...member, isAdmin: true })
    const changed = vi.fn()
    window.addEventListener('session-change', changed)
    expect(await refreshSessionRecord({ now: NOW })).toBe('updated')
    window.removeEventListener('session-change', changed)
    expect(fetchMock).toHaveBeenCalledWith('/api/collections/users/records/u1', {
      headers: { Authorization: token('u1') },
      cache: 'no-store',
    })
    expect(saved()).toEqual({ token: token('u1'), record: { ...member, isAdmin: true } })
    expect(changed).toHaveBeenCalledOnce()
    expect(readSessionSummary().isAdmin).toBe(true)
  })

  it('writes nothing when nothing changed', async () => {
    serverAnswers(member)
    const before = localStorage.getItem(AUTH_STORAGE_KEY)
    expect(await refreshSessionRecord({ now: NOW })).toBe('unchanged')
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe(before)
  })

  it.each([
    ['signed out meanwhile', () => localStorage.removeItem(AUTH_STORAGE_KEY), null],
    [
      'signed in as someone else meanwhile',
      () => save({ token: token('u2'), record: { ...member, id: 'u2', email: 'b@example.com' } }),
      { token: token('u2'), record: { ...member, id: 'u2', email: 'b@example.com' } },
    ],
  ])('drops the answer when %s', async (_, during, after) => {
    serverAnswers({ ...member, isAdmin: true }, during)
    expect(await refreshSessionRecord({ now: NOW })).toBe('unchanged')
    expect(saved()).toEqual(after)
  })

  it('leaves the session alone when the server refuses (session.ts decides about that)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    )
    expect(await refreshSessionRecord({ now: NOW })).toBe('unchanged')
    expect(saved()).toEqual({ token: token('u1'), record: member })
  })

  it('asks nothing without a session', async () => {
    localStorage.clear()
    const fetchMock = serverAnswers(member)
    expect(await refreshSessionRecord({ now: NOW })).toBe('skipped')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('asks at most once a minute when the app comes back into view, across tabs', async () => {
    const fetchMock = serverAnswers(member)
    await refreshSessionRecord({ now: NOW })
    expect(await refreshSessionRecord({ whenDue: true, now: NOW + 1000 })).toBe('skipped')
    expect(
      await refreshSessionRecord({ whenDue: true, now: NOW + RECORD_CHECK_INTERVAL_MS - 1 }),
    ).toBe('skipped')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(await refreshSessionRecord({ whenDue: true, now: NOW + RECORD_CHECK_INTERVAL_MS })).toBe(
      'unchanged',
    )
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
