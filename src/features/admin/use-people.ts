// The lead workspace's data hooks: a server load that falls back to the offline copy (with its
// sync time) when the network fails, the notes and status changes still in the outbox, and people
// as their pages' offline copies have them.
import { useEffect, useRef, useState } from 'react'
import type { PersonPage } from '../../backend/people-api'
import { useSession } from '../../backend/session'
import type { PersonRecord } from '../../backend/types'
import {
  readAdminCopy,
  saveAdminCopy,
  watchPendingPersonUpdates,
  type PendingPersonUpdate,
} from '../../offline/admin-cache'
import { useServerData, type ServerData } from './use-admin'

export interface Synced<T> {
  value: T
  /** Epoch ms of the server load shown. */
  syncedAt: number
  /** True when the server could not be reached and this is the offline copy. */
  fromCopy: boolean
}

/**
 * Loads `load()` for `key`; each success is saved as the offline copy, and a failed load shows
 * the last copy instead (the error stays visible only when there is no copy).
 */
export function useSyncedData<T>(key: string, load: () => Promise<T>): ServerData<Synced<T>> {
  const { user } = useSession()
  const userId = user?.id ?? ''
  return useServerData<Synced<T>>(`${userId}:${key}`, async () => {
    try {
      const value = await load()
      const syncedAt = Date.now()
      await saveAdminCopy(key, userId, value, undefined, syncedAt).catch(() => undefined)
      return { value, syncedAt, fromCopy: false }
    } catch (err) {
      const copy = await readAdminCopy<T>(key, userId).catch(() => null)
      if (!copy) throw err
      return { ...copy, fromCopy: true }
    }
  })
}

/** The signed-in admin's notes and status changes still waiting in the outbox. */
export function usePendingPersonUpdates(): PendingPersonUpdate[] {
  const { user } = useSession()
  const userId = user?.id ?? ''
  const [pending, setPending] = useState<{ userId: string; updates: PendingPersonUpdate[] }>({
    userId: '',
    updates: [],
  })
  useEffect(() => {
    if (!userId) return
    return watchPendingPersonUpdates(userId, (updates) => setPending({ userId, updates }))
  }, [userId])
  return pending.userId === userId ? pending.updates : []
}

/** Calls `onDrained` when the number of pending updates drops (they reached the server). */
export function useWhenDelivered(pendingCount: number, onDrained: () => void) {
  const previous = useRef(pendingCount)
  useEffect(() => {
    if (pendingCount < previous.current) onDrained()
    previous.current = pendingCount
  })
}

/**
 * The people of `ids` as the offline copies of their pages have them (PersonView's
 * `person:<id>`); an id whose page was never loaded on this device is left out.
 */
export function usePeopleFromCopies(ids: readonly string[]): PersonRecord[] {
  const { user } = useSession()
  const userId = user?.id ?? ''
  const wanted = [...new Set(ids)].sort().join(',')
  const [found, setFound] = useState<{ wanted: string; people: PersonRecord[] }>({
    wanted: '',
    people: [],
  })
  useEffect(() => {
    if (!userId || !wanted) return
    let live = true
    void Promise.all(
      wanted
        .split(',')
        .map((id) => readAdminCopy<PersonPage | null>(`person:${id}`, userId).catch(() => null)),
    ).then((copies) => {
      const people = copies.flatMap((copy) => (copy?.value ? [copy.value.person] : []))
      if (live) setFound({ wanted, people })
    })
    return () => {
      live = false
    }
  }, [userId, wanted])
  return found.wanted === wanted ? found.people : []
}
