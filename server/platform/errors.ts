// Answering an error the project's way: a 4xx names the field with PocketBase's own error shape
// ({ message, data: { field: { code, message } } }), which the client's outbox reads; a write that
// passed validation but failed (a full disk, a locked database) is a 503 the client retries.
import type { App } from './events'

/** Field name -> [code, message], e.g. { email: ['validation_required', 'Cannot be blank.'] }. */
export type FieldProblems = Record<string, [code: string, message: string]>

/** PocketBase's validation errors for `problems`. */
export function fieldErrors(problems: FieldProblems): Record<string, ValidationError> {
  const data: Record<string, ValidationError> = {}
  for (const field of Object.keys(problems)) {
    data[field] = new ValidationError(problems[field][0], problems[field][1])
  }
  return data
}

/** A 400 with `message`, naming each field of `problems`. */
export function badRequest(message: string, problems: FieldProblems = {}): BadRequestError {
  return new BadRequestError(message, fieldErrors(problems))
}

/**
 * Throws a 400 with `message` when a check named any field (`problems`: field -> the sentence for
 * a person), each as `validation_invalid_value`; returns otherwise.
 */
export function refuseProblems(message: string, problems: Record<string, string>): void {
  const names = Object.keys(problems)
  if (!names.length) return
  const named: FieldProblems = {}
  for (const name of names) named[name] = ['validation_invalid_value', problems[name]]
  throw badRequest(message, named)
}

/** True when `problems` names at least one field. */
export function hasProblems(problems: FieldProblems): boolean {
  return Object.keys(problems).length > 0
}

/**
 * True for a write refused by a UNIQUE constraint (a record id or e-mail sent twice at once):
 * PocketBase turns that into its own 400 naming the field ("validation_not_unique", which the
 * outbox reads as "already delivered"), so it must pass through unchanged.
 */
export function isUniqueViolation(err: unknown): boolean {
  return /unique/i.test(String(err))
}

/** Logs why `record` could not be written and returns the 503 to throw instead. */
export function unavailable(app: App, record: core.Record, err: unknown): ApiError {
  try {
    app
      .logger()
      .error(
        'save failed after validation',
        'collection',
        record.collection().name,
        'recordId',
        record.id,
        'error',
        String(err),
      )
  } catch {
    // the answer matters more than the log line
  }
  return new ApiError(503, 'The server could not save this right now. Please try again later.', {})
}
