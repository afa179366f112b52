import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { paths, safeNext, withNext } from '../../config/paths'
import { loginErrorMessage } from '../../backend/errors'
import { signIn, useSession } from '../../backend/session'
import { OfflineSignInNotice } from './OfflineSignInNotice'
import { useOnline } from '../../offline/online'
import { useResetLinkRequest } from './use-reset-link-request'
import './account.css'
import { EMAIL_MAX } from '../../config/limits'
import { Field } from '../../components/Field'

/** Sign in: email, password, Sign In ('Please wait...'), a link to sign up. */
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

  // Already signed in (e.g. Back after signing in): go where the visitor was heading.
  if (signedIn && !justSignedIn) return <Navigate to={target} replace />

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
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
      <form className="account-form" onSubmit={onSubmit}>
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
          />
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
          />
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

/** Sends PocketBase's reset e-mail; the answer never reveals whether the address is registered. */
function ForgotPassword({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false)
  const [email, setEmail] = useState('')
  const { busy, result, onSubmit } = useResetLinkRequest(email)
  const ids = { panel: useId(), email: useId() }

  return (
    <div className="account-forgot">
      <button
        type="button"
        className="account-link-button"
        aria-expanded={open}
        aria-controls={ids.panel}
        onClick={() => {
          if (!open && !email) setEmail(initialEmail)
          setOpen(!open)
        }}
      >
        Forgot password?
      </button>
      <div id={ids.panel} hidden={!open}>
        <form className="account-form account-form--inline" onSubmit={onSubmit}>
          <Field label="Email for the reset link" htmlFor={ids.email}>
            <input
              id={ids.email}
              type="email"
              maxLength={EMAIL_MAX}
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
        <p className={result?.ok === false ? 'account-error' : 'account-success'} role="status">
          {result?.text}
        </p>
      </div>
    </div>
  )
}
