// What the site says about a new password, shared by the account forms and the server's checks
// (server/limits/passwords.ts). Apart from messages.ts, whose texts every page loads: only the
// account pages need these.

/** A new password on the list of the most common ones (the server refuses it). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones, so it is easy to guess. Please choose another.'
