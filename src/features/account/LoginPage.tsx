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
import { Field } from '../../components/Field'
import { FieldError } from '../../components/FieldError'
import { emailProblem } from '../../components/field-problems'
import { focusField, useFieldChecks } from '../../components/use-field-checks'

const FIELDS = ['email', 'password'] as const

/** Sign in: email, password (each problem under its field), Sign In ('Please wait...'), sign up. */
export default function LoginPage() {
  const [params] = useSearchParams()
  const next = params.get('next')
  const target = safeNext(next)
  const navigate = useNavigate()
  const { signedIn } = useSession()
  const online = useOnline()
  const ids = { email: useId(), password: useId(), error: useId() }

  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [justSignedIn, setJustSignedIn] = useState(false)
  const checks = useFieldChecks(FIELDS, (field) =>
    field === 'email' ? emailProblem(email) : password ? null : 'Please enter your password.',
  )

  // Already signed in (e.g. Back after signing in): go where the visitor was heading.
  if (signedIn && !justSignedIn) return <Navigate to={target} replace />

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const first = checks.checkAll()
    if (first) return focusField(event.currentTarget, first)
    setBusy(true)
    setError(null)
    try {
      setJustSignedIn(true)
      await signIn(email, password)
      navigate(target, { replace: true })
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
        <Field label="Email" htmlFor={ids.email}>
          <input
            id={ids.email}
            type="email"
            maxLength={EMAIL_MAX}
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...checks.controlProps('email')}
          />
          <FieldError id={checks.errorId('email')} message={checks.errorOf('email')} />
        </Field>
        <Field label="Password" htmlFor={ids.password}>
          <input
            id={ids.password}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...checks.controlProps('password')}
          />
          <FieldError id={checks.errorId('password')} message={checks.errorOf('password')} />
        </Field>
        {error && (
          <p id={ids.error} className="account-error" role="alert">
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
