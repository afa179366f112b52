// The lead workspace's data hooks: a server load that falls back to the offline copy (with its
// sync time) when the network fails, and the notes and status changes still in the outbox.
import { useEffect, useRef, useState } from 'react'
import { useSession } from '../../backend/session'
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
