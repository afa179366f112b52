// /audit-admin: the consultant's console in its own shell (no public header or footer). The
// app's notices and Sign out come from here, the one layer that may combine features; the page
// itself is src/features/admin/AdminPage.tsx.
import { useLocation } from 'react-router-dom'
import AdminPage from '../features/admin/AdminPage'
import { useSignOut } from '../features/account/use-sign-out'
import { OutboxStatus } from '../components/OutboxStatus'
import { RouteErrorBoundary } from './RouteError'
import { PwaNotices } from './pwa/PwaNotices'

export default function ConsolePage() {
  const { signingOut, signOut } = useSignOut()
  const { key } = useLocation()
  return (
    <RouteErrorBoundary>
      <AdminPage
        notices={
          <>
            <OutboxStatus page={key} />
            <PwaNotices />
          </>
        }
        signOut={{ busy: signingOut, run: () => void signOut() }}
      />
    </RouteErrorBoundary>
  )
}
