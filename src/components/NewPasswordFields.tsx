import { useId } from 'react'
import { MIN_PASSWORD_LENGTH } from '../backend/account-api'
import { PASSWORD_MAX_BYTES } from '../config/limits'
import { Field } from './Field'
import { FieldError } from './FieldError'
import type { FieldControls } from './use-field-checks'

export type NewPasswordField = 'password' | 'passwordConfirm'

interface NewPasswordFieldsProps {
  password: string
  passwordConfirm: string
  onChange: (field: NewPasswordField, value: string) => void
  checks: FieldControls<NewPasswordField>
  labels?: Record<NewPasswordField, string>
}

/**
 * A new password typed twice, with the length advice and each field's problem under it: sign-up
 * and the password reset page use it (the checks are newPasswordProblem's). A password the
 * server refuses shows under the first field.
 */
export function NewPasswordFields({
  password,
  passwordConfirm,
  onChange,
  checks,
  labels = { password: 'Password', passwordConfirm: 'Confirm Password' },
}: NewPasswordFieldsProps) {
  const ids = { password: useId(), passwordConfirm: useId(), hint: useId() }
  const values = { password, passwordConfirm }
  return (
    <>
      {(['password', 'passwordConfirm'] as const).map((field) => (
        <Field key={field} label={labels[field]} htmlFor={ids[field]}>
          <input
            id={ids[field]}
            type="password"
            name={field}
            maxLength={PASSWORD_MAX_BYTES}
            autoComplete="new-password"
            required
            value={values[field]}
            onChange={(event) => {
              checks.changed(field)
              onChange(field, event.target.value)
            }}
            {...checks.controlProps(field, field === 'password' ? ids.hint : undefined)}
          />
          {field === 'password' && (
            <p id={ids.hint} className="field-hint">
              At least {MIN_PASSWORD_LENGTH} characters.
            </p>
          )}
          <FieldError id={checks.errorId(field)} message={checks.errorOf(field)} />
        </Field>
      ))}
    </>
  )
}
