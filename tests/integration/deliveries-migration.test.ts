// The delivery queue's migration against the real PocketBase binary: every mail_outbox row moves
// into `deliveries` with its id, state, attempts, error, times and headers (nothing lost), and
// `migrate down` moves them back into a mail_outbox like the old one, field for field.
import { afterAll, expect, it } from 'vitest'
import { migrationDrill } from './support/migration-drill'

const MIGRATION = '1764610000_deliveries.js'
// No sender may touch the rows between the steps: the built server without its entry files.
const drill = migrationDrill(MIGRATION)
const withServer = drill.withServer

afterAll(() => drill.remove())

// The old queue's rows in every state it knew.
const OLD_ROWS = [
  {
    id: 'mailpending0001',
    to: 'Visitor.One@Example.com',
    subject: 'Your Business Efficiency Audit results: 72%',
    kind: 'visitor_results',
    status: 'pending',
    attempts: 3,
    lastError: 'dial tcp 127.0.0.1:25: connect: connection refused',
    nextAttemptAt: '2026-11-25 10:04:00.000Z',
    sourceId: 'audit0000000001',
    clientIp: '203.0.113.7',
  },
  {
    id: 'mailsending0001',
    to: 'owner@example.com',
    replyTo: 'visitor.two@example.com',
    subject: 'New message from Two (Portfolio Website Contact Form)',
    html: '<p>Two</p>',
    text: 'Two',
    kind: 'owner_contact',
    status: 'sending',
    attempts: 1,
    claimedAt: '2026-11-25 10:01:00.000Z',
    sourceId: 'contact00000001',
  },
  {
    id: 'mailsent0000001',
    to: 'owner@example.com',
    subject: 'New audit: 40% from three@example.com',
    html: '<p>Three</p>',
    text: 'Three',
    kind: 'owner_audit',
    status: 'sent',
    attempts: 1,
    sentAt: '2026-11-24 09:00:00.000Z',
    sourceId: 'audit0000000003',
  },
  {
    id: 'mailfailed00001',
    to: 'four@example.com',
    subject: 'Please confirm your subscription to North Country Efficiency tips',
    kind: 'newsletter_confirm',
    status: 'failed',
    attempts: 8,
    lastError: '550 "No such user here"',
    sourceId: 'newsletter00004',
    headers: { 'List-Unsubscribe': '<https://efficiency.test/api/newsletter/unsubscribe?token=x>' },
  },
]

it('moves every mail_outbox row into deliveries with its state, and back', async () => {
  let before: Record<string, unknown>[] = []
  await withServer(async (su) => {
    for (const row of OLD_ROWS) await su.collection('mail_outbox').create(row)
    before = await su.collection('mail_outbox').getFullList({ sort: 'id' })
  })

  // Up: one queue.
  drill.up()
  await withServer(async (su) => {
    const names = (await su.collections.getFullList()).map((c) => c.name)
    expect(names).toContain('deliveries')
    expect(names).not.toContain('mail_outbox')
    const rows = await su.collection('deliveries').getFullList({ sort: 'id' })
    expect(rows.map((r) => r.id)).toEqual(before.map((r) => r.id))
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]))
    for (const old of before) {
      const row = byId[old.id as string]
      expect(row).toMatchObject({
        channel: 'mail',
        kind: old.kind,
        status: old.status,
        recipient: String(old.to).toLowerCase(),
        replyTo: old.replyTo,
        subject: old.subject,
        html: old.html,
        text: old.text,
        attempts: old.attempts,
        lastError: old.lastError,
        runAt: old.nextAttemptAt,
        claimedAt: old.claimedAt,
        sentAt: old.sentAt,
        sourceId: old.sourceId,
        clientIp: old.clientIp,
        created: old.created,
        updated: old.updated,
        uniqueKey: '',
      })
      expect(row.class).toBe(String(old.kind).startsWith('owner_') ? 'owner' : 'visitor')
      expect(row.lastErrorAt).toBe(old.lastError ? old.updated : '')
      // Five days from its creation to be delivered.
      const life =
        Date.parse(row.expiresAt.replace(' ', 'T')) - Date.parse(row.created.replace(' ', 'T'))
      expect(life).toBe(120 * 3600 * 1000)
    }
    expect(byId.mailfailed00001.headers).toEqual(OLD_ROWS[3].headers)
    // Rows of the new queue that mail_outbox never had: dropped by `down`, or mapped back.
    const base = { channel: 'mail', recipient: 'five@example.com', subject: 'x' }
    await su.collection('deliveries').create({
      ...base,
      id: 'accountmail0001',
      kind: 'account_verification',
      class: 'account',
      status: 'pending',
    })
    await su.collection('deliveries').create({
      ...base,
      id: 'mailheld0000001',
      kind: 'owner_contact',
      class: 'owner',
      status: 'held',
    })
    await su.collection('deliveries').create({
      ...base,
      id: 'mailcancelled01',
      kind: 'newsletter_confirm',
      class: 'visitor',
      status: 'cancelled',
      lastError: 'The subscription is active now.',
    })
  })

  // Down: mail_outbox again, with the same rows, field for field.
  expect(drill.down()).toContain(`Reverted ${MIGRATION}`)
  await withServer(async (su) => {
    const names = (await su.collections.getFullList()).map((c) => c.name)
    expect(names).not.toContain('deliveries')
    const rows = await su.collection('mail_outbox').getFullList({ sort: 'id' })
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]))
    for (const old of before) {
      const { collectionId: _c, to, ...rest } = old
      expect(byId[old.id as string]).toMatchObject({ ...rest, to: String(to).toLowerCase() })
    }
    expect(byId.accountmail0001).toBeUndefined()
    expect(byId.mailheld0000001).toMatchObject({ status: 'pending', kind: 'owner_contact' })
    expect(byId.mailcancelled01).toMatchObject({
      status: 'failed',
      lastError: 'Cancelled: The subscription is active now.',
    })
  })
}, 90_000)
