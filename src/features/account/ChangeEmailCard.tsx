import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { emailChangeAnswer, requestEmailChange } from '../../backend/account-links'
import { Field } from '../../components/Field'
import { FieldError } from '../../components/FieldError'
import { emailProblem } from '../../components/field-problems'
import { focusField, useFieldChecks } from '../../components/use-field-checks'
import { EMAIL_MAX } from '../../config/limits'

/**
 * Settings: change the account's e-mail. PocketBase mails a link to the new address; the
 * change happens on the confirm page it leads to. A taken address gets the same answer as a
 * free one.
 */
export default function ChangeEmailCard() {
  const ids = { email: useId(), result: useId() }
  const [newEmail, setNewEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<ReturnType<typeof emailChangeAnswer> | null>(null)
  const checks = useFieldChecks(['newEmail'] as const, () => emailProblem(newEmail))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    if (checks.checkAll()) return focusField(form, 'newEmail')
    setBusy(true)
    setResult(null)
    try {
      await requestEmailChange(newEmail)
      setResult(emailChangeAnswer(newEmail))
    } catch (err) {
      const answer = emailChangeAnswer(newEmail, err)
      // A problem with the address itself goes under the field; the rest under the form.
      if (answer.field === 'newEmail') {
        checks.showServerErrors({ newEmail: answer.text })
        focusField(form, 'newEmail')
      } else setResult(answer)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="dashboard-card">
      <h3>Change Email</h3>
      <p>We&apos;ll send a link to the new address; open it to finish the change.</p>
      <form className="dashboard-change-email" onSubmit={onSubmit} noValidate>
        <Field label="New address" htmlFor={ids.email}>
          <input
            id={ids.email}
            type="email"
            name="newEmail"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            required
            value={newEmail}
            onChange={(e) => {
              checks.changed('newEmail')
              setNewEmail(e.target.value)
            }}
            {...checks.controlProps('newEmail')}
          />
          <FieldError id={checks.errorId('newEmail')} message={checks.errorOf('newEmail')} />
        </Field>
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? 'Sending...' : 'Send Confirmation Link'}
        </button>
      </form>
      <p
        id={ids.result}
        className={result?.ok === false ? 'dashboard-error' : 'dashboard-success'}
        role="status"
      >
        {result?.text}
      </p>
    </div>
  )
}
