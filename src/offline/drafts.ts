// Owns audit drafts in IndexedDB: one per flow and per signed-in user (guest = ''), saved on
// every answer so a closed tab or a reload resumes at the same section with the same answers.
import { useCallback } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { offlineDb, type DraftRecord, type OfflineDatabase } from './db'

export type { DraftRecord } from './db'

export type DraftValues = Pick<DraftRecord, 'answers' | 'otherTexts' | 'step' | 'section'>

const EMPTY: DraftValues = { answers: {}, otherTexts: {}, step: 'questions', section: 0 }

function key(flow: string, userId?: string): [string, string] {
  return [flow, userId ?? '']
}

export function loadDraft(
  flow: string,
  userId?: string,
  db: OfflineDatabase = offlineDb(),
): Promise<DraftRecord | undefined> {
  return db.drafts.get(key(flow, userId))
}

/** Saves what changed; fields not given keep their stored value. */
export async function saveDraft(
  flow: string,
  values: Partial<DraftValues>,
  userId?: string,
  db: OfflineDatabase = offlineDb(),
  now: number = Date.now(),
): Promise<DraftRecord> {
  return db.transaction('rw', db.drafts, async () => {
    const stored = await db.drafts.get(key(flow, userId))
    const draft: DraftRecord = {
      ...EMPTY,
      ...stored,
      ...values,
      flow,
      userId: userId ?? '',
      updatedAt: now,
    }
    await db.drafts.put(draft)
    return draft
  })
}

/** After a submit (enqueue can do this atomically) or 'Take Audit Again'. */
export async function clearDraft(
  flow: string,
  userId?: string,
  db: OfflineDatabase = offlineDb(),
): Promise<void> {
  await db.drafts.delete(key(flow, userId))
}

export interface UseDraft {
  /** The stored draft, or null when there is none. */
  draft: DraftRecord | null
  /** False until the database has answered: do not render the first question before. */
  ready: boolean
  save(values: Partial<DraftValues>): Promise<DraftRecord>
  clear(): Promise<void>
}

export function useDraft(flow: string, userId?: string): UseDraft {
  const result = useLiveQuery(
    async () => ({ draft: (await loadDraft(flow, userId)) ?? null }),
    [flow, userId],
  )
  const save = useCallback(
    (values: Partial<DraftValues>) => saveDraft(flow, values, userId),
    [flow, userId],
  )
  const clear = useCallback(() => clearDraft(flow, userId), [flow, userId])
  return { draft: result?.draft ?? null, ready: result !== undefined, save, clear }
}
