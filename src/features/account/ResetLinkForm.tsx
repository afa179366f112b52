import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { Field } from '../../components/Field'
import { FieldError } from '../../components/FieldError'
import { emailProblem } from '../../components/field-problems'
import { focusField, useFieldChecks } from '../../components/use-field-checks'
import { EMAIL_MAX } from '../../config/limits'
import { useResetLinkRequest } from './use-reset-link-request'

/**
 * An e-mail address and a button that asks for a password-reset link; the answer never says
 * whether the address is registered. Sign-in's "Forgot password?" and the reset page's "send a
 * new link" use it.
 */
export function ResetLinkForm({
  label,
  submitLabel,
  initialEmail = '',
  inline = false,
}: {
  label: string
  submitLabel: string
  initialEmail?: string
  inline?: boolean
}) {
  const emailId = useId()
  const [email, setEmail] = useState(initialEmail)
  const request = useResetLinkRequest(email)
  const checks = useFieldChecks(['email'] as const, () => emailProblem(email))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const first = checks.checkAll()
    if (first) return focusField(event.currentTarget, first)
    void request.onSubmit(event)
  }

  return (
    <>
      <form
        className={inline ? 'account-form account-form--inline' : 'account-form'}
        onSubmit={onSubmit}
        noValidate
      >
        <Field label={label} htmlFor={emailId}>
          <input
            id={emailId}
            type="email"
            name="email"
            maxLength={EMAIL_MAX}
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              checks.changed('email')
              setEmail(e.target.value)
            }}
            {...checks.controlProps('email')}
          />
          <FieldError id={checks.errorId('email')} message={checks.errorOf('email')} />
        </Field>
        <button type="submit" className="btn btn-secondary" disabled={request.busy}>
          {request.busy ? 'Sending...' : submitLabel}
        </button>
      </form>
      <p
        className={request.result?.ok === false ? 'account-error' : 'account-success'}
        role="status"
      >
        {request.result?.text}
      </p>
    </>
  )
}
