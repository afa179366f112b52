// Every route of SPEC.md §2. Pages other than home load lazily, so `/` ships only what it needs.
import { lazy, Suspense } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { Layout } from './Layout'
import { RouteError } from './RouteError'
import { paths } from './paths'
import { HomePage } from '../features/home/HomePage'

const FreeAuditPage = lazy(() => import('../features/audit/FreeAuditPage'))
const MemberAuditPage = lazy(() => import('../features/audit/MemberAuditPage'))
const AdminPage = lazy(() => import('../features/admin/AdminPage'))
const CallPage = lazy(() => import('../features/call/CallPage'))
const LoginPage = lazy(() => import('../features/account/LoginPage'))
const SignupPage = lazy(() => import('../features/account/SignupPage'))
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'))
const ContactPage = lazy(() => import('../features/home/ContactPage'))
const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage'))
const TermsPage = lazy(() => import('../features/legal/TermsPage'))
const NotFoundPage = lazy(() => import('./NotFoundPage'))

function Loading() {
  return (
    <div className="page-loading" role="status">
      Loading...
    </div>
  )
}

function lazyPage(Page: React.ComponentType) {
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  )
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.freeAudit, element: lazyPage(FreeAuditPage) },
      { path: paths.digitalAudit, element: lazyPage(MemberAuditPage) },
      { path: paths.digitalStrategyAudit, element: lazyPage(MemberAuditPage) },
      { path: paths.auditAdmin, element: lazyPage(AdminPage) },
      { path: paths.call, element: lazyPage(CallPage) },
      { path: paths.login, element: lazyPage(LoginPage) },
      { path: paths.signup, element: lazyPage(SignupPage) },
      { path: paths.dashboard, element: lazyPage(DashboardPage) },
      { path: paths.contact, element: lazyPage(ContactPage) },
      { path: paths.privacy, element: lazyPage(PrivacyPage) },
      { path: paths.terms, element: lazyPage(TermsPage) },
      { path: '*', element: lazyPage(NotFoundPage) },
    ],
  },
])

export function AppRouter() {
  return <RouterProvider router={router} />
}
