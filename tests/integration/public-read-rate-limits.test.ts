// The public reads a report makes, each held to a per-IP rate limit a visitor never meets: past it
// 429 with Retry-After, other addresses unaffected. GET /api/audits/{id}/results-mail reads audits
// by id (a report asks once per audit, again on a reload); before its rule only the general
// `/api/` limit applied: 600 per 10 s, 3,600 guesses a minute. GET /api/payoff is the same small
// answer for everyone (a report or dashboard asks once when it opens), and GET /api/site the site's
// live content (the Preview and the console ask once when they open). On a server of its own with
// the production rate limits, each client from its own loopback address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordId, uniqueEmail } from './helpers'
import { startLimitsServer, type LimitsServer } from './support/limits-server'
import { auditSubmission } from './support/mail-harness'
import { rawRequest } from './support/raw-request'

/** The rule of pb_migrations/1764660000_results_mail_rate_limit.js. */
const LIMIT = { label: 'GET /api/audits/', duration: 60, maxRequests: 30 }
/** The rule of pb_migrations/1764690000_payoff_settings.js. */
const PAYOFF_LIMIT = { label: 'GET /api/payoff', duration: 60, maxRequests: 30 }
/** The rule of pb_migrations/1764730000_site_content.js. */
const SITE_LIMIT = { label: 'GET /api/site', duration: 60, maxRequests: 30 }

let server: LimitsServer

beforeAll(async () => {
  server = await startLimitsServer()
})

afterAll(async () => {
  await server?.stop()
})

function ask(id: string, from: string, earlier: string[] = []) {
  const query = earlier.length ? `?earlier=${earlier.join(',')}` : ''
  return rawRequest(server.url, {
    method: 'GET',
    path: `/api/audits/${id}/results-mail${query}`,
    from,
  })
}

describe('the results-mail route from one IP', () => {
  it(`answers ${LIMIT.maxRequests} asks a minute, then 429 with Retry-After; another IP is unaffected`, async () => {
    const audit = auditSubmission({ email: uniqueEmail('results-limit') })
    await server.su.collection('audits').create(audit) // superusers are never limited

    // A visitor's report asking, and asking again on reloads, then a guesser's ids.
    const guesser = '127.0.0.151'
    const statuses: number[] = []
    for (let n = 0; n < 3; n++) statuses.push((await ask(audit.id, guesser)).status)
    for (let n = 3; n < LIMIT.maxRequests; n++) {
      statuses.push((await ask(recordId(), guesser, [recordId()])).status)
    }
    expect(statuses).toEqual([200, 200, 200, ...Array(LIMIT.maxRequests - 3).fill(404)])

    const refused = await ask(audit.id, guesser)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(LIMIT.duration)

    // The rest of the API answers that address as before, and another address is not affected.
    expect(
      (await rawRequest(server.url, { method: 'GET', path: '/api/health', from: guesser })).status,
    ).toBe(200)
    const visitor = await ask(audit.id, '127.0.0.152')
    expect(visitor.status).toBe(200)
    expect(JSON.parse(visitor.body)).toEqual({ mailed: 'this' })
    // The rule docs/security.md lists.
    const { rateLimits } = await server.su.settings.getAll()
    expect(rateLimits.rules).toContainEqual(expect.objectContaining(LIMIT))
  })
})

/**
 * A public read that answers everyone alike: `limit.maxRequests` reads from `reader` in a minute,
 * then 429 with Retry-After; the rest of the API still answers it, another address is unaffected,
 * and the rule is the one the settings list.
 */
async function expectReadLimit(
  path: string,
  limit: { label: string; duration: number; maxRequests: number },
  reader: string,
  other: string,
) {
  const read = (from: string) => rawRequest(server.url, { method: 'GET', path, from })
  const statuses: number[] = []
  for (let n = 0; n < limit.maxRequests; n++) statuses.push((await read(reader)).status)
  expect(statuses).toEqual(Array(limit.maxRequests).fill(200))

  const refused = await read(reader)
  expect(refused.status).toBe(429)
  const retryAfter = Number(refused.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(limit.duration)
  expect(
    (await rawRequest(server.url, { method: 'GET', path: '/api/health', from: reader })).status,
  ).toBe(200)
  expect((await read(other)).status).toBe(200)
  const { rateLimits } = await server.su.settings.getAll()
  expect(rateLimits.rules).toContainEqual(expect.objectContaining(limit))
}

describe('the payoff assumptions from one IP', () => {
  it(`answer ${PAYOFF_LIMIT.maxRequests} reads a minute, then 429 with Retry-After; another IP is unaffected`, async () => {
    await expectReadLimit('/api/payoff', PAYOFF_LIMIT, '127.0.0.161', '127.0.0.162')
  })
})

describe('the live site content from one IP', () => {
  it(`answers ${SITE_LIMIT.maxRequests} reads a minute, then 429 with Retry-After; another IP is unaffected`, async () => {
    await expectReadLimit('/api/site', SITE_LIMIT, '127.0.0.171', '127.0.0.172')
  })
})
