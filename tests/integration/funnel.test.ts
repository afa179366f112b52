// The privacy-respecting funnel and the peer benchmark (pb_hooks/funnel.pb.js, server/funnel/) on a
// PocketBase of their own, so the counts are exactly the events sent here and the production rate
// limits apply: a known sequence of funnel steps and its expected report, section averages counted
// afresh, the events limit, and a benchmark that shows only from 20 audits on and is recomputed at
// most every 10 minutes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { getFunnel } from '../../src/backend/people-api'
import { PEER_MIN_AUDITS } from '../../src/config/leads'
import { SUPERUSER, harnessEnv } from './harness-env'
import { superuserClient } from './helpers'
import { visitToken } from './support/funnel-token'
import { auditSubmission } from './support/mail-harness'
import { migratedDataDir } from './support/data-dir'

const stops: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

async function ownServer(): Promise<{ url: string; su: PocketBase }> {
  const dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-funnel-')))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const server = await startPocketBase({ dataDir, env: harnessEnv() })
  stops.push(async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return { url: server.url, su: await superuserClient(server.url) }
}

function post(url: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Monday of this week (UTC), as the report names weeks. */
function mondayOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7
  return new Date(date.getTime() - day * 86_400_000).toISOString().slice(0, 10)
}

describe('the funnel', () => {
  it('counts a known sequence of steps, their conversion, weeks, referrers and campaigns', async () => {
    const { url, su } = await ownServer()
    const sequence: [string, number, Record<string, string>?][] = [
      [
        'visit',
        6,
        {
          path: '/',
          referrer: 'google.com',
          utmSource: 'newsletter',
          utmMedium: 'email',
          utmCampaign: 'spring',
        },
      ],
      ['visit', 3, { path: '/free-audit', referrer: 'facebook.com' }],
      ['visit', 1, { path: '/' }],
      ['audit_started', 5, { path: '/free-audit' }],
      ['audit_completed', 4],
      ['email_given', 2],
      ['booking_opened', 2],
      // A booking counts with the token of its session's visit (tests/integration/funnel-bookings.test.ts).
      ['call_booked', 1, { token: await visitToken(su, 60_000) }],
    ]
    for (const [name, times, fields] of sequence) {
      for (let n = 0; n < times; n++) {
        const reply = await post(url, '/api/collections/events/records', { name, ...fields })
        expect(reply.status).toBe(200)
      }
    }

    const report = await getFunnel(su, 7)
    expect(report.steps).toEqual([
      { step: 'visit', count: 10, conversion: null },
      { step: 'audit_started', count: 5, conversion: 50 },
      { step: 'audit_completed', count: 4, conversion: 80 },
      { step: 'email_given', count: 2, conversion: 50 },
      { step: 'booking_opened', count: 2, conversion: 100 },
      { step: 'call_booked', count: 1, conversion: 50 },
    ])
    expect(report.weeks).toEqual([
      {
        week: mondayOf(new Date()),
        counts: {
          visit: 10,
          audit_started: 5,
          audit_completed: 4,
          email_given: 2,
          booking_opened: 2,
          call_booked: 1,
        },
        confirmedBookings: 0,
      },
    ])
    expect(report.bookings).toEqual({ reported: 1, confirmed: 0 })
    expect(report.referrers).toEqual([
      { referrer: 'google.com', count: 6 },
      { referrer: 'facebook.com', count: 3 },
    ])
    expect(report.campaigns).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'spring', count: 6 },
    ])
    // The stored events hold the steps and their sources, nothing else.
    const stored = await su.collection('events').getList(1, 1)
    expect(Object.keys(stored.items[0]).sort()).toEqual(
      [
        'collectionId',
        'collectionName',
        'confirmed',
        'created',
        'id',
        'name',
        'path',
        'referrer',
        'utmCampaign',
        'utmMedium',
        'utmSource',
      ].sort(),
    )

    // The 60-a-minute events limit (the limiter refills continuously, so allow a few more):
    // the sequence used 28, so 32 more pass and a refusal follows soon after.
    const statuses: number[] = []
    for (let n = 0; n < 40; n++) {
      statuses.push((await post(url, '/api/collections/events/records', { name: 'visit' })).status)
    }
    expect(statuses.slice(0, 32)).toEqual(Array(32).fill(200))
    expect(statuses.slice(32)).toContain(429)
  })

  it('counts the section averages afresh on every report, while the public benchmark keeps its cache', async () => {
    const { url, su } = await ownServer()
    const averagesOf = (audits: { scores: { sectionScores: Record<string, number> } }[]) =>
      Object.keys(audits[0].scores.sectionScores)
        .sort()
        .map((section) => {
          const values = audits.map((a) => Math.round(a.scores.sectionScores[section]))
          const average = Math.round(values.reduce((x, y) => x + y, 0) / values.length)
          return { section, average, audits: audits.length }
        })

    const first = auditSubmission({ email: 'one@example.com', optionIndex: () => 0 })
    await su.collection('audits').create(first)
    const before = await getFunnel(su, 7)
    expect(before.sections).toEqual(averagesOf([first]))
    const benchmarkBefore = await (await fetch(`${url}/api/peer-benchmark`)).json()
    expect(benchmarkBefore.audits).toBe(1)

    // Three more audits, seconds later: the next report counts all four.
    const more = [1, 2, 3].map((n) =>
      auditSubmission({ email: `more${n}@example.com`, optionIndex: (i) => i + n }),
    )
    for (const audit of more) await su.collection('audits').create(audit)
    const after = await getFunnel(su, 7)
    expect(after.sections).toEqual(averagesOf([first, ...more]))
    expect(after.sections.every((s) => s.audits === 4)).toBe(true)
    // When it was counted, to say so beside the averages.
    expect(Math.abs(Date.parse(after.countedAt) - Date.now())).toBeLessThan(60_000)

    // The visitors' benchmark, a public route, still answers its counts of a moment ago.
    const benchmarkAfter = await (await fetch(`${url}/api/peer-benchmark`)).json()
    expect(benchmarkAfter).toEqual(benchmarkBefore)
  })

  it('refuses an event body above 2 KiB', async () => {
    const { url } = await ownServer()
    const reply = await post(url, '/api/collections/events/records', {
      name: 'visit',
      padding: 'x'.repeat(3000),
    })
    expect(reply.status).toBe(413)
  })
})

describe('the peer benchmark', () => {
  it(`shows nothing below ${PEER_MIN_AUDITS} audits and keeps an answer for 10 minutes`, async () => {
    const { url, su } = await ownServer()
    const first = await (await fetch(`${url}/api/peer-benchmark`)).json()
    expect(first).toMatchObject({ audits: 0, minAudits: PEER_MIN_AUDITS })
    expect(first.overall).toBeUndefined()
    for (let n = 0; n < PEER_MIN_AUDITS; n++) {
      await su.collection('audits').create(auditSubmission({ email: `peer${n}@example.com` }))
    }
    const reply = await fetch(`${url}/api/peer-benchmark`)
    expect(reply.headers.get('cache-control')).toContain('max-age=600')
    const cached = await reply.json()
    expect(cached).toEqual(first)
  })

  it('is limited to 30 requests a minute per IP', async () => {
    const { url } = await ownServer()
    const statuses: number[] = []
    for (let n = 0; n < 40; n++) statuses.push((await fetch(`${url}/api/peer-benchmark`)).status)
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200))
    expect(statuses.slice(30)).toContain(429)
  })

  it('answers only score histograms once enough audits exist', async () => {
    const { url, su } = await ownServer()
    const scores: number[] = []
    for (let n = 0; n < PEER_MIN_AUDITS; n++) {
      const audit = auditSubmission({ email: `peer${n}@example.com`, optionIndex: (i) => i + n })
      scores.push(audit.overallScore)
      await su.collection('audits').create(audit)
    }
    const benchmark = await (await fetch(`${url}/api/peer-benchmark`)).json()
    expect(Object.keys(benchmark).sort()).toEqual(
      ['audits', 'computedAt', 'minAudits', 'overall', 'sections'].sort(),
    )
    expect(benchmark.audits).toBe(PEER_MIN_AUDITS)
    const expected = Array(101).fill(0)
    for (const score of scores) expected[score] += 1
    expect(benchmark.overall).toEqual(expected)
    for (const histogram of Object.values(benchmark.sections) as number[][]) {
      expect(histogram.reduce((a, b) => a + b, 0)).toBe(PEER_MIN_AUDITS)
    }

    // The funnel's average per section comes from the same counts.
    const report = await getFunnel(su, 30)
    const stored = await su
      .collection('audits')
      .getFullList<{ scores: { sectionScores: Record<string, number> } }>()
    const expectedAverages = Object.keys(stored[0].scores.sectionScores)
      .sort()
      .map((section) => {
        const values = stored.map((a) => Math.round(a.scores.sectionScores[section]))
        const average = Math.round(values.reduce((x, y) => x + y, 0) / values.length)
        return { section, average, audits: PEER_MIN_AUDITS }
      })
    expect(report.sections).toEqual(expectedAverages)
  })
})
