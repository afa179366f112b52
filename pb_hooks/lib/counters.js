/// <reference path="../../.pb-types/types.d.ts" />
// Owns abuse_counters: counts that must survive a restart and hold across concurrent requests
// (creates per IP address per day: lib/ip-caps.js; failed sign-ins per account:
// pb_hooks/signin-throttle.pb.js). A key names what is counted and a keyed hash of who
// (`hashOf`), never an address or e-mail itself. Every row has an expiry; `prune` (a cron job
// and POST /api/limits/prune) deletes the expired ones. Each statement is one atomic SQLite
// write, so two requests at the same instant cannot both pass a cap.

const { toPbTime } = require('./shared.cjs')

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * The keyed hash of `value` (an IP address, a lowercased e-mail): the same for the same value,
 * useless to anyone without the key in app_secrets.
 * @param {core.App} app
 * @param {string} value
 */
function hashOf(app, value) {
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
 * @param {core.App} app
 * @param {string} key
 * @param {number} cap
 * @param {number} expiresAt
 * @param {number} now
 */
function take(app, key, cap, expiresAt, now) {
  const rows = arrayOf(new DynamicModel({ count: 0 }))
  app
    .db()
    .newQuery(
      'INSERT INTO abuse_counters (id, key, count, expiresAt) VALUES ({:id}, {:key}, 1, {:expiresAt}) ' +
        'ON CONFLICT(key) DO UPDATE SET ' +
        'count = CASE WHEN expiresAt <= {:now} THEN 1 ELSE count + 1 END, ' +
        'expiresAt = CASE WHEN expiresAt <= {:now} THEN excluded.expiresAt ELSE expiresAt END ' +
        'WHERE expiresAt <= {:now} OR count < {:cap} ' +
        'RETURNING count',
    )
    .bind({
      id: $security.randomStringWithAlphabet(15, ID_ALPHABET),
      key,
      cap,
      expiresAt: toPbTime(expiresAt),
      now: toPbTime(now),
    })
    .all(rows)
  // No row returned: the update's WHERE refused it (the cap is reached).
  return rows.length > 0 ? rows[0].count : 0
}

/**
 * Adds one to `key` with no cap; returns the count after (see `take`).
 * @param {core.App} app
 * @param {string} key
 * @param {number} expiresAt
 * @param {number} now
 */
function add(app, key, expiresAt, now) {
  return take(app, key, Number.MAX_SAFE_INTEGER, expiresAt, now)
}

/**
 * Gives one back (a create that counted and then failed).
 * @param {core.App} app
 * @param {string} key
 */
function giveBack(app, key) {
  app
    .db()
    .newQuery('UPDATE abuse_counters SET count = count - 1 WHERE key = {:key} AND count > 0')
    .bind({ key })
    .execute()
}

/**
 * The count of `key` and when it expires (ms), or null when there is none or it has expired by
 * `now` (ms).
 * @param {core.App} app
 * @param {string} key
 * @param {number} now
 */
function read(app, key, now) {
  const rows = arrayOf(new DynamicModel({ count: 0, expiresAt: '' }))
  app
    .db()
    .newQuery(
      'SELECT count, expiresAt FROM abuse_counters WHERE key = {:key} AND expiresAt > {:now}',
    )
    .bind({ key, now: toPbTime(now) })
    .all(rows)
  if (rows.length === 0) return null
  const { parsePbTime } = require('./shared.cjs')
  return { count: rows[0].count, expiresAt: parsePbTime(rows[0].expiresAt) }
}

/**
 * @param {core.App} app
 * @param {string} key
 */
function remove(app, key) {
  app.db().newQuery('DELETE FROM abuse_counters WHERE key = {:key}').bind({ key }).execute()
}

/**
 * Deletes every counter expired by `now` (ms); returns how many.
 * @param {core.App} app
 * @param {number} now
 */
function prune(app, now) {
  return app
    .db()
    .newQuery('DELETE FROM abuse_counters WHERE expiresAt <= {:now}')
    .bind({ now: toPbTime(now) })
    .execute()
    .rowsAffected()
}

module.exports = { add, giveBack, hashOf, prune, read, remove, take }
