// The tokens and base styles first: every stylesheet after them builds on them.
import './styles/global.css'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppRouter } from './app/router'
import { APP_VERSION } from './app/pwa/app-version'
import { registerServiceWorker } from './app/pwa/register-sw'

// Which build is running, for support and the update test (see VITE_APP_VERSION in vite.config.ts).
document.documentElement.dataset.appVersion = APP_VERSION

// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (Total Blocking Time on a slow phone).
const root = createRoot(document.getElementById('root')!)
startTransition(() => {
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  )
})

registerServiceWorker()
