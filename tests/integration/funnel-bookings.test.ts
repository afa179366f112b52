// Funnel bookings the consultant can trust (pb_hooks/funnel.pb.js, server/funnel/token.ts), on a
// server of its own with the production limits: a `call_booked` step counts only with the visit
// token its browser session got from POST /api/funnel/visit (signed, short-lived, stored
// nowhere); forged ones do not show as booked; no client can mark a booking confirmed; and
// bookings the server ties to a person (POST /api/bookings, server/followups/bookings.ts) are
// counted apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getFunnel } from '../../src/backend/people-api'
import { FUNNEL_TOKEN_LIMITS } from '../../src/config/limits'
import { visitToken } from './support/funnel-token'
import { auditSubmission } from './support/mail-harness'
import { startLimitsServer, type LimitsServer } from './support/limits-server'
import { rawRequest } from './support/raw-request'

let server: LimitsServer

beforeAll(async () => {
  server = await startLimitsServer()
})

afterAll(async () => {
  await server?.stop()
})

async function post(path: string, body: unknown, from: string) {
  const answer = await rawRequest(server.url, { path, body: JSON.stringify(body), from })
  return { status: answer.status, body: JSON.parse(answer.body || 'null') }
}

const booking = (token?: string) => ({
  name: 'call_booked',
  path: '/call',
  ...(token ? { token } : {}),
})

describe('a reported booking', () => {
  it('is refused without a visit token: 30 forged bookings, none shows as booked', async () => {
    const statuses: number[] = []
    for (let n = 0; n < 30; n++) {
      const answer = await post('/api/collections/events/records', booking(), '127.0.0.71')
      statuses.push(answer.status)
      if (n === 0) expect(answer.body).toHaveProperty(['data', 'token', 'code'])
    }
    expect(statuses).toEqual(Array(30).fill(400))
    const report = await getFunnel(server.su, 7)
    expect(report.bookings).toEqual({ reported: 0, confirmed: 0 })
    expect(report.steps.find((s) => s.step === 'call_booked')?.count).toBe(0)
  })

  it.each([
    ['a forged token', async () => `${Date.now().toString(36)}.${'ab'.repeat(32)}`],
    [
      'a token from a visit seconds ago',
      async () => {
        const visit = await post('/api/funnel/visit', { path: '/call' }, '127.0.0.72')
        expect(visit.status).toBe(200)
        return visit.body.token as string
      },
    ],
    [
      `a token older than ${FUNNEL_TOKEN_LIMITS.maxAgeHours} hours`,
      () => visitToken(server.su, (FUNNEL_TOKEN_LIMITS.maxAgeHours + 1) * 3_600_000),
    ],
  ])('is refused with %s (400 naming the token)', async (_, token) => {
    const answer = await post(
      '/api/collections/events/records',
      booking(await token()),
      '127.0.0.73',
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toHaveProperty(['data', 'token', 'code'], 'validation_invalid_token')
  })

  it('counts with the token of a visit made a minute before, single or batched', async () => {
    const before = (await getFunnel(server.su, 7)).bookings.reported
    const token = await visitToken(server.su, 60_000)
    expect(
      (await post('/api/collections/events/records', booking(token), '127.0.0.74')).status,
    ).toBe(200)
    const batch = await post(
      '/api/batch',
      {
        requests: [
          { method: 'POST', url: '/api/collections/events/records', body: booking(token) },
        ],
      },
      '127.0.0.74',
    )
    expect(batch.status).toBe(200)
    expect((await getFunnel(server.su, 7)).bookings.reported).toBe(before + 2)
  })
})

describe('the visit', () => {
  it('is recorded by POST /api/funnel/visit, which answers with a token that names nobody', async () => {
    const answer = await post(
      '/api/funnel/visit',
      { path: '/free-audit', referrer: 'google.com', utmCampaign: 'spring' },
      '127.0.0.75',
    )
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body)).toEqual(['token'])
    expect(answer.body.token).toMatch(/^[0-9a-z]+\.[0-9a-f]{64}$/)
    // Visits in the same ten seconds get the same token: it is not an id of the browser.
    const again = await post('/api/funnel/visit', { path: '/' }, '127.0.0.76')
    const [issued] = String(answer.body.token).split('.')
    const [issuedAgain] = String(again.body.token).split('.')
    if (issued === issuedAgain) expect(again.body.token).toBe(answer.body.token)
    const visits = await server.su.collection('events').getFullList({
      filter: 'name = "visit" && utmCampaign = "spring"',
    })
    expect(visits).toHaveLength(1)
    expect(visits[0]).toMatchObject({
      path: '/free-audit',
      referrer: 'google.com',
      confirmed: false,
    })
  })

  it('names a bad field, and refuses a body over 2 KiB before reading it', async () => {
    const bad = await post('/api/funnel/visit', { path: 'no-slash' }, '127.0.0.77')
    expect(bad.status).toBe(400)
    expect(bad.body).toHaveProperty(['data', 'path', 'code'])
    const big = await rawRequest(server.url, {
      path: '/api/funnel/visit',
      bodyBytes: 3000,
      prefix: '{"path":"',
      from: '127.0.0.77',
    })
    expect(big.status).toBe(413)
  })
})

describe('a confirmed booking', () => {
  it('cannot be made by a client, single or batched', async () => {
    const token = await visitToken(server.su, 60_000)
    const single = await post(
      '/api/collections/events/records',
      { ...booking(token), confirmed: true },
      '127.0.0.78',
    )
    expect(single.status).toBe(400)
    const batch = await post(
      '/api/batch',
      {
        requests: [
          {
            method: 'POST',
            url: '/api/collections/events/records',
            body: { ...booking(token), confirmed: true },
          },
        ],
      },
      '127.0.0.78',
    )
    expect(batch.status).toBe(400)
    expect((await getFunnel(server.su, 7)).bookings.confirmed).toBe(0)
  })

  it('written by the server is counted apart from the reported ones', async () => {
    const before = await getFunnel(server.su, 7)
    // A booking the scheduler reports from an audit's report: the server ties it to the person.
    const audit = auditSubmission({ email: `booked-${Date.now()}@example.com` })
    expect((await post('/api/collections/audits/records', audit, '127.0.0.79')).status).toBe(200)
    const res = await post('/api/bookings', { audit: audit.id, path: '/free-audit' }, '127.0.0.79')
    expect(res).toEqual({ status: 200, body: { booked: true, repeat: false } })
    const after = await getFunnel(server.su, 7)
    expect(after.bookings).toEqual({
      reported: before.bookings.reported,
      confirmed: before.bookings.confirmed + 1,
    })
    expect(after.steps.find((s) => s.step === 'call_booked')?.count).toBe(
      before.steps.find((s) => s.step === 'call_booked')?.count,
    )
    expect(after.weeks.reduce((sum, w) => sum + w.confirmedBookings, 0)).toBe(
      before.bookings.confirmed + 1,
    )
  })
})
