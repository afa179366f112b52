import { useSyncExternalStore } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

/**
 * Shows a one-off notice passed in router state, e.g. after account deletion:
 * navigate('/', { state: { notice: 'Account and all data have been permanently deleted.' } }).
 * Kept tiny: it renders on the home page, which must stay light.
 */
// Inline styles: this renders on `/`, and global.css belongs to the site layout.
const bar = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.75rem',
  alignItems: 'center',
  justifyContent: 'space-between',
  paddingBlock: '0.75rem',
} as const

const noChanges = () => () => undefined

export function RouteNotice() {
  const location = useLocation()
  const navigate = useNavigate()
  // Router state survives a reload, but the prerendered `/` has no notice: show it only after
  // hydration, so the first render matches the HTML.
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
  const notice = (location.state as { notice?: unknown } | null)?.notice
  if (!hydrated || typeof notice !== 'string' || !notice) return null

  return (
    <div role="status" style={{ background: 'var(--spruce-100)', color: 'var(--spruce-900)' }}>
      <div className="container" style={bar}>
        <p style={{ margin: 0, fontWeight: 600 }}>{notice}</p>
        <button
          type="button"
          className="btn btn-secondary"
          // Drop the state so a reload or Back does not show it again.
          onClick={() =>
            navigate(`${location.pathname}${location.search}${location.hash}`, {
              replace: true,
              state: null,
            })
          }
        >
          Dismiss
        </button>
      </div>
    </div>
  )
}
