// Shows a rendered e-mail's HTML inside the console without an iframe or inline markup the
// Content-Security-Policy refuses (`frame-src` allows only the scheduler, `style-src` no inline
// styles): the HTML is parsed into an inert document, and only known tags, plain attributes and
// http(s) links are copied into `target`, each element's inline style applied property by
// property through the CSSOM (which the policy does not govern). Scripts, event handlers and
// anything unknown are dropped.

const TAGS = new Set([
  'a',
  'b',
  'br',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'i',
  'li',
  'ol',
  'p',
  'span',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
])
const STYLE = 'data-mail-style'
const ATTRIBUTES = new Set(['align', 'valign', 'width', 'height', 'colspan', 'role'])

/**
 * Inline declarations (`a:b;c:d`) one property at a time: Chromium refuses even `style.cssText`
 * under `style-src 'self'`, but not `setProperty`.
 */
function applyStyle(element: HTMLElement, style: string): void {
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const name = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration.slice(colon + 1).trim()
    if (/^[a-z-]+$/.test(name) && value) element.style.setProperty(name, value)
  }
}

function copy(source: Node, into: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''))
      continue
    }
    if (!(child instanceof Element)) continue
    const tag = child.tagName.toLowerCase()
    if (!TAGS.has(tag)) {
      // Unknown wrappers keep their text (a <center>); scripts and styles go entirely.
      if (tag !== 'script' && tag !== 'style' && tag !== 'title' && tag !== 'head')
        copy(child, into, doc)
      continue
    }
    const element = doc.createElement(tag)
    for (const name of ATTRIBUTES) {
      const value = child.getAttribute(name)
      if (value !== null) element.setAttribute(name, value)
    }
    applyStyle(element, child.getAttribute(STYLE) ?? '')
    if (tag === 'a') {
      const href = child.getAttribute('href') ?? ''
      if (/^https?:\/\//i.test(href)) {
        element.setAttribute('href', href)
        element.setAttribute('target', '_blank')
        element.setAttribute('rel', 'noopener noreferrer')
      }
    }
    copy(child, element, doc)
    into.appendChild(element)
  }
}

/** Replaces `target`'s content with the mail's body. */
export function showMailHtml(target: HTMLElement, html: string): void {
  // Even an inert document applies (and the policy refuses) the style attributes it parses: they
  // are renamed first. The mails escape every text, so ` style="` only ever starts an attribute.
  const parsed = new DOMParser().parseFromString(
    html.replace(/(<[a-z][^>]*\s)style=/gi, `$1${STYLE}=`),
    'text/html',
  )
  const fragment = document.createDocumentFragment()
  copy(parsed.body, fragment, document)
  target.replaceChildren(fragment)
}
