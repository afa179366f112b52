// What a page needs to show the site's content (./site-content.ts), apart from its values: the
// element a served page carries the content in, the owner's first name and the phone's `tel:`
// link. Kept apart from the first version's values and the check, so the browser's first script
// imports these without them.
import type { SiteContent } from './site-content'

/**
 * The id of the `<script type="application/json">` each served page carries its content in: the
 * page was rendered from it, and the browser's React reads it so hydration says the same.
 */
export const SITE_CONTENT_ELEMENT_ID = 'site-content'

/** The owner's first name, for "I'm Alex" and mail greetings. */
export function firstNameOf(content: Pick<SiteContent, 'ownerName'>): string {
  return content.ownerName.trim().split(/\s+/)[0] || content.ownerName
}

/** The `tel:` link of the business phone, in E.164 so it works from anywhere. */
export function phoneHref(content: Pick<SiteContent, 'phone'>): string {
  return `tel:${phoneE164(content)}`
}

/** The phone in E.164 for the business data: a 10-digit number is taken as North American. */
export function phoneE164(content: Pick<SiteContent, 'phone'>): string {
  const trimmed = content.phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return `+${digits}`
  return digits.length === 10 ? `+1${digits}` : `+${digits}`
}
