// Escaping for every value that ends up in an e-mail. Visitor text is escaped for HTML, kept
// on one line in headers, and never trusted as a link.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** '' for null and undefined, else String(value). */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return String(value)
}

/** Text and attribute values in HTML: `<script>` arrives as `&lt;script&gt;`. */
export function escapeHtml(value: unknown): string {
  return toText(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/** Multi-line visitor text (a contact message) for HTML: escaped, line breaks kept. */
export function escapeMultiline(value: unknown): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>\n')
}

/** A header value (subject): no line breaks or control characters, at most `max` characters. */
export function oneLine(value: unknown, max?: number): string {
  const flat = toText(value)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const limit = max || 120
  return flat.length > limit ? flat.slice(0, limit - 1) + '\u2026' : flat
}

/** Only http(s) links from our own configuration are used; anything else becomes '#'. */
export function safeUrl(value: unknown): string {
  const url = toText(value).trim()
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : '#'
}
