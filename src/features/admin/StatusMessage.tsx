import { isOfflineError } from './offline-errors'

/** The shared loading / empty / error states of the admin tables. */
export function LoadingState() {
  return (
    <p className="admin-state" role="status">
      Loading...
    </p>
  )
}

export function EmptyState({ text }: { text: string }) {
  return <p className="admin-state">{text}</p>
}

/**
 * A load that failed. Without a connection it says so calmly (it loads again by itself when the
 * connection is back: see useServerData); any other failure in red, with Try Again.
 */
export function ErrorState({
  text,
  onRetry,
  error,
  offlineText = "You're offline. This will load by itself when the connection is back.",
}: {
  text: string
  onRetry: () => void
  error?: unknown
  offlineText?: string
}) {
  if (isOfflineError(error)) {
    return (
      <p className="admin-offline" role="status">
        {offlineText}
      </p>
    )
  }
  return (
    <div className="admin-error" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  )
}
