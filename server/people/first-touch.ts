// Checks where a visit came from, as a client may send it: on an audit or a message
// (`firstTouch`, an object) and on a funnel event (its own fields). Only the known fields,
// single-line strings within their limits; anything else is a 400 naming the field.
import { FIRST_TOUCH_FIELDS, FIRST_TOUCH_MAX } from '../../src/config/first-touch'
import type { FirstTouch, FirstTouchField } from '../../src/config/first-touch'

const CONTROL = /[\u0000-\u001f\u007f]/

function isTouchField(field: string): field is FirstTouchField {
  return (FIRST_TOUCH_FIELDS as readonly string[]).indexOf(field) >= 0
}

/** The problem with one touch field's value, or '' when it is fine. */
export function touchFieldProblem(field: string, value: unknown): string {
  if (typeof value !== 'string') return 'Must be text.'
  // Callers name known fields; an unknown one has no limit to be held to (as before).
  const max = isTouchField(field) ? FIRST_TOUCH_MAX[field] : undefined
  if (max !== undefined && value.length > max) return 'Must be at most ' + max + ' characters.'
  if (CONTROL.test(value)) return 'Must be a single line of text.'
  if (field === 'path' && value && value.charAt(0) !== '/') return 'Must be a path on this site.'
  return ''
}

/** A first touch as stored (null for none), and the problems of a bad one (field -> message). */
export interface FirstTouchReading {
  value: FirstTouch | null
  problems: Record<string, string>
}

/** The stored first touch for the client's `firstTouch`: null for none, or its problems. */
export function readFirstTouch(sent: unknown): FirstTouchReading {
  const problems: Record<string, string> = {}
  if (sent === undefined || sent === null || sent === '') return { value: null, problems }
  if (typeof sent !== 'object' || Array.isArray(sent)) {
    problems.firstTouch = 'Must be an object.'
    return { value: null, problems }
  }
  const value: FirstTouch = {}
  const fields = sent as Record<string, unknown>
  for (const key of Object.keys(fields)) {
    if (!isTouchField(key)) {
      problems['firstTouch.' + key] = 'Unknown field.'
      continue
    }
    const sentValue = fields[key]
    const problem = touchFieldProblem(key, sentValue)
    if (problem) problems['firstTouch.' + key] = problem
    // Without a problem it is text.
    else if (sentValue) value[key] = sentValue as string
  }
  return { value: Object.keys(value).length ? value : null, problems }
}
