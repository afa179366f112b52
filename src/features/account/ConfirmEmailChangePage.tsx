import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { accountMessages } from '../../backend/account-api'
import { confirmEmailChange, emailOfChangeToken } from '../../backend/account-links'
import { Field } from '../../components/Field'
import { FieldError } from '../../components/FieldError'
import { focusField, useFieldChecks } from '../../components/use-field-checks'
import { PASSWORD_MAX_BYTES } from '../../config/limits'
import { messages } from '../../config/messages'
import { paths, withNext } from '../../config/paths'
import { useFocusOnChange } from './use-link-outcome'
import './account.css'

const SETTINGS = `${paths.dashboard}?tab=settings`

/** /confirm-email-change/:token, the change mail's link: the password, then the new e-mail. */
export default function ConfirmEmailChangePage() {
  const { token = '' } = useParams()
  const newEmail = emailOfChangeToken(token)
  const ids = { password: useId(), error: useId() }
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [finished, setFinished] = useState<'done' | 'invalid' | null>(null)
  const heading = useFocusOnChange<HTMLHeadingElement>(finished)
  const checks = useFieldChecks(['password'] as const, () =>
    password ? null : 'Enter your current password.',
  )

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    if (checks.checkAll()) return focusField(form, 'password')
    setBusy(true)
    setError(null)
    const outcome = await confirmEmailChange(token, password)
    setBusy(false)
    if (outcome.kind === 'done' || outcome.kind === 'invalid') return setFinished(outcome.kind)
    if (outcome.kind === 'field') {
      checks.showServerErrors({ password: outcome.message })
      return focusField(form, 'password')
    }
    if (outcome.kind === 'offline') setError(messages.offline)
    else if (outcome.kind === 'rate_limited') setError(accountMessages.resetRateLimited)
    else setError(accountMessages.linkFailure)
  }

  if (finished === 'done') {
    return (
      <main className="container narrow account-page" id="main">
        <h1 ref={heading} tabIndex={-1}>
          Your Email Is Changed
        </h1>
        <div className="account-outcome" role="status">
          <p>
            {newEmail ? (
              <>
                From now on you sign in with <strong>{newEmail}</strong>.
              </>
            ) : (
              'From now on you sign in with your new email.'
            )}{' '}
            Any device that was signed in must sign in again.
          </p>
        </div>
        <Link to={withNext(paths.login, paths.dashboard)} className="btn btn-primary">
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
            The confirmation link is no longer valid: it has expired, or it was already used. Your
            email has not changed by this link. Ask for a new one in your dashboard&apos;s Settings.
          </p>
        </div>
        <Link to={withNext(paths.login, SETTINGS)} className="btn btn-primary">
          Go to Settings
        </Link>
      </main>
    )
  }

  return (
    <main className="container narrow account-page" id="main">
      <h1>Confirm Your New Email</h1>
      <p>
        {newEmail ? (
          <>
            Your account moves to <strong className="account-email">{newEmail}</strong>.
          </>
        ) : (
          'Your account moves to the new email this link was sent to.'
        )}{' '}
        Enter your current password to confirm.
      </p>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field label="Current password" htmlFor={ids.password}>
          <input
            id={ids.password}
            type="password"
            maxLength={PASSWORD_MAX_BYTES}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              checks.changed('password')
              setPassword(e.target.value)
            }}
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
          {busy ? 'Please wait...' : 'Confirm New Email'}
        </button>
      </form>
    </main>
  )
}
