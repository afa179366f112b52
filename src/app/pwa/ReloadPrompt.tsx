import { useState, useSyncExternalStore } from 'react'
import { applyUpdate, getUpdatePhase, subscribeUpdatePhase } from './register-sw'

/**
 * 'A new version is available' with Reload, once a new version is waiting. Reloading happens
 * only on the visitor's press, and only after an outbox flush in progress has finished.
 * 'Later' hides the banner for this page; it comes back on the next page load.
 */
export function ReloadPrompt() {
  const phase = useSyncExternalStore(subscribeUpdatePhase, getUpdatePhase, () => 'current' as const)
  const [later, setLater] = useState(false)
  const busy = phase === 'waiting-for-outbox' || phase === 'reloading'
  const visible = phase !== 'current' && (busy || !later)

  // The live region stays mounted so screen readers announce the banner when it appears.
  return (
    <div role="status" className="pwa-update-region">
      {visible && (
        <div className="pwa-card pwa-update">
          <p className="pwa-update__text">
            {phase === 'waiting-for-outbox'
              ? 'Finishing sending your saved submissions, then reloading...'
              : 'A new version is available'}
          </p>
          <div className="pwa-update__actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void applyUpdate()}
              disabled={busy}
            >
              {busy ? 'Reloading...' : 'Reload'}
            </button>
            {!busy && (
              <button type="button" className="pwa-update__later" onClick={() => setLater(true)}>
                Later
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
