// The signed link from a results or follow-up mail that brought this visit (`?ref=<token>`):
// recorded with the server once (it shows the address is the visitor's), kept in sessionStorage
// (gone when the tab closes) so a booking later in this visit names its person, and taken out
// of the address bar so it is not bookmarked or shared. The server's answer (who the link was
// made for) fills in the booking form.
import type { MailLinkPrefill } from '../backend/followup-api'
import { MAIL_LINK_PARAM, MAIL_LINK_TOKEN } from '../config/mail-link'

const STORAGE_KEY = 'mail-link'

interface StoredLink {
  token: string
  prefill: MailLinkPrefill | null
}

function readStored(): StoredLink | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as StoredLink | null
    return stored && typeof stored.token === 'string' && MAIL_LINK_TOKEN.test(stored.token)
      ? stored
      : null
  } catch {
    return null
  }
}

function store(link: StoredLink): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(link))
  } catch {
    // Storage blocked: a booking in this visit will not name the person; nothing else changes.
  }
}

/** The token from the address bar, removed from it (the rest of the query stays). */
function takeFromAddress(): string | null {
  if (typeof window === 'undefined') return null
  const url = new URL(location.href)
  const token = url.searchParams.get(MAIL_LINK_PARAM)
  if (token === null) return null
  url.searchParams.delete(MAIL_LINK_PARAM)
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
  return MAIL_LINK_TOKEN.test(token) ? token : null
}

let opening: Promise<MailLinkPrefill | null> | null = null

/**
 * Takes a mail link from the address bar and records its click (once per page load); answers
 * who the visit's link was made for, or null without one (or for a link no longer valid).
 */
export function openMailLink(): Promise<MailLinkPrefill | null> {
  if (opening) return opening
  const token = takeFromAddress()
  const stored = readStored()
  if (!token || (stored?.token === token && stored.prefill)) {
    opening = Promise.resolve(stored?.prefill ?? null)
    return opening
  }
  opening = import('../backend/followup-api')
    .then(async ({ recordMailLinkClick }) => {
      const { pb } = await import('../backend/client')
      return recordMailLinkClick(pb, token)
    })
    .then(
      (prefill) => {
        // A link the server refused names nobody; one it could not be asked about still may.
        if (prefill) store({ token, prefill })
        return prefill
      },
      () => {
        store({ token, prefill: null })
        return null
      },
    )
  return opening
}

/**
 * The visit's mail link token for a booking report, when it was made for `email` (the address
 * the scheduler is filled in with) or nothing else is known.
 */
export function mailLinkFor(email: string | undefined): string | undefined {
  const stored = readStored()
  if (!stored) return undefined
  const linked = stored.prefill?.email
  if (email && linked && linked.toLowerCase() !== email.trim().toLowerCase()) return undefined
  return stored.token
}
