import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuditInput, AuditRecord } from '../../../src/backend/types'
import { cacheAudits, loadCachedAudits } from '../../../src/offline/audit-cache'
import { createOfflineDatabase, type OfflineDatabase } from '../../../src/offline/db'
import { clearDraft, loadDraft, saveDraft } from '../../../src/offline/drafts'
import { clearUserData, countUnsentForUser } from '../../../src/offline/user-data'
import { freshDb } from './fake-server'

let db: OfflineDatabase

beforeEach(() => {
  db = freshDb()
})

afterEach(() => {
  db.close()
})

describe('audit drafts', () => {
  it('are saved on every answer and resumed after a reload at the same section', async () => {
    await saveDraft(
      'free',
      { answers: { q1: 'Daily' }, step: 'questions', section: 0 },
      undefined,
      db,
      1,
    )
    await saveDraft(
      'free',
      { answers: { q1: 'Daily', q2: 'Other' }, otherTexts: { q2: 'By fax' } },
      undefined,
      db,
      2,
    )
    await saveDraft('free', { section: 2 }, undefined, db, 3)

    // A reload is a new connection to the same database.
    db.close()
    db = createOfflineDatabase(db.name)
    expect(await loadDraft('free', undefined, db)).toEqual({
      flow: 'free',
      userId: '',
      answers: { q1: 'Daily', q2: 'Other' },
      otherTexts: { q2: 'By fax' },
      step: 'questions',
      section: 2,
      updatedAt: 3,
    })
  })

  it('are kept apart per flow and per signed-in user', async () => {
    await saveDraft('free', { answers: { q1: 'guest' } }, undefined, db)
    await saveDraft('member', { answers: { q1: 'alice' } }, 'alice0000000001', db)
    await saveDraft('member', { answers: { q1: 'bob' } }, 'bob000000000001', db)
    expect((await loadDraft('free', undefined, db))?.answers).toEqual({ q1: 'guest' })
    expect((await loadDraft('member', 'alice0000000001', db))?.answers).toEqual({ q1: 'alice' })
    expect((await loadDraft('member', 'bob000000000001', db))?.answers).toEqual({ q1: 'bob' })
    expect(await loadDraft('member', undefined, db)).toBeUndefined()
  })

  it('are gone after clearDraft (submit or "Take Audit Again")', async () => {
    await saveDraft('free', { answers: { q1: 'x' } }, undefined, db)
    await clearDraft('free', undefined, db)
    expect(await loadDraft('free', undefined, db)).toBeUndefined()
  })
})

describe('clearUserData', () => {
  it("removes the user's drafts, outbox items and cached audits, and nobody else's", async () => {
    const alice = 'alice0000000001'
    await saveDraft('member', { answers: { q1: 'a' } }, alice, db)
    await saveDraft('free', { answers: { q1: 'guest' } }, undefined, db)
    await cacheAudits(alice, [{ id: 'audit0000000001' } as AuditRecord], db)
    await cacheAudits('bob000000000001', [], db)
    const item = {
      collection: 'audits' as const,
      payload: {} as AuditInput,
      status: 'queued' as const,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 0,
    }
    await db.outbox.bulkAdd([
      { ...item, id: 'aliceitem000001', ownerId: alice, seq: 1 },
      { ...item, id: 'guestitem000001', seq: 2 },
    ])
    expect(await countUnsentForUser(alice, db)).toBe(1)

    await clearUserData(alice, db)
    expect(await db.drafts.toArray()).toMatchObject([{ flow: 'free', userId: '' }])
    expect((await db.outbox.toArray()).map((i) => i.id)).toEqual(['guestitem000001'])
    expect(await loadCachedAudits(alice, db)).toBeUndefined()
    expect(await loadCachedAudits('bob000000000001', db)).toBeDefined()
  })

  it('never treats an empty user id as "everyone without an account"', async () => {
    await saveDraft('free', { answers: { q1: 'guest' } }, undefined, db)
    await clearUserData('', db)
    expect(await db.drafts.count()).toBe(1)
  })
})

describe('the dashboard cache', () => {
  it('keeps the last fetched audits with the time they were fetched', async () => {
    const audits = [{ id: 'audit0000000001', overallScore: 72 } as AuditRecord]
    await cacheAudits('alice0000000001', audits, db, 1234)
    expect(await loadCachedAudits('alice0000000001', db)).toEqual({
      userId: 'alice0000000001',
      audits,
      syncedAt: 1234,
    })
  })
})
