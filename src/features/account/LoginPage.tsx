import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { paths, safeNext, withNext } from '../../config/paths'
import { loginErrorMessage } from '../../backend/errors'
import { signIn, useSession } from '../../backend/session'
import { OfflineSignInNotice } from './OfflineSignInNotice'
import { useOnline } from '../../offline/online'
import { ResetLinkForm } from './ResetLinkForm'
import './account.css'
import { EMAIL_MAX } from '../../config/limits'
import { CheckedField } from '../../components/CheckedField'
import { emailProblem } from '../../components/field-problems'
import { focusField, useFieldChecks } from '../../components/use-field-checks'

const FIELDS = ['email', 'password'] as const

/** Sign in: email, password (each problem under its field), Sign In ('Please wait...'), sign up. */
export default function LoginPage() {
  const [params] = useSearchParams()
  const next = params.get('next')
  // Where the visitor was heading, else the console for the site's admin, the dashboard for others.
  const landing = (isAdmin: boolean) => safeNext(next, isAdmin ? paths.auditAdmin : paths.dashboard)
  const navigate = useNavigate()
  const { signedIn, user } = useSession()
  const online = useOnline()
  const errorId = useId()

  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [justSignedIn, setJustSignedIn] = useState(false)
  const checks = useFieldChecks(FIELDS, (field) =>
    field === 'email' ? emailProblem(email) : password ? null : 'Please enter your password.',
  )

  // Already signed in (e.g. Back after signing in): go where the visitor was heading.
  if (signedIn && !justSignedIn) return <Navigate to={landing(user?.isAdmin === true)} replace />

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const first = checks.checkAll()
    if (first) return focusField(event.currentTarget, first)
    setBusy(true)
    setError(null)
    try {
      setJustSignedIn(true)
      const signedInUser = await signIn(email, password)
      navigate(landing(signedInUser.isAdmin === true), { replace: true })
    } catch (err) {
      setJustSignedIn(false)
      setError(loginErrorMessage(err))
      setBusy(false)
    }
  }

  return (
    <main className="container narrow account-page" id="main">
      <h1>Sign In</h1>
      {!online && <OfflineSignInNotice />}
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <CheckedField
          field="email"
          label="Email"
          type="email"
          maxLength={EMAIL_MAX}
          autoComplete="email"
          required
          value={email}
          onValue={setEmail}
          checks={checks}
        />
        <CheckedField
          field="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
          checks={checks}
        />
        {error && (
          <p id={errorId} className="account-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary account-submit" disabled={busy}>
          {busy ? 'Please wait...' : 'Sign In'}
        </button>
      </form>
      <ForgotPassword initialEmail={email} />
      <p className="account-switch">
        Don&apos;t have an account?{' '}
        <Link to={next ? withNext(paths.signup, next) : paths.signup}>Sign up</Link>
      </p>
    </main>
  )
}

/** "Forgot password?": opens the reset-link form with the e-mail typed above. */
function ForgotPassword({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false)
  // Mounted when first opened (with the address typed above), then kept with what was typed.
  const [opened, setOpened] = useState(false)
  const panel = useId()

  return (
    <div className="account-forgot">
      <button
        type="button"
        className="account-link-button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => {
          setOpened(true)
          setOpen(!open)
        }}
      >
        Forgot password?
      </button>
      <div id={panel} hidden={!open}>
        {opened && (
          <ResetLinkForm
            label="Email for the reset link"
            submitLabel="Send Reset Link"
            initialEmail={initialEmail}
            inline
          />
        )}
      </div>
    </div>
  )
}
