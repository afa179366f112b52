import { lazy, Suspense } from 'react'

// The Integrations tab's code loads when the tab is opened: the console opens on People, and
// connecting tools is occasional work. The service worker precaches the chunk for offline use.
const IntegrationsTabChunk = lazy(() =>
  import('./IntegrationsTab').then((module) => ({ default: module.IntegrationsTab })),
)

export function IntegrationsTab() {
  return (
    <Suspense
      fallback={
        <p className="admin-state" role="status">
          Loading...
        </p>
      }
    >
      <IntegrationsTabChunk />
    </Suspense>
  )
}
