// The marks the dispatcher's loops watch in the app's store (memory, shared by PocketBase's
// engines): "something was queued for this channel", so a loop looks for due rows at once.

import type { App } from '../platform/events'

const WAKE = 'queue:wake:'

/** Marks that something was queued for `channel` (cheap: memory only, no query). */
export function wake(app: App, channel: string): void {
  app.store().set(WAKE + channel, `${Date.now()}|${Math.random()}`)
}

/** The channel's current mark (changes whenever something is queued for it). */
export function wakeMark(app: App, channel: string): unknown {
  return app.store().get(WAKE + channel)
}
