// The console's newsletter drafts in the outbox (src/offline/newsletter-drafts.ts): a new issue is
// queued with an id made on the device, autosaves while offline replace the one waiting edit
// instead of piling up, and everything reaches the server once, in order, when it answers again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OfflineDatabase } from '../../../src/offline/db'
import { createOutbox, type Outbox } from '../../../src/offline/outbox'
import {
  pendingIssueDrafts,
  queueNewIssue,
  saveIssueDraft,
} from '../../../src/offline/newsletter-drafts'
import { fakeServer, freshDb, guestClient, signIn, type FakeServer } from './fake-server'

let db: OfflineDatabase
let server: FakeServer
let outbox: Outbox
let online = false
/** The sends a save starts and does not wait for; each ends before the database closes. */
let sends: Promise<unknown>[] = []

beforeEach(() => {
  db = freshDb()
  server = fakeServer()
  const pb = guestClient()
  signIn(pb, 'admin1')
  const respond = server.respond
  server.respond = (req, s) => (online ? respond(req, s) : 'network')
  const box = createOutbox({ db, pb, fetch: server.fetch, random: () => 0.5, locks: null })
  const enqueue: Outbox['enqueue'] = (...args) => {
    const send = box.enqueue(...args)
    sends.push(send)
    return send
  }
  outbox = { ...box, enqueue }
  online = false
})
afterEach(async () => {
  await Promise.allSettled(sends)
  sends = []
  db.close()
})

const editsQueued = async () =>
  (await db.outbox.toArray()).filter((i) => i.collection === 'newsletter_issue_edits')

describe('newsletter drafts offline', () => {
  it('keeps one waiting edit per issue, the newest, and sends the issue and it once online', async () => {
    const issue = await queueNewIssue({ subject: '', preheader: '', body: '' }, 'admin1', outbox)
    expect(issue).toMatch(/^[a-z0-9]{15}$/)
    for (const subject of ['W', 'Wi', 'Winter']) {
      await saveIssueDraft({ issue, subject, preheader: '', body: 'Hours' }, 'admin1', outbox)
    }
    const edits = await editsQueued()
    expect(edits).toHaveLength(1)
    expect(edits[0].payload).toMatchObject({ issue, subject: 'Winter', body: 'Hours' })

    const drafts = pendingIssueDrafts(await db.outbox.toArray())
    expect(drafts).toEqual([
      expect.objectContaining({
        issue,
        isNew: true,
        failed: false,
        content: { subject: 'Winter', preheader: '', body: 'Hours' },
      }),
    ])

    online = true
    await outbox.flush({ wake: true, waitMs: 5000 })
    expect(await db.outbox.count()).toBe(0)
    expect(server.createdIds()).toEqual(expect.arrayContaining([issue, edits[0].id]))
    const created = server.requests.flatMap((r) =>
      r.path === '/api/batch' ? (r.body as { url: string }[]).map((sub) => sub.url) : [r.path],
    )
    // The issue before its edit.
    expect(created.findIndex((p) => p.includes('newsletter_issues'))).toBeLessThan(
      created.findIndex((p) => p.includes('newsletter_issue_edits')),
    )
  })

  it('an edit already being sent is never changed: the next save queues a new one', async () => {
    const issue = await queueNewIssue({ subject: '', preheader: '', body: '' }, 'admin1', outbox)
    await saveIssueDraft({ issue, subject: 'A', preheader: '', body: '' }, 'admin1', outbox)
    const [first] = await editsQueued()
    await db.outbox.update(first.id, { status: 'sending', leaseUntil: Date.now() + 60_000 })
    await saveIssueDraft({ issue, subject: 'AB', preheader: '', body: '' }, 'admin1', outbox)
    const edits = await editsQueued()
    expect(edits.map((e) => (e.payload as { subject: string }).subject).sort()).toEqual(['A', 'AB'])
  })
})
