// Telling "no connection" apart from a real failure: a load that failed while the browser says it
// is offline is said calmly and loaded again by itself when the connection is back
// (useServerData); any other failure (the server down, a proxy's error page) in red, with Try
// Again, because it is worth knowing about.

/** True for a load that failed while the browser has no connection. */
export function isOfflineError(error: unknown): boolean {
  if (error === undefined) return false
  return typeof navigator !== 'undefined' && navigator.onLine === false
}
