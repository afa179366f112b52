// The words of the form checks every form shares (an empty field, an e-mail address that is not
// one). The server checks again; these only save the visitor a round trip.

/** A light check of an e-mail address's shape: something@something.something, no spaces. */
export function emailProblem(value: string): string | null {
  const email = value.trim()
  if (!email) return 'Please enter your e-mail address.'
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return 'Please enter an e-mail address like name@example.com.'
  return null
}

/** `what` is the thing asked for, e.g. 'your name'. */
export function requiredProblem(value: string, what: string): string | null {
  return value.trim() ? null : `Please enter ${what}.`
}
