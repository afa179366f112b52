import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { emailChangeAnswer, requestEmailChange } from '../../backend/account-links'
import { CheckedField } from '../../components/CheckedField'
import { emailProblem } from '../../components/field-problems'
import { focusField, useFieldChecks } from '../../components/use-field-checks'
import { EMAIL_MAX } from '../../config/limits'

/**
 * Settings: the account's e-mail, as text, and how to change it. PocketBase mails a link to the
 * new address; the change happens on the confirm page it leads to. A taken address gets the same
 * answer as a free one.
 */
export default function ChangeEmailCard({ email }: { email: string }) {
  const resultId = useId()
  const [newEmail, setNewEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<ReturnType<typeof emailChangeAnswer> | null>(null)
  const checks = useFieldChecks(['newEmail'] as const, () => emailProblem(newEmail, true))

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
      <h3>Email</h3>
      <p>
        You sign in with <strong className="dashboard-email">{email}</strong>.
      </p>
      <p>To change it, we&apos;ll send a link to the new address; open it to finish the change.</p>
      <form className="dashboard-change-email" onSubmit={onSubmit} noValidate>
        <CheckedField
          field="newEmail"
          label="New address"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          required
          value={newEmail}
          onValue={setNewEmail}
          checks={checks}
        />
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? 'Sending...' : 'Send Confirmation Link'}
        </button>
      </form>
      <p
        id={resultId}
        className={result?.ok === false ? 'dashboard-error' : 'dashboard-success'}
        role="status"
      >
        {result?.text}
      </p>
    </div>
  )
}
