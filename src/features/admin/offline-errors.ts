// Telling "no connection" apart from a real failure: the console says the first calmly and
// loads again by itself when the connection is back (useServerData), the second in red.
import { describeError } from '../../backend/errors'

/** True for a load that failed because there is no connection (or the browser says so). */
export function isOfflineError(error: unknown): boolean {
  if (error === undefined) return false
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true
  return describeError(error).kind === 'network'
}
