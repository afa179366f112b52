// The HTTP status a caught error carries: PocketBase's ApiError has its own, a Go error thrown
// into the engine carries the ApiError in `value`.

/** The caught error's status (400, 413, 429, ...), or 0 when it has none. */
export function errorStatus(err: unknown): number {
  if (!err || typeof err !== 'object') return 0
  const { status, value } = err as { status?: unknown; value?: { status?: unknown } | null }
  const found = status || (value && value.status)
  return typeof found === 'number' ? found : 0
}
