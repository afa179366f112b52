// Per-field errors for every form that has them (sign-up, sign-in, reset, settings, call-back):
// a field's problem shows under it once the visitor leaves the field, every problem at once when
// the form is sent, and what the server said about a field (e.g. a password it refuses) under
// that field until it is changed. Typed text is never cleared by a check.
import { useCallback, useId, useState } from 'react'

export interface FieldChecks<F extends string> {
  /** The problem to show under `field` now (null: none). */
  errorOf(field: F): string | null
  /** The id of `field`'s FieldError. */
  errorId(field: F): string
  /** For the field's control: aria-invalid and aria-describedby (its hint, then its error), onBlur. */
  controlProps(
    field: F,
    hintId?: string,
  ): { 'aria-invalid'?: true; 'aria-describedby'?: string; onBlur: () => void }
  /** Call when `field` changes: what the server said about the old value goes. */
  changed(field: F): void
  /**
   * When the form is sent: shows every problem and returns the first field that has one (the
   * form moves focus to it), or null when the form may be sent.
   */
  checkAll(): F | null
  /** The server's field errors (PocketBase's `data`): those of this form's fields go under them. */
  showServerErrors(errors: Record<string, string>): boolean
}

/** What one group of fields (e.g. NewPasswordFields) needs of a form's checks. */
export type FieldControls<F extends string> = Pick<
  FieldChecks<F>,
  'errorOf' | 'errorId' | 'controlProps' | 'changed'
>

/** `check(field)` says what is wrong with the field's current value, or null. */
export function useFieldChecks<F extends string>(
  fields: readonly F[],
  check: (field: F) => string | null,
): FieldChecks<F> {
  const base = useId()
  const [left, setLeft] = useState<ReadonlySet<F>>(new Set())
  const [server, setServer] = useState<Partial<Record<F, string>>>({})

  const errorOf = (field: F) => server[field] ?? (left.has(field) ? check(field) : null)
  const errorId = (field: F) => `${base}-${field}-error`
  const markLeft = useCallback(
    (field: F) => setLeft((prev) => (prev.has(field) ? prev : new Set(prev).add(field))),
    [],
  )

  return {
    errorOf,
    errorId,
    controlProps(field, hintId) {
      const error = errorOf(field)
      const describedBy = [hintId, error ? errorId(field) : ''].filter(Boolean).join(' ')
      return {
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        onBlur: () => markLeft(field),
      }
    },
    changed(field) {
      setServer((prev) => {
        if (!(field in prev)) return prev
        const next = { ...prev }
        delete next[field]
        return next
      })
    },
    checkAll() {
      setLeft(new Set(fields))
      return fields.find((field) => server[field] || check(field)) ?? null
    },
    showServerErrors(errors) {
      const ours: Partial<Record<F, string>> = {}
      for (const field of fields) if (errors[field]) ours[field] = errors[field]
      setServer(ours)
      return Object.keys(ours).length > 0
    },
  }
}

/** Moves focus to the control named `field` in `form` (after checkAll). */
export function focusField(form: HTMLFormElement | null, field: string) {
  const control = form?.elements.namedItem(field)
  if (control instanceof HTMLElement) control.focus()
}
