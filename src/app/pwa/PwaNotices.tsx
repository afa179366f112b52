import { InstallButton } from './InstallButton'
import { ReloadPrompt } from './ReloadPrompt'
import './pwa.css'

/** The update offer and the install offer, in the layout's notices under the header. */
export function PwaNotices() {
  return (
    <div className="pwa-notices">
      <ReloadPrompt />
      <InstallButton />
    </div>
  )
}
