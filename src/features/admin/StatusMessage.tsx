/** The shared loading / empty / error states of the admin tables . */
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

export function ErrorState({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="admin-error" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  )
}
