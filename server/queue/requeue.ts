// An admin's Retry on a failed delivery (the collection's update rule lets the status, and only
// the status, go from failed to pending): the row is due now and gets a fresh lifetime, so the
// queue tries it again for as long as a new one.
import { toPbTime } from '../../src/config/dates'
import { findKind } from './registry'
import { HOUR, lifetimeHours } from './settings'

/**
 * A failed row an admin put back in the queue: due now, with a fresh lifetime (its attempts and
 * error log stay as history). Called from the re-queue hook before the save.
 */
export function prepareRequeue(record: core.Record): void {
  const now = Date.now()
  const kind = findKind(record.getString('kind'))
  const hours = (kind && kind.lifetimeHours) || lifetimeHours()
  record.set('runAt', toPbTime(now))
  record.set('expiresAt', toPbTime(now + hours * HOUR))
  record.set('claimedAt', '')
}
