// Every route of the running server has a request-body limit, and the limit holds before anything
// is read (pb_hooks/request-limits.pb.js, server/limits/request-limits.ts, THE table in
// src/config/limits.ts). The walk: a server of its own runs the project's hooks with a recorder at
// the top of each hook file (support/hooks/route-recorder.js wraps PocketBase's `routerAdd` in the
// hook loader), so every route a hook registers is seen however it is written; PocketBase's own
// routes are the table's, each checked against the real router (`hasRoute`). A test-only hook
// plants one route without a limit: the walk must name exactly that one.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root } from '../../scripts/pocketbase.mjs'
import { rawRequest } from './support/raw-request'
import { startLimitsServer, type LimitsServer } from './support/limits-server'
import { howToAdd, routesWithoutLimit, tableRoutes } from './support/route-table'

const PLANTED = 'POST /api/test/unlisted'

let server: LimitsServer

beforeAll(async () => {
  server = await startLimitsServer({
    // Every test-only hook, so the table's test-only lines are checked too.
    testHooks: readdirSync(join(root, 'tests/integration/support/hooks')).filter((f) =>
      f.endsWith('.pb.js'),
    ),
    recordRoutes: true,
  })
})

afterAll(async () => {
  await server?.stop()
})

interface Walk {
  registered: string[]
  notInRouter: string[]
  otherMethods: string[]
}

async function walk(): Promise<Walk> {
  const res = await fetch(`${server.url}/api/test/routes`)
  expect(res.status).toBe(200)
  return (await res.json()) as Walk
}

describe('the walk of the running server', () => {
  it('finds every route the hooks register (the recorder saw them all)', async () => {
    const { registered } = await walk()
    for (const known of [
      'POST /api/account/delete',
      'POST /api/newsletter/confirm',
      'GET /api/admin/funnel',
      'POST /api/funnel/visit',
      PLANTED,
    ]) {
      expect(registered).toContain(known)
    }
  })

  it('a route registered without a body limit is named, with the line to add', async () => {
    const missing = routesWithoutLimit((await walk()).registered)
    // The planted route only: any other is a real route someone added without a limit.
    const unplanted = missing.filter((route) => route !== PLANTED)
    expect(unplanted, howToAdd(unplanted)).toEqual([])
    expect(missing).toEqual([PLANTED])
  })

  it('a route the router has on a path of the table, with another method, is named too', async () => {
    const { otherMethods } = await walk()
    expect(otherMethods, howToAdd(otherMethods)).toEqual([])
  })

  it("every route of the table exists in PocketBase's router (no stale or misspelt line)", async () => {
    const { notInRouter } = await walk()
    expect(notInRouter, `Fix or remove these lines of ROUTE_BODY_LIMITS: ${notInRouter}`).toEqual(
      [],
    )
  })
})

describe('the limits hold before the body is read', () => {
  it.each(tableRoutes().map((r) => [r.route, r] as const))(
    '%s: a declared body one byte over its limit answers 413 (the catch-all 404), unread',
    async (_, route) => {
      const answer = await rawRequest(server.url, {
        method: route.method || 'POST',
        path: route.path,
        bodyBytes: route.maxBytes + 1,
        expectContinue: true,
        from: '127.0.0.60',
      })
      expect(answer.status).toBe(route.route === '/' ? 404 : 413)
    },
  )

  it('the planted route without a limit refuses any body, and says why in the log', async () => {
    const answer = await rawRequest(server.url, {
      path: '/api/test/unlisted',
      body: '{"a":1}',
      from: '127.0.0.61',
    })
    expect(answer.status).toBe(413)
    const empty = await rawRequest(server.url, { path: '/api/test/unlisted', from: '127.0.0.61' })
    expect(empty.status).toBe(200)
    // The log names the route and where its limit goes (PocketBase writes logs in batches).
    await expect
      .poll(
        async () =>
          (
            await server.su.logs.getList(1, 10, {
              filter: 'message ~ "without a body limit" && data.route = "POST /api/test/unlisted"',
            })
          ).totalItems,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0)
  })

  it.each([
    ['a contact streamed past 256 KiB', '/api/collections/contacts/records', 300 * 1024],
    ['a funnel event streamed past 2 KiB', '/api/collections/events/records', 4 * 1024],
    ['a newsletter confirmation streamed past 4 KiB', '/api/newsletter/confirm', 64 * 1024],
    ['a sign-in streamed past 4 KiB', '/api/collections/users/auth-with-password', 64 * 1024],
  ])('%s without a Content-Length is cut off at the limit (413)', async (_, path, bytes) => {
    const answer = await rawRequest(server.url, {
      path,
      bodyBytes: bytes,
      chunked: true,
      prefix: '{"token":"',
      from: '127.0.0.62',
    })
    expect(answer.status).toBe(413)
  })

  it('a realtime subscription streamed past 16 KiB is cut off (its handler calls any unreadable body a 400)', async () => {
    const answer = await rawRequest(server.url, {
      path: '/api/realtime',
      bodyBytes: 64 * 1024,
      chunked: true,
      prefix: '{"clientId":"',
      from: '127.0.0.62',
    })
    expect([400, 413]).toContain(answer.status)
  })

  it('a GET with a body answers 413; the same GET without one is served', async () => {
    const withBody = await rawRequest(server.url, {
      method: 'GET',
      path: '/api/health',
      body: 'x',
      from: '127.0.0.63',
    })
    expect(withBody.status).toBe(413)
    const plain = await fetch(`${server.url}/api/health`)
    expect(plain.status).toBe(200)
  })
})
