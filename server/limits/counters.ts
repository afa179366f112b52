// Owns abuse_counters: counts that must survive a restart and hold across concurrent requests
// (creates per IP address per day: ip-caps.ts; failed sign-ins per account: signin-throttle.ts).
// A key names what is counted and a keyed hash of who (`hashOf`), never an address or e-mail
// itself. Every row has an expiry; `prune` (a cron job and POST /api/limits/prune) deletes the
// expired ones. Each statement is one atomic SQLite write, so two requests at the same instant
// cannot both pass a cap.
import { parsePbTime, toPbTime } from '../../src/config/dates'
import type { App } from '../platform/events'
import { newRecordId } from '../platform/ids'
import { selectRows } from '../platform/sql'

/** A counter's count and when it expires (ms). */
export interface CounterState {
  count: number
  expiresAt: number
}

/**
 * The keyed hash of `value` (an IP address, a lowercased e-mail): the same for the same value,
 * useless to anyone without the key in app_secrets.
 */
export function hashOf(app: App, value: string): string {
  const store = app.store()
  let key = String(store.get('counters:key') || '')
  if (!key) {
    key = app.findFirstRecordByData('app_secrets', 'name', 'abuse_counters').getString('value')
    store.set('counters:key', key)
  }
  return $security.hs256(String(value), key).slice(0, 32)
}

/**
 * Adds one to `key` unless it has reached `cap`. A new key, or one expired by `now` (ms), starts
 * again at 1 and expires at `expiresAt` (ms). Returns the count after, or 0 when the cap was
 * reached (nothing changed).
 */
export function take(app: App, key: string, cap: number, expiresAt: number, now: number): number {
  const rows = selectRows(
    app,
    'INSERT INTO abuse_counters (id, key, count, expiresAt) VALUES ({:id}, {:key}, 1, {:expiresAt}) ' +
      'ON CONFLICT(key) DO UPDATE SET ' +
      'count = CASE WHEN expiresAt <= {:now} THEN 1 ELSE count + 1 END, ' +
      'expiresAt = CASE WHEN expiresAt <= {:now} THEN excluded.expiresAt ELSE expiresAt END ' +
      'WHERE expiresAt <= {:now} OR count < {:cap} ' +
      'RETURNING count',
    {
      id: newRecordId(),
      key,
      cap,
      expiresAt: toPbTime(expiresAt),
      now: toPbTime(now),
    },
    { count: 0 },
  )
  // No row returned: the update's WHERE refused it (the cap is reached).
  return rows.length > 0 ? rows[0].count : 0
}

/** Adds one to `key` with no cap; returns the count after (see `take`). */
export function add(app: App, key: string, expiresAt: number, now: number): number {
  return take(app, key, Number.MAX_SAFE_INTEGER, expiresAt, now)
}

/** Gives one back (a create that counted and then failed). */
export function giveBack(app: App, key: string): void {
  app
    .db()
    .newQuery('UPDATE abuse_counters SET count = count - 1 WHERE key = {:key} AND count > 0')
    .bind({ key })
    .execute()
}

/** The count of `key` and when it expires, or null when there is none or it expired by `now`. */
export function read(app: App, key: string, now: number): CounterState | null {
  const rows = selectRows(
    app,
    'SELECT count, expiresAt FROM abuse_counters WHERE key = {:key} AND expiresAt > {:now}',
    { key, now: toPbTime(now) },
    { count: 0, expiresAt: '' },
  )
  if (rows.length === 0) return null
  return { count: rows[0].count, expiresAt: parsePbTime(rows[0].expiresAt) }
}

/** Deletes the counter `key`. */
export function remove(app: App, key: string): void {
  app.db().newQuery('DELETE FROM abuse_counters WHERE key = {:key}').bind({ key }).execute()
}

/** Deletes every counter expired by `now` (ms); returns how many. */
export function prune(app: App, now: number): number {
  return app
    .db()
    .newQuery('DELETE FROM abuse_counters WHERE expiresAt <= {:now}')
    .bind({ now: toPbTime(now) })
    .execute()
    .rowsAffected()
}
