// A day's caps per IP address on what the open internet can store (pb_hooks/ip-caps.pb.js,
// server/limits/ip-caps.ts), on a server of its own with the production rate limits and small caps,
// each attacker from its own loopback address: contact messages, audits and funnel events each
// count in ONE bucket per IP whether single or batched; past a cap the answer is 429 with
// Retry-After and the daily-cap code; a refused or failed create does not count; another IP is not
// affected; the next day (the counters pruned as if at tomorrow) it goes again; and the browser's
// outbox keeps a capped item, sends everything else, and delivers it once the cap has reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAILY_CAP_CODE } from '../../src/config/limits'
import { recordId, uniqueEmail } from './helpers'
import { startLimitsServer, type LimitsServer } from './support/limits-server'
import { auditSubmission } from './support/mail-harness'
import { contactPayload, contactsWithMarker, nodeOutbox, runMarker } from './support/node-outbox'
import { rawRequest } from './support/raw-request'

const CAPS = { messages: 12, audits: 6, events: 15 }

let server: LimitsServer

beforeAll(async () => {
  server = await startLimitsServer({
    env: {
      MESSAGES_PER_IP_PER_DAY: String(CAPS.messages),
      AUDITS_PER_IP_PER_DAY: String(CAPS.audits),
      EVENTS_PER_IP_PER_DAY: String(CAPS.events),
    },
  })
})

afterAll(async () => {
  await server?.stop()
})

const CONTACTS = '/api/collections/contacts/records'

async function post(path: string, body: unknown, from: string) {
  const answer = await rawRequest(server.url, { path, body: JSON.stringify(body), from })
  return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.body || 'null') }
}

function contact(marker: string, n: number) {
  return { id: recordId(), ...contactPayload(marker, n) }
}

function batchOf(requests: { url: string; body: unknown }[]) {
  return { requests: requests.map((r) => ({ method: 'POST', ...r })) }
}

/** Seconds from now to the next UTC midnight. */
function secondsToMidnight(): number {
  const day = 86_400_000
  return Math.ceil((Math.floor(Date.now() / day) * day + day - Date.now()) / 1000)
}

async function pruneAsIfTomorrow() {
  const res = await fetch(`${server.url}/api/limits/prune`, {
    method: 'POST',
    headers: { authorization: server.su.authStore.token, 'content-type': 'application/json' },
    body: JSON.stringify({ now: new Date(Date.now() + 86_400_000).toISOString() }),
  })
  expect(res.status).toBe(200)
}

describe('contact messages from one IP in a day', () => {
  it(`hold at ${CAPS.messages}, single and batched creates in one bucket`, async () => {
    const ip = '127.0.0.81'
    const marker = runMarker('cap')
    // A refused create does not count.
    expect(
      (await post(CONTACTS, { ...contact(marker, 0), email: 'not-an-address' }, ip)).status,
    ).toBe(400)
    // 4 single, a batch of 5, 3 single: the cap exactly.
    for (let n = 1; n <= 4; n++)
      expect((await post(CONTACTS, contact(marker, n), ip)).status).toBe(200)
    const batch = await post(
      '/api/batch',
      batchOf(
        Array.from({ length: 5 }, (_, i) => ({ url: CONTACTS, body: contact(marker, 5 + i) })),
      ),
      ip,
    )
    expect(batch.status).toBe(200)
    for (let n = 10; n <= 12; n++)
      expect((await post(CONTACTS, contact(marker, n), ip)).status).toBe(200)

    // One more, single: 429 with the time to the reset and the daily-cap code.
    const refused = await post(CONTACTS, contact(marker, 13), ip)
    expect(refused.status).toBe(429)
    expect(refused.body).toHaveProperty(['data', 'daily', 'code'], DAILY_CAP_CODE)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(Math.abs(retryAfter - secondsToMidnight())).toBeLessThanOrEqual(5)

    // One more, inside a batch: the batch is refused, its answer says when to come back.
    const refusedBatch = await post(
      '/api/batch',
      batchOf([{ url: CONTACTS, body: contact(marker, 14) }]),
      ip,
    )
    expect(refusedBatch.status).toBe(400)
    expect(JSON.stringify(refusedBatch.body)).toContain(DAILY_CAP_CODE)
    expect(Number(refusedBatch.headers['retry-after'])).toBeGreaterThan(0)

    expect(await contactsWithMarker(server.su, marker)).toHaveLength(CAPS.messages)
    // Another address is not affected, and a superuser is never counted.
    expect((await post(CONTACTS, contact(marker, 15), '127.0.0.82')).status).toBe(200)
    await server.su.collection('contacts').create(contact(marker, 16))

    // The next day it goes again.
    await pruneAsIfTomorrow()
    expect((await post(CONTACTS, contact(marker, 17), ip)).status).toBe(200)
  })
})

describe('audits and funnel events', () => {
  it(`audits hold at ${CAPS.audits} a day, single and batched`, async () => {
    const ip = '127.0.0.83'
    const audits = '/api/collections/audits/records'
    const one = () => auditSubmission({ email: uniqueEmail('cap-audit') })
    for (let n = 0; n < 3; n++) expect((await post(audits, one(), ip)).status).toBe(200)
    const batch = await post(
      '/api/batch',
      batchOf([1, 2, 3].map(() => ({ url: audits, body: one() }))),
      ip,
    )
    expect(batch.status).toBe(200)
    const refused = await post(audits, one(), ip)
    expect(refused.status).toBe(429)
    expect(refused.body).toHaveProperty(['data', 'daily', 'code'], DAILY_CAP_CODE)
  })

  it(`funnel events hold at ${CAPS.events} a day: visits, single steps and batched steps in one bucket`, async () => {
    const ip = '127.0.0.84'
    const events = '/api/collections/events/records'
    const step = () => ({ id: recordId(), name: 'audit_started', path: '/free-audit' })
    const statuses: number[] = []
    for (let n = 0; n < 5; n++)
      statuses.push((await post('/api/funnel/visit', { path: '/' }, ip)).status)
    for (let n = 0; n < 5; n++) statuses.push((await post(events, step(), ip)).status)
    const batch = await post(
      '/api/batch',
      batchOf([1, 2, 3, 4, 5].map(() => ({ url: events, body: step() }))),
      ip,
    )
    statuses.push(batch.status)
    expect(statuses).toEqual(Array(11).fill(200))
    expect((await post(events, step(), ip)).status).toBe(429)
    expect((await post('/api/funnel/visit', { path: '/' }, ip)).status).toBe(429)
  })
})

describe("the browser's outbox past a cap", () => {
  it('keeps the capped item, sends the rest, and delivers it the next day', async () => {
    // The outbox sends from 127.0.0.1: spend that address's messages first.
    const marker = runMarker('outbox-cap')
    for (let n = 0; n < CAPS.messages; n++) {
      expect((await post(CONTACTS, contact(marker, n), '127.0.0.1')).status).toBe(200)
    }
    let clock = Date.now()
    const outbox = nodeOutbox(server.url, { now: () => clock })
    const capped = await outbox.enqueue('contacts', contactPayload(marker, 99))
    expect(capped.status).toBe('queued')
    expect(capped.error?.status).toBe(429)
    // A sign-up is not a message: it goes through at once.
    const signUp = await outbox.enqueue('newsletter_subscriptions', {
      email: uniqueEmail('not-capped'),
      source: 'footer',
    })
    expect(signUp.status).toBe('sent')
    const waiting = await outbox.db.outbox.get(capped.id)
    expect(waiting).toMatchObject({ status: 'queued', collection: 'contacts' })

    await pruneAsIfTomorrow()
    clock += 2 * 3_600_000 // past the Retry-After the outbox honours (at most an hour)
    await outbox.flush()
    expect(await outbox.db.outbox.count()).toBe(0)
    expect((await contactsWithMarker(server.su, marker)).map((c) => c.message)).toContain(
      `${marker} #99`,
    )
  })
})
