// One send at a time on a channel that asks for it (the mail channel): whoever sends - the
// dispatcher, a second dispatcher, a flush - takes the channel's wire first and gives it back only
// once the send is recorded. A process killed at any moment then leaves at most ONE row that may
// have reached the receiver without being marked sent: the one on the wire, which goes out again
// after the restart (claim.ts). Rows claimed but not yet on the wire were never sent.
// The wire is a hold in the app's store (holds.ts); a send that hangs past WIRE_HOLD_MS loses it.
import type { App } from '../platform/events'
import { newRecordId } from '../platform/ids'
import { releaseHold, takeHold } from './holds'

const WIRE = 'queue:wire:'
// Longer than any send takes (the mail client's own timeouts end a hung SMTP server sooner).
const WIRE_HOLD_MS = 2 * 60 * 1000
// How long a sender waits for the wire before it leaves its rows to a later run (a send takes a
// fraction of a second; longer means the holder hangs on a silent server).
const WIRE_WAIT_MS = 5 * 1000
const WIRE_POLL_MS = 5

/**
 * Runs `send` (the send and its record) holding the channel's wire. Returns false, without
 * running it, when the wire stayed busy for WIRE_WAIT_MS (a hung send elsewhere).
 */
export function onTheWire(app: App, channel: string, send: () => void): boolean {
  const holder = newRecordId()
  const waitUntil = Date.now() + WIRE_WAIT_MS
  while (!takeHold(app, WIRE + channel, holder, Date.now() + WIRE_HOLD_MS)) {
    if (Date.now() > waitUntil) return false
    sleep(WIRE_POLL_MS)
  }
  try {
    send()
  } finally {
    releaseHold(app, WIRE + channel, holder)
  }
  return true
}
