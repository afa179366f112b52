// Keeps the saved session's user record (the SDK's 'pocketbase_auth' in localStorage) as the
// server has it now, so a change made elsewhere - the owner promoted with `npm run admin` -
// shows in the navigation without signing out and in. It asks for the user's own record when
// the app opens, and when it comes back into view, gets the focus or comes back online, at most
// once a minute for all the tabs together; it writes only what changed. Light on purpose (no SDK):
// the home page's navigation uses it.
import { AUTH_STORAGE_KEY, notifySessionChange } from './session-summary'

/** The least time between two checks that the app's coming back into view asks for. */
export const RECORD_CHECK_INTERVAL_MS = 60_000
const CHECKED_AT_KEY = 'session-record-checked-at'

interface StoredSession {
  raw: Record<string, unknown>
  token: string
  /** The key the SDK keeps the user under ('record'; 'model' in older versions). */
  recordKey: 'record' | 'model'
  record: Record<string, unknown>
}

function readStored(): StoredSession | null {
  try {
    const raw = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')
    if (!raw || typeof raw.token !== 'string' || !raw.token) return null
    const recordKey = raw.record ? 'record' : 'model'
    const record = raw[recordKey]
    if (!record || record.collectionName !== 'users' || typeof record.id !== 'string') return null
    return { raw, token: raw.token, recordKey, record }
  } catch {
    return null
  }
}

function lastCheck(): number {
  try {
    return Number(localStorage.getItem(CHECKED_AT_KEY)) || 0
  } catch {
    return 0
  }
}

let checking = false

/**
 * Reads the signed-in user's own record from the server and saves what changed in it into the
 * session. `whenDue`: only if the last check (in any tab) is at least RECORD_CHECK_INTERVAL_MS
 * old. Resolves to what happened; never throws (the next check tries again).
 */
export async function refreshSessionRecord(
  options: { whenDue?: boolean; now?: number } = {},
): Promise<'updated' | 'unchanged' | 'skipped'> {
  const now = options.now ?? Date.now()
  const before = readStored()
  if (!before || checking || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    return 'skipped'
  }
  if (options.whenDue && now - lastCheck() < RECORD_CHECK_INTERVAL_MS) return 'skipped'
  checking = true
  try {
    localStorage.setItem(CHECKED_AT_KEY, String(now))
    const reply = await fetch(
      `/api/collections/users/records/${encodeURIComponent(before.record.id as string)}`,
      { headers: { Authorization: before.token }, cache: 'no-store' },
    )
    // A refused token or a deleted account is for src/backend/session.ts to act on.
    if (!reply.ok) return 'unchanged'
    const fresh = (await reply.json()) as Record<string, unknown>
    // Signed out, or in as someone else, meanwhile: this answer is about a session that is gone.
    const current = readStored()
    if (!current || current.token !== before.token || fresh.id !== current.record.id) {
      return 'unchanged'
    }
    const record = { ...current.record, ...fresh }
    if (JSON.stringify(record) === JSON.stringify(current.record)) return 'unchanged'
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ ...current.raw, [current.recordKey]: record }),
    )
    notifySessionChange()
    return 'updated'
  } catch {
    return 'unchanged'
  } finally {
    checking = false
  }
}

/**
 * Checks once now (the app has just opened), then whenever the page comes back into view, gets
 * the focus or the connection returns, when due. Returns a function that stops watching.
 */
export function watchSessionRecord(): () => void {
  void refreshSessionRecord()
  const whenDue = () => void refreshSessionRecord({ whenDue: true })
  const onVisible = () => {
    if (document.visibilityState === 'visible') whenDue()
  }
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('focus', whenDue)
  window.addEventListener('online', whenDue)
  return () => {
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('focus', whenDue)
    window.removeEventListener('online', whenDue)
  }
}
