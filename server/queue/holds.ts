// A hold in the app's store (memory, shared by PocketBase's engines, gone with the process):
// taken under the store's lock by one holder until a time, so two engines never both have it,
// and lost when that time runs out (a holder whose engine died). The mail wire (wire.ts) and the
// dispatcher's lanes (dispatcher.ts) are holds. Kept as the text 'untilMs|holder'.
import type { App } from '../platform/events'

/** The end of a hold from its text (ms; 0 for none). */
function untilOf(value: unknown): number {
  return Number(String(value || '').split('|')[0]) || 0
}

/** The end of the hold kept under `key` (ms; 0 for none). */
export function holdUntil(app: App, key: string): number {
  return untilOf(app.store().get(key))
}

/** Takes the hold under `key` for `holder` until `until` if nobody has a live one; true when taken. */
export function takeHold(app: App, key: string, holder: string, until: number): boolean {
  let taken = false
  app.store().setFunc(key, (old: unknown) => {
    if (untilOf(old) > Date.now()) return old
    taken = true
    return `${until}|${holder}`
  })
  return taken
}

/** Gives the hold back, unless it ran out and another holder has it now. */
export function releaseHold(app: App, key: string, holder: string): void {
  app
    .store()
    .setFunc(key, (old: unknown) => (String(old || '').split('|')[1] === holder ? '' : old))
}
