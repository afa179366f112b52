import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import {
  MIN_PASSWORD_LENGTH,
  accountMessages,
  validateNewPassword,
} from '../../backend/account-api'
import { confirmPasswordReset, type TokenOutcome } from '../../backend/account-links'
import { Field } from '../../components/Field'
import { EMAIL_MAX, PASSWORD_MAX_BYTES } from '../../config/limits'
import { messages } from '../../config/messages'
import { paths } from '../../config/paths'
import { useFocusOnChange } from './use-link-outcome'
import { useResetLinkRequest } from './use-reset-link-request'
import './account.css'

type PasswordField = 'password' | 'passwordConfirm'

/** /reset-password/:token, the reset mail's link: the new password twice, then sign in. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams()
  const ids = {
    password: useId(),
    passwordHint: useId(),
    passwordConfirm: useId(),
    error: useId(),
  }
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field?: PasswordField; message: string } | null>(null)
  const [finished, setFinished] = useState<'done' | 'invalid' | null>(null)
  const heading = useFocusOnChange<HTMLHeadingElement>(finished)

  const invalid = (field: PasswordField) => error?.field === field
  // A problem with a field is shown under it; any other at the end of the form.
  const errorUnder = (field: PasswordField) =>
    invalid(field) && (
      <p id={ids.error} className="account-error" role="alert">
        {error?.message}
      </p>
    )
  const describedBy = (field: PasswordField, ...more: string[]) =>
    [...more, invalid(field) ? ids.error : ''].filter(Boolean).join(' ') || undefined

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const problem = validateNewPassword(password, passwordConfirm)
    if (problem) return setError(problem)
    setBusy(true)
    setError(null)
    const outcome = await confirmPasswordReset(token, password, passwordConfirm)
    setBusy(false)
    if (outcome.kind === 'done' || outcome.kind === 'invalid') return setFinished(outcome.kind)
    setError(problemOf(outcome))
  }

  if (finished === 'done') {
    return (
      <main className="container narrow account-page" id="main">
        <h1 ref={heading} tabIndex={-1}>
          Your Password Is Changed
        </h1>
        <div className="account-outcome" role="status">
          <p>Sign in with your new password. Any device that was signed in must sign in again.</p>
        </div>
        <Link to={paths.login} className="btn btn-primary">
          Sign In
        </Link>
      </main>
    )
  }

  if (finished === 'invalid') {
    return (
      <main className="container narrow account-page" id="main">
        <h1 ref={heading} tabIndex={-1}>
          This Link Has Expired
        </h1>
        <div className="account-outcome" role="status">
          <p>
            The reset link is no longer valid: it has expired, or it was already used. Ask for a new
            one below.
          </p>
        </div>
        <NewResetLink />
      </main>
    )
  }

  return (
    <main className="container narrow account-page" id="main">
      <h1>Choose a New Password</h1>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field label="New password" htmlFor={ids.password}>
          <input
            id={ids.password}
            type="password"
            maxLength={PASSWORD_MAX_BYTES}
            name="password"
            autoComplete="new-password"
            required
            aria-invalid={invalid('password') || undefined}
            aria-describedby={describedBy('password', ids.passwordHint)}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p id={ids.passwordHint} className="account-hint">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
          {errorUnder('password')}
        </Field>
        <Field label="Confirm new password" htmlFor={ids.passwordConfirm}>
          <input
            id={ids.passwordConfirm}
            type="password"
            maxLength={PASSWORD_MAX_BYTES}
            name="passwordConfirm"
            autoComplete="new-password"
            required
            aria-invalid={invalid('passwordConfirm') || undefined}
            aria-describedby={describedBy('passwordConfirm')}
            value={passwordConfirm}
            onChange={(e) => setPasswordConfirm(e.target.value)}
          />
          {errorUnder('passwordConfirm')}
        </Field>
        {error && !error.field && (
          <p id={ids.error} className="account-error" role="alert">
            {error.message}
          </p>
        )}
        <button type="submit" className="btn btn-primary account-submit" disabled={busy}>
          {busy ? 'Saving...' : 'Set New Password'}
        </button>
      </form>
    </main>
  )
}

function problemOf(outcome: TokenOutcome): { field?: PasswordField; message: string } {
  if (outcome.kind === 'field') {
    const field = outcome.field === 'passwordConfirm' ? 'passwordConfirm' : 'password'
    return { field, message: outcome.message }
  }
  if (outcome.kind === 'offline') return { message: messages.offline }
  if (outcome.kind === 'rate_limited') return { message: accountMessages.resetRateLimited }
  return { message: accountMessages.linkFailure }
}

/** Asks for a new reset link; the answer never says whether the address is registered. */
function NewResetLink() {
  const emailId = useId()
  const [email, setEmail] = useState('')
  const { busy, result, onSubmit } = useResetLinkRequest(email)

  return (
    <form className="account-form" onSubmit={onSubmit}>
      <Field label="Email for the new link" htmlFor={emailId}>
        <input
          id={emailId}
          type="email"
          maxLength={EMAIL_MAX}
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <button type="submit" className="btn btn-primary account-submit" disabled={busy}>
        {busy ? 'Sending...' : 'Send a New Link'}
      </button>
      <p className={result?.ok === false ? 'account-error' : 'account-success'} role="status">
        {result?.text}
      </p>
    </form>
  )
}
