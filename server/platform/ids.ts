// Record ids as PocketBase makes them: 15 characters of [a-z0-9].

export const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** True for a well-formed record id. */
export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9]{15}$/.test(value)
}

/** A new random record id (or any length of the same alphabet). */
export function newRecordId(length = 15): string {
  return $security.randomStringWithAlphabet(length, ID_ALPHABET)
}
