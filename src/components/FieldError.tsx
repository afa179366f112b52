import './field-error.css'

/**
 * One field's problem, right under the field. The field points at it with aria-describedby
 * (useFieldChecks' controlProps), so a screen reader reads it with the field; it is rendered only
 * while there is a problem, so the reference never dangles.
 */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  )
}
