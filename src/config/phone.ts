// Phone numbers visitors type: what one must look like for a call-back request (the form checks it
// as the visitor leaves the field, the server again in server/leads/contacts.ts), and a
// tap-to-call link.

/** Digits, spaces, dots, dashes, brackets and a leading plus; 7 to 15 digits (E.164's most). */
export function phoneProblem(value: string): string | null {
  const phone = value.trim()
  if (!phone) return 'Please enter a phone number.'
  if (!/^\+?[\d\s().-]+$/.test(phone)) return 'Use digits, spaces and dashes only.'
  const digits = phone.replace(/\D/g, '').length
  if (digits < 7 || digits > 15) return 'Please enter the whole number, with the area code.'
  return null
}

/** A `tel:` link for a phone number as typed: only its digits and a leading plus. */
export function telHref(phone: string): string {
  const trimmed = phone.trim()
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`
}

/**
 * What makes two typed numbers the same line: the digits, without a North American leading 1
 * ("+1 (603) 555-0142" and "603.555.0142" are one number); server/people/find.ts finds a person
 * by it.
 */
export function phoneKey(value: string): string {
  const digits = value.replace(/\D/g, '')
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
}
