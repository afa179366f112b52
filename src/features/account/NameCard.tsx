import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { describeError } from '../../backend/errors'
import { saveFullName } from './account-actions'
import type { UserRecord } from '../../backend/types'
import { Field } from '../../components/Field'
import { FieldError } from '../../components/FieldError'
import { requiredProblem } from '../../components/field-problems'
import { focusField, useFieldChecks } from '../../components/use-field-checks'
import { textLimits } from '../../config/limits'
import { messages } from '../../config/messages'

/** Settings: the name the dashboard greets the member with (and the consultant sees). */
export default function NameCard({ user }: { user: UserRecord }) {
  const id = useId()
  const [name, setName] = useState(user.fullName ?? '')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const checks = useFieldChecks(['fullName'] as const, () => requiredProblem(name, 'your name'))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    if (checks.checkAll()) return focusField(form, 'fullName')
    setBusy(true)
    setResult(null)
    try {
      await saveFullName(user.id, name)
      setResult({ ok: true, text: 'Your name is saved.' })
    } catch (err) {
      const d = describeError(err)
      if (checks.showServerErrors(d.fieldErrors)) focusField(form, 'fullName')
      else
        setResult({
          ok: false,
          text:
            d.kind === 'network'
              ? messages.offline
              : 'Your name could not be saved. Please try again.',
        })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="dashboard-card">
      <h3>Your Name</h3>
      <form className="dashboard-inline-form" onSubmit={onSubmit} noValidate>
        <Field label="Full name" htmlFor={id}>
          <input
            id={id}
            name="fullName"
            autoComplete="name"
            maxLength={textLimits.users.fullName}
            required
            value={name}
            onChange={(e) => {
              checks.changed('fullName')
              setName(e.target.value)
            }}
            {...checks.controlProps('fullName')}
          />
          <FieldError id={checks.errorId('fullName')} message={checks.errorOf('fullName')} />
        </Field>
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Name'}
        </button>
      </form>
      <p className={result?.ok === false ? 'dashboard-error' : 'dashboard-success'} role="status">
        {result?.text}
      </p>
    </div>
  )
}
