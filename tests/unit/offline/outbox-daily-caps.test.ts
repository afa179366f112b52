// A daily cap on one kind of item (the server's 429 with the daily-cap code: too many messages,
// audits or funnel events from this network today) holds back only that kind: the outbox keeps
// those items, waits as long as Retry-After says, and still sends everything else - a funnel
// event over its cap never delays a visitor's message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DAILY_CAP_CODE } from '../../../src/config/limits'
import { createOutbox } from '../../../src/offline/outbox'
import type { OfflineDatabase } from '../../../src/offline/db'
import {
  contact,
  fakeServer,
  freshDb,
  guestClient,
  json,
  realisticCreate,
  seedBacklog,
  type FakeServer,
  type Responder,
} from './fake-server'

const FAKE = { toFake: ['setTimeout', 'clearTimeout', 'Date'] as const }
const T0 = Date.parse('2026-11-21T12:00:00Z')
const RETRY_AFTER_S = 3600

let db: OfflineDatabase
let server: FakeServer

beforeEach(() => {
  vi.useFakeTimers({ ...FAKE, toFake: [...FAKE.toFake] })
  vi.setSystemTime(T0)
  db = freshDb()
  server = fakeServer()
})

afterEach(() => {
  vi.useRealTimers()
  db.close()
})

const capped = {
  status: 429,
  message: 'Too many funnel events from your network today.',
  data: {
    daily: { code: DAILY_CAP_CODE, message: 'Too many funnel events from your network today.' },
  },
}

/** The real create, except that funnel events are over their daily cap, single or batched. */
const eventsCapped: Responder = (req, s) => {
  if (req.path === '/api/collections/events/records') {
    return json(429, capped, { 'Retry-After': String(RETRY_AFTER_S) })
  }
  if (req.path === '/api/batch') {
    const requests = req.body as { url: string }[]
    const index = requests.findIndex((sub) => sub.url.includes('/events/'))
    if (index >= 0) {
      return json(
        400,
        {
          status: 400,
          message: 'Batch transaction failed.',
          data: {
            requests: {
              [String(index)]: {
                code: 'batch_request_failed',
                message: 'Batch request failed.',
                response: capped,
              },
            },
          },
        },
        { 'Retry-After': String(RETRY_AFTER_S) },
      )
    }
  }
  return realisticCreate(req, s)
}

async function mixedBacklog() {
  const events = await seedBacklog(
    db,
    [
      { name: 'audit_started', path: '/free-audit' },
      { name: 'audit_completed', path: '/' },
    ],
    'events',
  )
  const contacts = await seedBacklog(db, [contact(1), contact(2), contact(3)])
  return { events, contacts }
}

describe('a daily cap on one kind of item', () => {
  it('keeps that kind waiting and still delivers the rest of the batch', async () => {
    const { events, contacts } = await mixedBacklog()
    server.respond = eventsCapped
    const outbox = createOutbox({
      db,
      pb: guestClient(),
      fetch: server.fetch,
      random: () => 0.5,
      locks: null,
    })
    const report = await outbox.flush()

    expect(report.delivered).toBe(3)
    for (const id of contacts) expect(server.rows.get('contacts')?.has(id)).toBe(true)
    const waiting = await db.outbox.toArray()
    expect(waiting.map((i) => i.id).sort()).toEqual([...events].sort())
    for (const item of waiting) {
      expect(item.status).toBe('queued')
      expect(item.nextAttemptAt).toBeGreaterThanOrEqual(T0 + RETRY_AFTER_S * 1000)
      expect(item.lastError?.status).toBe(429)
    }
  })

  it('a contact queued later is sent at once while the events wait', async () => {
    await mixedBacklog()
    server.respond = eventsCapped
    const outbox = createOutbox({
      db,
      pb: guestClient(),
      fetch: server.fetch,
      random: () => 0.5,
      locks: null,
    })
    await outbox.flush()
    server.requests.length = 0
    expect((await outbox.enqueue('contacts', contact(9))).status).toBe('sent')
    expect(server.requests.map((r) => r.path)).toEqual(['/api/collections/contacts/records'])
    expect(await db.outbox.count()).toBe(2)
  })

  it('sends the waiting items once the cap has reset', async () => {
    await mixedBacklog()
    server.respond = eventsCapped
    const outbox = createOutbox({
      db,
      pb: guestClient(),
      fetch: server.fetch,
      random: () => 0.5,
      locks: null,
    })
    await outbox.flush()
    server.respond = realisticCreate
    vi.setSystemTime(T0 + (RETRY_AFTER_S + 1) * 1000)
    await outbox.flush()
    expect(await db.outbox.count()).toBe(0)
    expect(server.rows.get('events')?.size).toBe(2)
  })

  it('a rate limit (429 without the daily-cap code) still holds back everything', async () => {
    await mixedBacklog()
    server.respond = () => json(429, { status: 429, message: 'Too Many Requests.', data: {} })
    const outbox = createOutbox({
      db,
      pb: guestClient(),
      fetch: server.fetch,
      random: () => 0.5,
      locks: null,
    })
    const report = await outbox.flush()
    expect(report.delivered).toBe(0)
    expect(server.requests).toHaveLength(1)
  })
})
