import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { paths, safeNext, withNext } from '../../config/paths'
import {
  accountMessages,
  newPasswordProblem,
  signupErrorMessage,
  signupFieldErrors,
  type SignupField,
  type SignupInput,
} from '../../backend/account-api'
import { useSession } from '../../backend/session'
import { createAccount } from './account-actions'
import { OfflineSignInNotice } from './OfflineSignInNotice'
import { useOnline } from '../../offline/online'
import './account.css'
import { EMAIL_MAX, textLimits } from '../../config/limits'
import { Field } from '../../components/Field'
import { FieldError } from '../../components/FieldError'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { emailProblem, requiredProblem } from '../../components/field-problems'
import { focusField, useFieldChecks } from '../../components/use-field-checks'

const EMPTY: SignupInput = {
  fullName: '',
  email: '',
  password: '',
  passwordConfirm: '',
  newsletterConsent: false,
  agreedToTerms: false,
}

const FIELDS = ['fullName', 'email', 'password', 'passwordConfirm', 'agreedToTerms'] as const

/**
 * Sign up: each field's problem under it as the visitor leaves it, all of them when the form is
 * sent, what the server refuses under its field; goes to `next` or /dashboard once signed in.
 */
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
    newsletter: useId(),
    terms: useId(),
    error: useId(),
  }

  const [form, setForm] = useState<SignupInput>(EMPTY)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [justSignedUp, setJustSignedUp] = useState(false)
  const checks = useFieldChecks<SignupField>(FIELDS, (field) => {
    if (field === 'fullName') return requiredProblem(form.fullName, 'your full name')
    if (field === 'email') return emailProblem(form.email)
    if (field === 'agreedToTerms') return form.agreedToTerms ? null : accountMessages.termsRequired
    return newPasswordProblem(field, form.password, form.passwordConfirm)
  })

  if (signedIn && !justSignedUp) return <Navigate to={target} replace />

  const update = <K extends keyof SignupInput>(key: K, value: SignupInput[K]) => {
    if (key !== 'newsletterConsent') checks.changed(key as SignupField)
    setForm((f) => ({ ...f, [key]: value }))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const formElement = event.currentTarget
    const first = checks.checkAll()
    if (first) return focusField(formElement, first)
    setBusy(true)
    setError(null)
    try {
      setJustSignedUp(true)
      await createAccount(form)
      navigate(target, { replace: true })
    } catch (err) {
      setJustSignedUp(false)
      setBusy(false)
      const fieldErrors = signupFieldErrors(err)
      if (checks.showServerErrors(fieldErrors)) {
        focusField(formElement, FIELDS.find((f) => fieldErrors[f]) ?? 'email')
        return
      }
      setError(signupErrorMessage(err))
    }
  }

  return (
    <main className="container narrow account-page" id="main">
      <h1>Create Account</h1>
      {!online && <OfflineSignInNotice />}
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field label="Full name" htmlFor={ids.fullName}>
          <input
            id={ids.fullName}
            name="fullName"
            autoComplete="name"
            maxLength={textLimits.users.fullName}
            required
            value={form.fullName}
            onChange={(e) => update('fullName', e.target.value)}
            {...checks.controlProps('fullName')}
          />
          <FieldError id={checks.errorId('fullName')} message={checks.errorOf('fullName')} />
        </Field>
        <Field label="Email" htmlFor={ids.email}>
          <input
            id={ids.email}
            type="email"
            maxLength={EMAIL_MAX}
            name="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => update('email', e.target.value)}
            {...checks.controlProps('email')}
          />
          <FieldError id={checks.errorId('email')} message={checks.errorOf('email')} />
        </Field>
        <NewPasswordFields
          password={form.password}
          passwordConfirm={form.passwordConfirm}
          onChange={(field, value) => update(field, value)}
          checks={checks}
        />
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
        <div>
          <div className="account-check">
            <input
              id={ids.terms}
              type="checkbox"
              name="agreedToTerms"
              aria-required="true"
              checked={form.agreedToTerms}
              onChange={(e) => update('agreedToTerms', e.target.checked)}
              {...checks.controlProps('agreedToTerms')}
            />
            <label htmlFor={ids.terms}>
              I agree to the <Link to={paths.terms}>Terms</Link> and{' '}
              <Link to={paths.privacy}>Privacy Policy</Link> (required).
            </label>
          </div>
          <FieldError
            id={checks.errorId('agreedToTerms')}
            message={checks.errorOf('agreedToTerms')}
          />
        </div>
        {error && (
          <p id={ids.error} className="account-error" role="alert">
            {error}
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
