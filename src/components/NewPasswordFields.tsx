import { MIN_PASSWORD_LENGTH } from '../backend/account-api'
import { PASSWORD_MAX_BYTES } from '../config/limits'
import { CheckedField } from './CheckedField'
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
  const common = {
    checks,
    type: 'password',
    maxLength: PASSWORD_MAX_BYTES,
    autoComplete: 'new-password',
    required: true,
  } as const
  return (
    <>
      <CheckedField
        {...common}
        field="password"
        label={labels.password}
        value={password}
        onValue={(value) => onChange('password', value)}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <CheckedField
        {...common}
        field="passwordConfirm"
        label={labels.passwordConfirm}
        value={passwordConfirm}
        onValue={(value) => onChange('passwordConfirm', value)}
      />
    </>
  )
}
