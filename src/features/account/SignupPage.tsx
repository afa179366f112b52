import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { paths, safeNext, withNext } from '../../config/paths'
import {
  MIN_PASSWORD_LENGTH,
  signupErrorField,
  signupErrorMessage,
  validateSignup,
  type SignupField,
  type SignupInput,
} from '../../backend/account-api'
import { useSession } from '../../backend/session'
import { createAccount } from './account-actions'
import { OfflineSignInNotice } from './OfflineSignInNotice'
import { useOnline } from '../../offline/online'
import './account.css'
import { EMAIL_MAX, PASSWORD_MAX_BYTES, textLimits } from '../../config/limits'
import { Field } from '../../components/Field'

const EMPTY: SignupInput = {
  fullName: '',
  email: '',
  password: '',
  passwordConfirm: '',
  newsletterConsent: false,
  agreedToTerms: false,
}

/** Sign up, with the form's checks before sending; goes to `next` or /dashboard once signed in. */
export default function SignupPage() {
  const [params] = useSearchParams()
  const next = params.get('next')
  const target = safeNext(next)
  const navigate = useNavigate()
  const { signedIn } = useSession()
  const online = useOnline()
  const ids = {
    fullName: useId(),
    email: useId(),
    password: useId(),
    passwordHint: useId(),
    passwordConfirm: useId(),
    newsletter: useId(),
    terms: useId(),
    error: useId(),
  }

  const [form, setForm] = useState<SignupInput>(EMPTY)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field?: SignupField; message: string } | null>(null)
  const [justSignedUp, setJustSignedUp] = useState(false)

  if (signedIn && !justSignedUp) return <Navigate to={target} replace />

  const update = <K extends keyof SignupInput>(key: K, value: SignupInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }))

  const invalid = (field: SignupField) => error?.field === field
  // A problem with a field is shown under it; any other at the end of the form.
  const UNDER_FIELD: SignupField[] = ['email', 'password', 'passwordConfirm']
  const errorUnder = (field: SignupField) =>
    invalid(field) && (
      <p id={ids.error} className="account-error" role="alert">
        {error?.message}
      </p>
    )
  const describedBy = (field: SignupField, ...more: string[]) =>
    [...more, invalid(field) ? ids.error : ''].filter(Boolean).join(' ') || undefined

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const problem = validateSignup(form)
    if (problem) {
      setError(problem)
      return
    }
    setBusy(true)
    setError(null)
    try {
      setJustSignedUp(true)
      await createAccount(form)
      navigate(target, { replace: true })
    } catch (err) {
      setJustSignedUp(false)
      setError({ field: signupErrorField(err), message: signupErrorMessage(err) })
      setBusy(false)
    }
  }

  return (
    <main className="container narrow account-page" id="main">
      <h1>Create Account</h1>
      {!online && <OfflineSignInNotice />}
      <form className="account-form" onSubmit={onSubmit}>
        <Field label="Full name" htmlFor={ids.fullName}>
          <input
            id={ids.fullName}
            name="fullName"
            autoComplete="name"
            maxLength={textLimits.users.fullName}
            required
            value={form.fullName}
            onChange={(e) => update('fullName', e.target.value)}
          />
        </Field>
        <Field label="Email" htmlFor={ids.email}>
          <input
            id={ids.email}
            type="email"
            maxLength={EMAIL_MAX}
            name="email"
            autoComplete="email"
            required
            aria-invalid={invalid('email') || undefined}
            aria-describedby={describedBy('email')}
            value={form.email}
            onChange={(e) => update('email', e.target.value)}
          />
          {errorUnder('email')}
        </Field>
        <Field label="Password" htmlFor={ids.password}>
          <input
            id={ids.password}
            type="password"
            maxLength={PASSWORD_MAX_BYTES}
            name="password"
            autoComplete="new-password"
            required
            aria-invalid={invalid('password') || undefined}
            aria-describedby={describedBy('password', ids.passwordHint)}
            value={form.password}
            onChange={(e) => update('password', e.target.value)}
          />
          <p id={ids.passwordHint} className="account-hint">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
          {errorUnder('password')}
        </Field>
        <Field label="Confirm Password" htmlFor={ids.passwordConfirm}>
          <input
            id={ids.passwordConfirm}
            type="password"
            maxLength={PASSWORD_MAX_BYTES}
            name="passwordConfirm"
            autoComplete="new-password"
            required
            aria-invalid={invalid('passwordConfirm') || undefined}
            aria-describedby={describedBy('passwordConfirm')}
            value={form.passwordConfirm}
            onChange={(e) => update('passwordConfirm', e.target.value)}
          />
          {errorUnder('passwordConfirm')}
        </Field>
        <div className="account-check">
          <input
            id={ids.newsletter}
            type="checkbox"
            checked={form.newsletterConsent}
            onChange={(e) => update('newsletterConsent', e.target.checked)}
          />
          <label htmlFor={ids.newsletter}>
            Send me business growth tips by email (optional). Unsubscribe any time.
          </label>
        </div>
        <div className="account-check">
          <input
            id={ids.terms}
            type="checkbox"
            aria-required="true"
            aria-invalid={invalid('agreedToTerms') || undefined}
            aria-describedby={describedBy('agreedToTerms')}
            checked={form.agreedToTerms}
            onChange={(e) => update('agreedToTerms', e.target.checked)}
          />
          <label htmlFor={ids.terms}>
            I agree to the <Link to={paths.terms}>Terms</Link> and{' '}
            <Link to={paths.privacy}>Privacy Policy</Link> (required).
          </label>
        </div>
        {error && !(error.field && UNDER_FIELD.includes(error.field)) && (
          <p id={ids.error} className="account-error" role="alert">
            {error.message}
          </p>
        )}
        <button type="submit" className="btn btn-primary account-submit" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
      <p className="account-switch">
        Already have an account?{' '}
        <Link to={next ? withNext(paths.login, next) : paths.login}>Sign in</Link>
      </p>
    </main>
  )
}
