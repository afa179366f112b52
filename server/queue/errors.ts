// Errors a kind's `render` throws: `permanent` ones (the record is gone, the delivery makes no
// sense any more) fail the row at once; any other error is retried like a transport fault.

/** An error retrying cannot fix. */
export function permanentError(message: string): Error & { permanent: true } {
  const err = new Error(message) as Error & { permanent: true }
  err.permanent = true
  return err
}

export function isPermanent(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { permanent?: unknown }).permanent === true
}

/** The text of a JS or Go error, without goja's "GoError: " prefix. */
export function errorText(err: unknown): string {
  const raw =
    err && typeof err === 'object' && 'message' in err
      ? String((err as { message: unknown }).message)
      : String(err)
  const text = raw.replace(/^GoError:\s*/, '').trim()
  return text || 'unknown error'
}
