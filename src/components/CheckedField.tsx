import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { Field } from './Field'
import { FieldError } from './FieldError'
import type { FieldControls } from './use-field-checks'

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'aria-invalid' | 'aria-describedby'
>

/**
 * One checked text field of a form: the label, the input (named `field`, so the form can focus
 * it), its standing hint and its problem under it, tied to the input (useFieldChecks). Every form
 * with per-field errors draws its fields with this.
 */
export function CheckedField<F extends string>({
  field,
  label,
  value,
  onValue,
  checks,
  hint,
  ...input
}: {
  field: F
  label: ReactNode
  value: string
  onValue: (value: string) => void
  checks: FieldControls<F>
  hint?: ReactNode
} & InputProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <Field label={label} htmlFor={id}>
      <input
        {...input}
        id={id}
        name={field}
        value={value}
        onChange={(event) => {
          checks.changed(field)
          onValue(event.target.value)
        }}
        {...checks.controlProps(field, hint ? hintId : undefined)}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={checks.errorId(field)} message={checks.errorOf(field)} />
    </Field>
  )
}
