// Realtime (server-sent events) connections: at most REALTIME_PER_IP open from one address and
// REALTIME_MAX_CONNECTIONS in all (request-limits.ts refuses the rest with 429), and how long one
// may stay open. Each open connection holds every JavaScript middleware's VM for its lifetime, so
// each costs memory (see `npm run bench`). The open connections are counted in the app's store
// (in memory: the connections end with the process anyway).
import { REALTIME_LIMIT_DEFAULTS } from '../../src/config/limits'
import type { App, RealtimeConnectRequestEvent } from '../platform/events'
import { envCount } from './env-count'

/** The realtime limits in force. */
export interface RealtimeLimits {
  perIp: number
  total: number
  idleSeconds: number
  maxMinutes: number
}

/** The open connections: how many in all, and from each address. */
interface RealtimeState {
  total: number
  ips: Record<string, number>
}

/** The realtime limits in force (the environment over REALTIME_LIMIT_DEFAULTS). */
export function realtimeLimits(): RealtimeLimits {
  return {
    perIp: envCount('REALTIME_PER_IP', REALTIME_LIMIT_DEFAULTS.perIp),
    total: envCount('REALTIME_MAX_CONNECTIONS', REALTIME_LIMIT_DEFAULTS.total),
    idleSeconds: envCount('REALTIME_IDLE_SECONDS', REALTIME_LIMIT_DEFAULTS.idleSeconds),
    maxMinutes: envCount('REALTIME_MAX_MINUTES', REALTIME_LIMIT_DEFAULTS.maxMinutes),
  }
}

// The open connections as JSON under one key of the app's store: the store's setFunc holds its
// lock while the state is read and written, so connections opened at the same instant cannot all
// pass, and an address whose last connection closed is removed.
const REALTIME_KEY = 'request-limits:realtime'

/** Changes the realtime state atomically with `change(state)`. */
function updateRealtime(app: App, change: (state: RealtimeState) => void): void {
  app.store().setFunc(REALTIME_KEY, (old: unknown) => {
    let state: RealtimeState = { total: 0, ips: {} }
    try {
      if (old) state = JSON.parse(String(old)) as RealtimeState
    } catch {
      state = { total: 0, ips: {} }
    }
    change(state)
    return JSON.stringify(state)
  })
}

/** Takes one realtime slot for `ip`: '' when taken, else which cap refused it. */
export function takeRealtimeSlot(app: App, ip: string, perIpExempt: boolean): '' | 'ip' | 'total' {
  const limits = realtimeLimits()
  let refused: '' | 'ip' | 'total' = ''
  updateRealtime(app, (state) => {
    const fromIp = state.ips[ip] || 0
    if (!perIpExempt && fromIp >= limits.perIp) refused = 'ip'
    else if (state.total >= limits.total) refused = 'total'
    else {
      state.total++
      state.ips[ip] = fromIp + 1
    }
  })
  return refused
}

/** Gives back the slot `takeRealtimeSlot` took. */
export function releaseRealtimeSlot(app: App, ip: string): void {
  updateRealtime(app, (state) => {
    state.total = Math.max(0, state.total - 1)
    const left = (state.ips[ip] || 0) - 1
    if (left > 0) state.ips[ip] = left
    else delete state.ips[ip]
  })
}

/**
 * An idle connection (nothing sent for REALTIME_IDLE_SECONDS) and any connection older than
 * REALTIME_MAX_MINUTES are closed; a forgotten tab or a client that vanished without closing
 * does not keep its slot. PocketBase's SDK reconnects by itself when it still needs the stream.
 */
export function setRealtimeTimeouts(e: RealtimeConnectRequestEvent): void {
  const limits = realtimeLimits()
  // time.Duration, in nanoseconds.
  e.idleTimeout = (limits.idleSeconds * 1e9) as unknown as time.Duration
  e.maxTimeout = (limits.maxMinutes * 60 * 1e9) as unknown as time.Duration
  return e.next()
}
