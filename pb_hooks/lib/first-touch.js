/// <reference path="../../.pb-types/types.d.ts" />
// Checks where a visit came from, as a client may send it: on an audit or a message
// (`firstTouch`, an object) and on a funnel event (its own fields). Only the known fields,
// single-line strings within their limits; anything else is a 400 naming the field.

const { FIRST_TOUCH_FIELDS, FIRST_TOUCH_MAX } = require('./shared.cjs')

const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * The problem with one touch field's value, or '' when it is fine.
 * @param {string} field
 * @param {unknown} value
 */
function touchFieldProblem(field, value) {
  if (typeof value !== 'string') return 'Must be text.'
  const max = /** @type {Record<string, number>} */ (FIRST_TOUCH_MAX)[field]
  if (value.length > max) return 'Must be at most ' + max + ' characters.'
  if (CONTROL.test(value)) return 'Must be a single line of text.'
  if (field === 'path' && value && value.charAt(0) !== '/') return 'Must be a path on this site.'
  return ''
}

/**
 * The stored first touch for a sent value: null for none, or { fieldErrors } for a bad one.
 * @returns {{ value: Record<string, string> | null, problems: Record<string, string> }}
 * @param {unknown} sent  the client's `firstTouch`
 */
function readFirstTouch(sent) {
  /** @type {Record<string, string>} */
  const problems = {}
  if (sent === undefined || sent === null || sent === '') return { value: null, problems }
  if (typeof sent !== 'object' || Array.isArray(sent)) {
    problems.firstTouch = 'Must be an object.'
    return { value: null, problems }
  }
  /** @type {Record<string, string>} */
  const value = {}
  const fields = /** @type {Record<string, unknown>} */ (sent)
  for (const key of Object.keys(fields)) {
    if (/** @type {readonly string[]} */ (FIRST_TOUCH_FIELDS).indexOf(key) < 0) {
      problems['firstTouch.' + key] = 'Unknown field.'
      continue
    }
    const problem = touchFieldProblem(key, fields[key])
    if (problem) problems['firstTouch.' + key] = problem
    // Without a problem it is text.
    else if (fields[key]) value[key] = /** @type {string} */ (fields[key])
  }
  return { value: Object.keys(value).length ? value : null, problems }
}

module.exports = { readFirstTouch, touchFieldProblem }
