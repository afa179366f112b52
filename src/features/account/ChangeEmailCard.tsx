import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { emailChangeAnswer, requestEmailChange } from '../../backend/account-links'
import { Field } from '../../components/Field'
import { emailAddressProblem } from '../../config/email-address'
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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const unsafe = emailAddressProblem(newEmail)
    if (unsafe) return setResult({ ok: false, text: unsafe, field: 'newEmail' })
    setBusy(true)
    setResult(null)
    try {
      await requestEmailChange(newEmail)
      setResult(emailChangeAnswer(newEmail))
    } catch (err) {
      setResult(emailChangeAnswer(newEmail, err))
    } finally {
      setBusy(false)
    }
  }

  const fieldProblem = result?.field === 'newEmail'
  return (
    <div className="dashboard-card">
      <h3>Change Email</h3>
      <p>We&apos;ll send a link to the new address; open it to finish the change.</p>
      <form className="dashboard-change-email" onSubmit={onSubmit}>
        <Field label="New address" htmlFor={ids.email}>
          <input
            id={ids.email}
            type="email"
            name="newEmail"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            required
            aria-invalid={fieldProblem || undefined}
            aria-describedby={fieldProblem ? ids.result : undefined}
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
          />
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
