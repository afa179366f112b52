// The lead workspace's browser side: the offline copy of admin pages (Dexie version 2, kept
// per admin and removed on sign-out), pending notes and status changes read from the outbox,
// the funnel's landing source, and the peer benchmark's percentage.
import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createOfflineDatabase,
  type OfflineDatabase,
  type OutboxItem,
} from '../../../src/offline/db'
import {
  pendingPersonUpdates,
  readAdminCopy,
  saveAdminCopy,
} from '../../../src/offline/admin-cache'
import { referrerDomain, touchOf } from '../../../src/offline/funnel'
import { higherThanPercent, loadPeerPercents } from '../../../src/offline/peer-benchmark'
import { clearUserData } from '../../../src/offline/user-data'
import { schedulerUrl } from '../../../src/components/scheduler-script'
import { freshDb } from './fake-server'

let db: OfflineDatabase
beforeEach(() => {
  db = freshDb()
})
afterEach(() => {
  db.close()
})

describe('the admin offline copy', () => {
  it('keeps what an admin loaded with its sync time, and shows it to no other user', async () => {
    await saveAdminCopy('person:p1', 'admin1', { name: 'Robin' }, db, 1234)
    expect(await readAdminCopy('person:p1', 'admin1', db)).toEqual({
      value: { name: 'Robin' },
      syncedAt: 1234,
    })
    expect(await readAdminCopy('person:p1', 'someone-else', db)).toBeNull()
    expect(await readAdminCopy('person:p2', 'admin1', db)).toBeNull()
  })

  it('is removed with the rest of the admin data on sign-out', async () => {
    await saveAdminCopy('people:[]:1', 'admin1', [], db)
    await saveAdminCopy('people:[]:1b', 'admin2', [], db)
    await clearUserData('admin1', db)
    expect(await db.adminCache.count()).toBe(1)
    expect(await readAdminCopy('people:[]:1b', 'admin2', db)).not.toBeNull()
  })

  it('opens a database made by the first version without losing its outbox', async () => {
    const name = `upgrade-${Math.random()}`
    const v1 = new Dexie(name)
    v1.version(1).stores({
      drafts: '[flow+userId], userId',
      outbox: 'id, seq, status, ownerId, collection',
      cache: 'userId',
      meta: 'key',
    })
    await v1.table('outbox').add({ id: 'a1', seq: 1, status: 'queued', collection: 'contacts' })
    v1.close()
    const v2 = createOfflineDatabase(name)
    expect(await v2.outbox.get('a1')).toMatchObject({ collection: 'contacts' })
    await saveAdminCopy('k', 'u', 1, v2)
    expect(v2.verno).toBe(2)
    v2.close()
  })

  it('lists queued and refused person updates from the outbox, and nothing else', () => {
    const item = (over: Partial<OutboxItem>): OutboxItem => ({
      id: 'x',
      collection: 'person_updates',
      payload: { person: 'p1', kind: 'note', text: 'Hi' },
      status: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 10,
      seq: 1,
      ...over,
    })
    expect(
      pendingPersonUpdates([
        item({ id: 'n1' }),
        item({
          id: 's1',
          payload: { person: 'p1', kind: 'status', status: 'client' },
          status: 'failed',
        }),
        item({ id: 'c1', collection: 'contacts' }),
      ]),
    ).toEqual([
      { id: 'n1', person: 'p1', kind: 'note', text: 'Hi', createdAt: 10, failed: false },
      { id: 's1', person: 'p1', kind: 'status', status: 'client', createdAt: 10, failed: true },
    ])
  })
})

describe('the funnel landing source', () => {
  it.each([
    ['https://www.google.com/search?q=x', 'inn.example', 'google.com'],
    ['https://inn.example/free-audit', 'inn.example', ''],
    ['https://www.inn.example/', 'inn.example', ''],
    ['', 'inn.example', ''],
    ['not a url', 'inn.example', ''],
  ])('the referrer %j seen from %s is the domain %j', (referrer, host, expected) => {
    expect(referrerDomain(referrer, host)).toBe(expected)
  })

  it('keeps the path and the UTM fields only, clipped and without control characters', () => {
    const url = new URL(
      `https://inn.example/free-audit?utm_source=news%0Aletter&utm_medium=email&utm_campaign=${'x'.repeat(150)}&email=a@b.c&fbclid=123`,
    )
    expect(touchOf(url, 'https://facebook.com/')).toEqual({
      path: '/free-audit',
      referrer: 'facebook.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'x'.repeat(100),
    })
    expect(touchOf(new URL('https://inn.example/'), '')).toEqual({ path: '/' })
  })
})

describe('the peer benchmark', () => {
  const histogram = Array(101).fill(0)
  histogram[40] = 5
  histogram[60] = 10
  histogram[80] = 5
  it.each([
    [39, 0],
    [40, 0],
    [41, 25],
    [60, 25],
    [61, 75],
    [100, 100],
  ])('a score of %i is higher than %i% of audits', (score, expected) => {
    expect(higherThanPercent(histogram, score)).toBe(expected)
  })
  it('says nothing without a histogram or audits', () => {
    expect(higherThanPercent(undefined, 50)).toBeNull()
    expect(higherThanPercent(Array(101).fill(0), 50)).toBeNull()
  })
})

describe('the scheduler link after an audit', () => {
  it('fills in the name and e-mail and carries the campaign as UTM parameters', () => {
    const url = new URL(
      schedulerUrl('https://calendly.com/owner/15min', new Date(2026, 10, 25), {
        name: 'Robin Innkeeper',
        email: 'robin@inn.example',
        utmSource: 'newsletter',
        utmCampaign: 'spring',
        utmMedium: ' ',
      }),
    )
    expect(Object.fromEntries(url.searchParams)).toEqual({
      hide_gdpr_banner: '1',
      month: '2026-11',
      name: 'Robin Innkeeper',
      email: 'robin@inn.example',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
    })
  })
})

describe('the peer comparison on a report', () => {
  const store = new Map<string, string>()
  const histogram = (score: number, count: number) => {
    const h = Array(101).fill(0)
    h[score] = count
    return h
  }
  const benchmark = {
    audits: 20,
    minAudits: 20,
    overall: histogram(50, 20),
    sections: { Website: histogram(70, 20) },
  }
  beforeEach(() => {
    store.clear()
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('says nothing below the minimum number of audits', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ audits: 3, minAudits: 20 }))
    expect(await loadPeerPercents({ overallScore: 90, sectionScores: {} })).toBeNull()
  })

  it('compares overall and per section, and keeps the answer for a report opened offline', async () => {
    vi.stubGlobal('fetch', async () => Response.json(benchmark))
    const scores = { overallScore: 60, sectionScores: { Website: 40, Unknown: 10 } }
    const online = await loadPeerPercents(scores)
    expect(online).toEqual({ overall: 100, sections: { Website: 0, Unknown: null } })
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await loadPeerPercents(scores)).toEqual(online)
  })
})
