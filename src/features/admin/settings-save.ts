// The console's settings forms (Follow-up, the payoff, when someone goes stale) save on the
// server, not offline: how a save stands, and what a failed one says.
import { fieldErrorsOf } from '../../backend/followup-api'

export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; text: string }

/** A save that failed: the fields the server named (a 400), and the line to show above them. */
export function failedSave(err: unknown): { fields: Record<string, string>; text: string } {
  const fields = fieldErrorsOf(err)
  return {
    fields,
    text:
      Object.keys(fields).length > 0
        ? 'Not saved: please correct the fields marked below.'
        : 'Not saved: the server could not be reached. Your changes are still here; try again.',
  }
}
