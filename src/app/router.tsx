// Every route of the app. Pages other than home load lazily, so `/` ships only what it needs.
// The declarative <BrowserRouter>/<Routes> is used rather than the data router
// (createBrowserRouter): the app uses no loaders, actions or fetchers, and leaving that machinery
// out keeps ~17 KiB gzip off the home page's JavaScript budget (see scripts/bench-budget.mjs).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router-dom'
import { Layout } from './Layout'
import { usePrefetchWhenIdle } from '../components/prefetch'
import { BookCallButton } from '../components/BookCallButton'
import { paths } from '../config/paths'
import { HomePage } from '../features/home/HomePage'
import { RouteNotice } from '../features/account/RouteNotice'
import { NewsletterForm } from '../components/NewsletterForm'

const loadFreeAudit = () => import('../features/audit/FreeAuditPage')
const FreeAuditPage = lazy(loadFreeAudit)
// The home page's main way on: the audit's code, then its report's, once the browser is idle on
// `/`, so a first visit that loses the signal before the service worker has the site can still
// take the whole audit and see its report.
const prefetchFreeAudit = () => loadFreeAudit().then((page) => page.loadReport())
const MemberAuditPage = lazy(() => import('../features/audit/MemberAuditPage'))
// The console has its own shell, outside the site's layout (ConsolePage.tsx).
const ConsolePage = lazy(() => import('./ConsolePage'))
const CallPage = lazy(() => import('../features/call/CallPage'))
const LoginPage = lazy(() => import('../features/account/LoginPage'))
const SignupPage = lazy(() => import('../features/account/SignupPage'))
const loadDashboard = () => import('../features/account/DashboardPage')
const DashboardPage = lazy(loadDashboard)
const VerifyEmailPage = lazy(() => import('../features/account/VerifyEmailPage'))
const ResetPasswordPage = lazy(() => import('../features/account/ResetPasswordPage'))
const ConfirmEmailChangePage = lazy(() => import('../features/account/ConfirmEmailChangePage'))
const ContactPage = lazy(() => import('../features/home/ContactPage'))
const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage'))
const TermsPage = lazy(() => import('../features/legal/TermsPage'))
const NewsletterConfirmPage = lazy(() => import('../features/newsletter/NewsletterConfirmPage'))
const NewsletterUnsubscribePage = lazy(
  () => import('../features/newsletter/NewsletterUnsubscribePage'),
)
const NewsletterArchivePage = lazy(() => import('../features/newsletter/NewsletterArchivePage'))
const NotFoundPage = lazy(() => import('./NotFoundPage'))

function Loading() {
  return (
    <div className="page-loading" role="status">
      Loading...
    </div>
  )
}

/** Fetches the code of the page that usually comes next once the browser is idle. */
function PrefetchWhenIdle({ load }: { load: () => Promise<unknown> }) {
  usePrefetchWhenIdle(load)
  return null
}

/** The newsletter archive, with the sign-up form under every page. */
function ArchivePage() {
  return <NewsletterArchivePage signup={<NewsletterForm source="archive" />} />
}

function lazyPage(Page: React.ComponentType, next?: () => Promise<unknown>) {
  return (
    <Suspense fallback={<Loading />}>
      <Page />
      {next && <PrefetchWhenIdle load={next} />}
    </Suspense>
  )
}

/** `Router`: the browser's history; the build's prerender passes a StaticRouter (src/entry-server.tsx). */
export function AppRouter({
  Router = BrowserRouter,
}: {
  Router?: ComponentType<{ children: ReactNode }>
}) {
  return (
    <Router>
      <Routes>
        <Route
          path={paths.auditAdmin}
          element={
            <Suspense fallback={<Loading />}>
              <ConsolePage />
            </Suspense>
          }
        />
        <Route element={<Layout />}>
          <Route
            path={paths.home}
            element={
              <>
                <RouteNotice />
                <HomePage />
                <PrefetchWhenIdle load={prefetchFreeAudit} />
              </>
            }
          />
          <Route path={paths.freeAudit} element={lazyPage(FreeAuditPage)} />
          <Route path={paths.digitalAudit} element={lazyPage(MemberAuditPage)} />
          <Route path={paths.digitalStrategyAudit} element={lazyPage(MemberAuditPage)} />
          <Route path={paths.call} element={lazyPage(CallPage)} />
          {/* Signing in or up usually leads to the dashboard. */}
          <Route path={paths.login} element={lazyPage(LoginPage, loadDashboard)} />
          <Route path={paths.signup} element={lazyPage(SignupPage, loadDashboard)} />
          <Route
            path={paths.dashboard}
            element={
              <Suspense fallback={<Loading />}>
                <DashboardPage bookCall={(prefill) => <BookCallButton prefill={prefill} />} />
              </Suspense>
            }
          />
          {/* Account e-mail links: verifying usually leads to the dashboard. */}
          <Route
            path={`${paths.verifyEmail}/:token`}
            element={lazyPage(VerifyEmailPage, loadDashboard)}
          />
          <Route path={`${paths.resetPassword}/:token`} element={lazyPage(ResetPasswordPage)} />
          <Route
            path={`${paths.confirmEmailChange}/:token`}
            element={lazyPage(ConfirmEmailChangePage)}
          />
          <Route path={paths.contact} element={lazyPage(ContactPage)} />
          <Route path={paths.privacy} element={lazyPage(PrivacyPage)} />
          <Route path={paths.terms} element={lazyPage(TermsPage)} />
          <Route path={paths.newsletterArchive} element={lazyPage(ArchivePage)} />
          <Route path={`${paths.newsletterArchive}/:slug`} element={lazyPage(ArchivePage)} />
          <Route
            path={`${paths.newsletterConfirm}/:token`}
            element={lazyPage(NewsletterConfirmPage)}
          />
          <Route
            path={`${paths.newsletterUnsubscribe}/:token`}
            element={lazyPage(NewsletterUnsubscribePage)}
          />
          <Route
            path={`${paths.followupStop}/:token`}
            element={lazyPage(NewsletterUnsubscribePage)}
          />
          <Route path={paths.book} element={lazyPage(CallPage)} />
          <Route path="*" element={lazyPage(NotFoundPage)} />
        </Route>
      </Routes>
    </Router>
  )
}
