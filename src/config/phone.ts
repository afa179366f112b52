// What a phone number must look like for a call-back request: the form checks it as the visitor
// leaves the field, and the server (pb_hooks/contacts.pb.js, through lib/shared.cjs) again.

/** Digits, spaces, dots, dashes, brackets and a leading plus; 7 to 15 digits (E.164's most). */
export function phoneProblem(value: string): string | null {
  const phone = value.trim()
  if (!phone) return 'Please enter a phone number.'
  if (!/^\+?[\d\s().-]+$/.test(phone)) return 'Use digits, spaces and dashes only.'
  const digits = phone.replace(/\D/g, '').length
  if (digits < 7 || digits > 15) return 'Please enter the whole number, with the area code.'
  return null
}
