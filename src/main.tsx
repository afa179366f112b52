import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppRouter } from './app/router'
import { APP_VERSION } from './app/pwa/app-version'
import { PwaChrome } from './app/pwa/PwaChrome'
import { registerServiceWorker } from './app/pwa/register-sw'
import './styles/global.css'

// Which build is running, for support and the update test (see VITE_APP_VERSION in vite.config.ts).
document.documentElement.dataset.appVersion = APP_VERSION

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRouter />
    <PwaChrome />
  </StrictMode>,
)

registerServiceWorker()
