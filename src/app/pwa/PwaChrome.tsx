import { InstallButton } from './InstallButton'
import { ReloadPrompt } from './ReloadPrompt'
import './pwa.css'

/** The PWA's floating chrome, mounted next to the router (outside any page). */
export function PwaChrome() {
  return (
    <div className="pwa-chrome">
      <ReloadPrompt />
      <InstallButton />
    </div>
  )
}
