import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { accountMessages, newPasswordProblem } from '../../backend/account-api'
import { confirmPasswordReset, type TokenOutcome } from '../../backend/account-links'
import { NewPasswordFields, type NewPasswordField } from '../../components/NewPasswordFields'
import { focusField, useFieldChecks } from '../../components/use-field-checks'
import { messages } from '../../config/messages'
import { paths } from '../../config/paths'
import { useFocusOnChange } from './use-link-outcome'
import { ResetLinkForm } from './ResetLinkForm'
import './account.css'

const FIELDS = ['password', 'passwordConfirm'] as const

/** /reset-password/:token, the reset mail's link: the new password twice, then sign in. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams()
  const errorId = useId()
  const [values, setValues] = useState({ password: '', passwordConfirm: '' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [finished, setFinished] = useState<'done' | 'invalid' | null>(null)
  const heading = useFocusOnChange<HTMLHeadingElement>(finished)
  const checks = useFieldChecks<NewPasswordField>(FIELDS, (field) =>
    newPasswordProblem(field, values.password, values.passwordConfirm),
  )

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    const first = checks.checkAll()
    if (first) return focusField(form, first)
    setBusy(true)
    setError(null)
    const outcome = await confirmPasswordReset(token, values.password, values.passwordConfirm)
    setBusy(false)
    if (outcome.kind === 'done' || outcome.kind === 'invalid') return setFinished(outcome.kind)
    if (outcome.kind === 'field') {
      const field = outcome.field === 'passwordConfirm' ? 'passwordConfirm' : 'password'
      checks.showServerErrors({ [field]: outcome.message })
      return focusField(form, field)
    }
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
        <NewPasswordFields
          password={values.password}
          passwordConfirm={values.passwordConfirm}
          onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
          checks={checks}
          labels={{ password: 'New password', passwordConfirm: 'Confirm new password' }}
        />
        {error && (
          <p id={errorId} className="account-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary account-submit" disabled={busy}>
          {busy ? 'Saving...' : 'Set New Password'}
        </button>
      </form>
    </main>
  )
}

function problemOf(outcome: TokenOutcome): string {
  if (outcome.kind === 'offline') return messages.offline
  if (outcome.kind === 'rate_limited') return accountMessages.resetRateLimited
  return accountMessages.linkFailure
}

/** Asks for a new reset link; the answer never says whether the address is registered. */
function NewResetLink() {
  return <ResetLinkForm label="Email for the new link" submitLabel="Send a New Link" />
}
