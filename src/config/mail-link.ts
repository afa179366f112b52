// The signed token a link in a results or follow-up mail carries to the site's pages: small
// enough for every page's entry script (src/main.tsx checks for it).

/** The query parameter carrying a mail link's signed token (`?ref=`) on the site's pages. */
export const MAIL_LINK_PARAM = 'ref'

/**
 * A mail link's signed token: a letter for what it names (r: an audit's results mail, f: one
 * follow-up mail, s: a person's sequence, for stopping it), the record id, a dot, and 64 hex
 * digits of HMAC-SHA256.
 */
export const MAIL_LINK_TOKEN = /^[rfs][a-z0-9]{15}\.[a-f0-9]{64}$/
