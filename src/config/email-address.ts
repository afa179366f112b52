// One rule for the e-mail addresses the site accepts, and one way to link to an address. Shared
// by the forms (a clear message before anything is sent), the server's input checks
// (server/limits/input-problems.ts, email-change-request.ts) and every `mailto:` link of the site.
//
// Why: a local part (before the @) may legally hold `?`, `&`, `%`, `/` and quotes, but no real
// visitor's address does, and in a `mailto:` link such an address smuggles in its own fields:
// `lead?bcc=spy%40evil.test&x=y@evil.test` put the consultant's reply in blind copy to a stranger.
import { messages } from './messages'

/** Characters refused in the local part of an address. */
const UNSAFE_LOCAL_PART = /[?&%/"']/

/** Why `address` is refused (the message to show beside the field), or null when it is not. */
export function emailAddressProblem(address: string): string | null {
  const trimmed = address.trim()
  const at = trimmed.lastIndexOf('@')
  const local = at < 0 ? trimmed : trimmed.slice(0, at)
  return UNSAFE_LOCAL_PART.test(local) ? messages.emailUnsafeCharacters : null
}

/**
 * A `mailto:` link to `address` with an optional subject and body. Every part is percent-encoded
 * (RFC 6068), so nothing in the address can add a `cc`, `bcc` or `body` of its own, even for an
 * address stored before the rule above existed.
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}) {
  const trimmed = address.trim()
  const at = trimmed.lastIndexOf('@')
  const to =
    at < 0
      ? encodeURIComponent(trimmed)
      : `${encodeURIComponent(trimmed.slice(0, at))}@${encodeURIComponent(trimmed.slice(at + 1))}`
  const query: string[] = []
  if (fields.subject) query.push(`subject=${encodeURIComponent(fields.subject)}`)
  if (fields.body) query.push(`body=${encodeURIComponent(fields.body)}`)
  return `mailto:${to}${query.length ? `?${query.join('&')}` : ''}`
}
