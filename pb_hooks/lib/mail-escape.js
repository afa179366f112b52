/// <reference path="../../.pb-types/types.d.ts" />
// Escaping for every value that ends up in an e-mail. Visitor text is escaped for HTML, kept
// on one line in headers, and never trusted as a link.

/** @type {Record<string, string>} */
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text and attribute values in HTML: `<script>` arrives as `&lt;script&gt;`.
 * @param {unknown} value
 */
function escapeHtml(value) {
  return toText(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/**
 * Multi-line visitor text (a contact message) for HTML: escaped, line breaks kept.
 * @param {unknown} value
 */
function escapeMultiline(value) {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>\n')
}

/**
 * A header value (subject): no line breaks or control characters, at most `max` characters.
 * @param {unknown} value
 * @param {number} [max]
 */
function oneLine(value, max) {
  const flat = toText(value)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const limit = max || 120
  return flat.length > limit ? flat.slice(0, limit - 1) + '\u2026' : flat
}

/**
 * Only http(s) links from our own configuration are used; anything else becomes '#'.
 * @param {unknown} value
 */
function safeUrl(value) {
  const url = toText(value).trim()
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : '#'
}

/**
 * @param {unknown} value
 * @returns {string} '' for null and undefined, else String(value)
 */
function toText(value) {
  if (value === null || value === undefined) return ''
  return String(value)
}

module.exports = { escapeHtml, escapeMultiline, oneLine, safeUrl, toText }
