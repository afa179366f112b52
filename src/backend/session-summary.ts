// Who is signed in, read straight from the PocketBase SDK's saved session in localStorage,
// WITHOUT loading the SDK: the nav on `/` needs it and the home page must stay light.
// src/backend/session.ts (which owns the SDK auth store) and session-freshness.ts (which keeps the
// saved user record current) call notifySessionChange().
import { useSyncExternalStore } from 'react'

export const AUTH_STORAGE_KEY = 'pocketbase_auth'
const CHANGE_EVENT = 'session-change'

export interface SessionSummary {
  signedIn: boolean
  userId: string | null
  email: string | null
  fullName: string | null
  isAdmin: boolean
}

const SIGNED_OUT: SessionSummary = {
  signedIn: false,
  userId: null,
  email: null,
  fullName: null,
  isAdmin: false,
}

function tokenExpired(token: string): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))
    return typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now()
  } catch {
    return true
  }
}

let cachedRaw: string | null | undefined
let cachedSummary: SessionSummary = SIGNED_OUT

/** Parses the stored session; returns the same object while the storage value is unchanged. */
export function readSessionSummary(): SessionSummary {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(AUTH_STORAGE_KEY)
  } catch {
    raw = null
  }
  if (raw === cachedRaw) return cachedSummary
  cachedRaw = raw
  cachedSummary = SIGNED_OUT
  if (raw) {
    try {
      const { token, record, model } = JSON.parse(raw)
      const user = record ?? model
      if (token && user && user.collectionName === 'users' && !tokenExpired(token)) {
        cachedSummary = {
          signedIn: true,
          userId: user.id,
          email: user.email ?? null,
          fullName: typeof user.fullName === 'string' ? user.fullName : null,
          isAdmin: user.isAdmin === true,
        }
      }
    } catch {
      // a corrupt entry means signed out
    }
  }
  return cachedSummary
}

/** Tell same-tab listeners that the session changed (the `storage` event only fires in other tabs). */
export function notifySessionChange() {
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** Calls `onChange` when the saved session changes, in this tab or another; returns an unsubscribe. */
export function onSessionChange(onChange: () => void): () => void {
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

export function useSessionSummary(): SessionSummary {
  return useSyncExternalStore(onSessionChange, readSessionSummary, () => SIGNED_OUT)
}
