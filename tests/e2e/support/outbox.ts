// What the page's outbox (IndexedDB, src/offline/db.ts) holds, so a test waits for the state it
// needs - nothing in the middle of a send before the page goes, nothing left to send before it
// reads the server - instead of for a while, or for whatever the page shows first.
import { expect, type Page } from '@playwright/test'
import { DEFAULT_DB_NAME, type OutboxStatus } from '../../../src/offline/db'
import { REQUEST_TIMEOUT_MS } from '../../../src/backend/outbox-transport'

export interface OutboxEntry {
  collection: string
  status: OutboxStatus
}

/** The items in the page's outbox now, in no particular order ([] before the database exists). */
export function outboxItems(page: Page): Promise<OutboxEntry[]> {
  return page.evaluate(
    (name) =>
      new Promise<OutboxEntry[]>((resolve, reject) => {
        const open = indexedDB.open(name)
        // Opening makes an empty database when there is none (a version-1 one with no stores).
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve([])
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('outbox')) {
            db.close()
            return resolve([])
          }
          const read = db.transaction('outbox').objectStore('outbox').getAll()
          read.onerror = () => reject(read.error)
          read.onsuccess = () => {
            db.close()
            resolve(
              (read.result as OutboxEntry[]).map(({ collection, status }) => ({
                collection,
                status,
              })),
            )
          }
        }
      }),
    DEFAULT_DB_NAME,
  )
}

/**
 * Waits until no item of the page's outbox is being sent: each is queued (e.g. offline, after its
 * failed try) or failed. A page that goes away mid-send leaves its item claimed; the next page's
 * flush sends it again (a second request for a test that counts them). A try ends by itself
 * within the outbox's request timeout (a request the slow host leaves hanging offline is aborted
 * then), so that is how long this waits.
 */
export async function waitUntilNothingSending(page: Page): Promise<void> {
  await expect
    .poll(async () => (await outboxItems(page)).filter((item) => item.status === 'sending'), {
      message: 'no outbox item in the middle of a send',
      timeout: REQUEST_TIMEOUT_MS + 10_000,
    })
    .toEqual([])
}

/** Waits until the page's outbox is empty: everything reached the server. */
export async function waitUntilOutboxEmpty(page: Page, { timeout = 30_000 } = {}): Promise<void> {
  await expect
    .poll(() => outboxItems(page), { message: 'the outbox sent everything', timeout })
    .toEqual([])
}
