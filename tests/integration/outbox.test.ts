// The outbox against the real PocketBase of the test run, through a loopback proxy that can
// cut connections or lose answers the way a bad mobile network does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type PocketBase from 'pocketbase'
import { pbUrl, superuserClient, uniqueEmail } from './helpers'
import { decideSignUps } from './support/newsletter-signups'
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy'
import {
  contactPayload,
  contactsWithMarker,
  nodeOfflineDb,
  nodeOutbox,
  runMarker,
  uniqueDbName,
} from './support/node-outbox'

let proxy: LoopbackProxy
let su: PocketBase
// Moving this clock forward makes waiting items due without sleeping through their back-off.
let skew = 0
const now = () => Date.now() + skew
const later = () => (skew += 10 * 60_000)

beforeAll(async () => {
  proxy = await startLoopbackProxy(pbUrl())
  su = await superuserClient()
})

afterAll(async () => {
  await proxy.stop()
})

beforeEach(() => {
  proxy.decide = () => 'forward'
  proxy.requests.length = 0
})

const isCreate = (req: { path: string }) =>
  req.path.includes('/records') || req.path === '/api/batch'

describe('the outbox against the real server', () => {
  it('turns a create whose answer was lost into exactly one row when it retries', async () => {
    const marker = runMarker('lost-answer')
    let dropped = false
    proxy.decide = (req) => {
      if (!isCreate(req) || dropped) return 'forward'
      dropped = true
      return 'drop-response'
    }
    const outbox = nodeOutbox(proxy.url, { now })
    const result = await outbox.enqueue('contacts', contactPayload(marker, 1))
    expect(result).toMatchObject({ status: 'queued', error: { kind: 'network' } })
    // The server committed it although the client heard nothing.
    expect(await contactsWithMarker(su, marker)).toHaveLength(1)

    later()
    expect(await outbox.flush()).toMatchObject({ delivered: 1, failed: 0, retrying: 0 })
    const rows = await contactsWithMarker(su, marker)
    expect(rows.map((r) => r.id)).toEqual([result.id])
    expect(proxy.forwardedIds()).toEqual([result.id, result.id]) // sent twice, stored once
    expect(await outbox.db.outbox.count()).toBe(0)
  })

  it('turns a batch whose answer was lost into exactly one row per item', async () => {
    const marker = runMarker('lost-batch')
    proxy.decide = () => 'reset'
    const outbox = nodeOutbox(proxy.url, { now })
    const ids: string[] = []
    for (let n = 0; n < 3; n++)
      ids.push((await outbox.enqueue('contacts', contactPayload(marker, n))).id)

    let dropped = false
    proxy.decide = (req) => {
      if (req.path !== '/api/batch' || dropped) return 'forward'
      dropped = true
      return 'drop-response'
    }
    proxy.requests.length = 0
    later()
    await outbox.flush()
    expect(await contactsWithMarker(su, marker)).toHaveLength(3) // committed, answer lost
    expect(await outbox.db.outbox.count()).toBe(3)

    later()
    expect(await outbox.flush()).toMatchObject({ delivered: 3, failed: 0 })
    const rows = await contactsWithMarker(su, marker)
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort())
    // The retried batch fails on its first (already stored) id; the rest go one by one.
    expect(proxy.requests.map((r) => [r.path, r.status])).toEqual([
      ['/api/batch', 200],
      ['/api/batch', 400],
      ['/api/collections/contacts/records', 400],
      ['/api/collections/contacts/records', 400],
    ])
  })

  it('delivers the nine good items of ten and marks the bad one failed with its message', async () => {
    const marker = runMarker('bad-item')
    proxy.decide = () => 'reset' // queued while offline, so all ten go in one flush
    const outbox = nodeOutbox(proxy.url, { now })
    const ids: string[] = []
    for (let n = 0; n < 10; n++) {
      const email = n === 4 ? 'not-an-email' : `visitor${n}@example.com`
      ids.push((await outbox.enqueue('contacts', contactPayload(marker, n, email))).id)
    }

    proxy.decide = () => 'forward'
    proxy.requests.length = 0
    later()
    expect(await outbox.flush()).toMatchObject({ delivered: 9, failed: 1, retrying: 0 })

    const rows = await contactsWithMarker(su, marker)
    expect(rows.map((r) => r.id).sort()).toEqual(ids.filter((_, i) => i !== 4).sort())
    const left = await outbox.db.outbox.toArray()
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({
      id: ids[4],
      status: 'failed',
      lastError: {
        kind: 'validation',
        status: 400,
        serverMessage: 'Failed to create record.',
        fieldErrors: { email: 'Must be a valid email address.' },
      },
    })
    // Tried as one batch, refused as a whole because of item 5, then the others one by one.
    expect(proxy.requests.map((r) => r.path)).toEqual([
      '/api/batch',
      ...Array(9).fill('/api/collections/contacts/records'),
    ])
  })

  it('sends each item once when two outboxes over the same database flush at once (two tabs)', async () => {
    const marker = runMarker('two-tabs')
    const name = uniqueDbName('two-tabs')
    const tabA = nodeOutbox(proxy.url, { db: nodeOfflineDb(name), now })
    const tabB = nodeOutbox(proxy.url, { db: nodeOfflineDb(name), now })
    proxy.decide = () => 'reset'
    const ids: string[] = []
    const emails: string[] = []
    for (let n = 0; n < 15; n++)
      ids.push((await tabA.enqueue('contacts', contactPayload(marker, n))).id)
    for (let n = 0; n < 5; n++) {
      emails.push(uniqueEmail('two-tabs'))
      const tab = n % 2 ? tabA : tabB
      ids.push(
        (await tab.enqueue('newsletter_subscriptions', { email: emails[n], source: 'footer' })).id,
      )
    }

    proxy.decide = () => 'forward'
    proxy.requests.length = 0
    later()
    const reports = await Promise.all([tabA.flush(), tabB.flush(), tabA.flush(), tabB.flush()])
    expect(reports.filter((r) => r.acquired).length).toBeGreaterThanOrEqual(1)

    const sent = proxy.forwardedIds()
    expect([...sent].sort()).toEqual([...ids].sort()) // every id once, none twice
    const contacts = await contactsWithMarker(su, marker)
    expect(contacts).toHaveLength(15)
    // Sign-ups are answered at once and decided later (pb_hooks/newsletter.pb.js,
    // server/newsletter/signups.ts).
    await decideSignUps(pbUrl(), su.authStore.token)
    const subscriptions = await su.collection('newsletter_subscriptions').getFullList({
      filter: emails.map((e) => su.filter('email = {:e}', { e })).join(' || '),
    })
    expect(subscriptions.map((s) => s.id).sort()).toEqual(ids.slice(15).sort())
    expect(await tabA.db.outbox.count()).toBe(0)
  })
})
