// What a page needs to show the site's content (./site-content.ts), apart from its values: the
// element a served page carries the content in, the owner's first name, the phone's `tel:` link
// and a picture's addresses. Kept apart from the first version's values and the check, so the browser's first script
// imports these without them.
import { SITE_IMAGES } from './site-images'

/**
 * The id of the `<script type="application/json">` each served page carries its content in: the
 * page was rendered from it, and the browser's React reads it so hydration says the same.
 */
export const SITE_CONTENT_ELEMENT_ID = 'site-content'

/** The owner's first name, for "I'm Alex" and mail greetings. */
export function firstNameOf(content: { ownerName: string }): string {
  return content.ownerName.trim().split(/\s+/)[0] || content.ownerName
}

/** The `tel:` link of the business phone, in E.164 so it works from anywhere. */
export function phoneHref(content: { phone: string }): string {
  return `tel:${phoneE164(content)}`
}

/** The phone in E.164 for the business data: a 10-digit number is taken as North American. */
export function phoneE164(content: { phone: string }): string {
  const trimmed = content.phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return `+${digits}`
  return digits.length === 10 ? `+1${digits}` : `+${digits}`
}

/** A picture that ships with the site, under /images/. */
export const BUNDLED_PICTURE_PATTERN = /^\/images\/[a-z0-9-]+\.(svg|png|jpg|webp)$/
/** An uploaded picture: "<record id>/<file name>" as PocketBase stores it. */
export const UPLOADED_PICTURE_PATTERN = /^[a-z0-9]{15}\/[^/?#\s\\]+\.(jpg|jpeg|png|webp)$/i

/** Where the page loads a picture from: `src`, and for an uploaded one a `srcSet` of its widths. */
export function pictureSources(picture: string): { src: string; srcSet?: string } {
  if (!UPLOADED_PICTURE_PATTERN.test(picture)) return { src: picture }
  const [id, file] = picture.split('/')
  const url = (width: number) =>
    `/api/files/${SITE_IMAGES.collection}/${id}/${encodeURIComponent(file)}?thumb=${width}x0`
  const [small] = SITE_IMAGES.thumbWidths
  return {
    src: url(small),
    srcSet: SITE_IMAGES.thumbWidths.map((width) => `${url(width)} ${width}w`).join(', '),
  }
}
