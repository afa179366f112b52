// A one-byte hint in localStorage saying "the outbox may hold items". It lets the layout
// skip loading Dexie and the SDK on pages where nothing is waiting (the home page budget),
// while a tab that finds the hint set loads the real outbox and starts syncing at once.
const HINT_KEY = 'nce:outbox-maybe-non-empty'
const HINT_EVENT = 'nce:outbox-hint'

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // blocked storage (privacy settings) throws on access
  }
}

/** True when items may be waiting, or when we cannot know. */
export function outboxMaybeNonEmpty(): boolean {
  const store = storage()
  if (!store) return true
  try {
    return store.getItem(HINT_KEY) === '1'
  } catch {
    return true
  }
}

export function markOutboxMaybeNonEmpty(maybe: boolean): void {
  const store = storage()
  try {
    if (maybe) store?.setItem(HINT_KEY, '1')
    else store?.removeItem(HINT_KEY)
  } catch {
    // quota or privacy mode: the hint is an optimisation only
  }
  if (maybe && typeof window !== 'undefined') window.dispatchEvent(new Event(HINT_EVENT))
}

/** Calls `listener` when this tab or another one marks the outbox as possibly non-empty. */
export function onOutboxMaybeNonEmpty(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined
  const onStorage = (e: StorageEvent) => {
    if (e.key === HINT_KEY && e.newValue === '1') listener()
  }
  window.addEventListener(HINT_EVENT, listener)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(HINT_EVENT, listener)
    window.removeEventListener('storage', onStorage)
  }
}
