// One send at a time on a channel that asks for it (the mail channel): whoever sends - the
// dispatcher, a second dispatcher, a flush - takes the channel's wire first and gives it back only
// once the send is recorded. A process killed at any moment then leaves at most ONE row that may
// have reached the receiver without being marked sent: the one on the wire, which goes out again
// after the restart (claim.ts). Rows claimed but not yet on the wire were never sent.
// The wire is a mark in the app's store (memory, shared by PocketBase's engines, gone with the
// process), set under the store's lock; a send that hangs past WIRE_HOLD_MS loses it.
import type { App } from '../platform/events'
import { newRecordId } from '../platform/ids'

const WIRE = 'queue:wire:'
// Longer than any send takes (the mail client's own timeouts end a hung SMTP server sooner).
const WIRE_HOLD_MS = 2 * 60 * 1000
// How long a sender waits for the wire before it leaves its rows to a later run (a send takes a
// fraction of a second; longer means the holder hangs on a silent server).
const WIRE_WAIT_MS = 5 * 1000
const WIRE_POLL_MS = 5

/** The holder and the end of the hold from the store's text ('holder|untilMs'). */
function parseHold(value: unknown): { holder: string; until: number } {
  const [holder, until] = String(value || '').split('|')
  return { holder: holder || '', until: Number(until) || 0 }
}

/** Takes the channel's wire for `holder` if it is free or its hold ran out; true when taken. */
function take(app: App, channel: string, holder: string): boolean {
  let taken = false
  app.store().setFunc(WIRE + channel, (old: unknown) => {
    const hold = parseHold(old)
    const now = Date.now()
    if (hold.holder && hold.until > now) return old
    taken = true
    return `${holder}|${now + WIRE_HOLD_MS}`
  })
  return taken
}

/** Gives the wire back, unless its hold ran out and another sender has it now. */
function release(app: App, channel: string, holder: string): void {
  app
    .store()
    .setFunc(WIRE + channel, (old: unknown) => (parseHold(old).holder === holder ? '' : old))
}

/**
 * Runs `send` (the send and its record) holding the channel's wire. Returns false, without
 * running it, when the wire stayed busy for WIRE_WAIT_MS (a hung send elsewhere).
 */
export function onTheWire(app: App, channel: string, send: () => void): boolean {
  const holder = newRecordId()
  const waitUntil = Date.now() + WIRE_WAIT_MS
  while (!take(app, channel, holder)) {
    if (Date.now() > waitUntil) return false
    sleep(WIRE_POLL_MS)
  }
  try {
    send()
  } finally {
    release(app, channel, holder)
  }
  return true
}
