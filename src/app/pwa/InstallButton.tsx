import { useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router-dom'
import { getInstallOffer, promptInstall, subscribeInstallOffer } from './install-prompt'

/**
 * A small 'Install app' pill, shown only while the browser offers installation
 * (Chromium's `beforeinstallprompt`). iOS Safari never offers it.
 *
 * It appears with the next page the visitor opens, never on the page being read: the offer
 * arrives seconds after load, and the pill would push that page's text down (layout shift).
 */
export function InstallButton() {
  const offer = useSyncExternalStore(subscribeInstallOffer, getInstallOffer, () => null)
  const [dismissed, setDismissed] = useState(false)
  const { key } = useLocation()
  const [firstPage] = useState(key)
  const [navigated, setNavigated] = useState(false)
  if (!navigated && key !== firstPage) setNavigated(true)
  if (!offer || dismissed || !navigated) return null

  return (
    <div className="pwa-install">
      <button type="button" className="pwa-install__button" onClick={() => void promptInstall()}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Install app
      </button>
      <button
        type="button"
        className="pwa-install__dismiss"
        aria-label="Not now"
        title="Not now"
        onClick={() => setDismissed(true)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M6 6l12 12M18 6L6 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  )
}
