// The live preview of an issue in the mail's real look (the server's mail frame, the body from
// the same renderer), at a phone's or a desktop's width. The mail is drawn into a sandboxed
// frame through the DOM: its inline styles are set through the CSSOM, which the site's
// Content-Security-Policy (no inline style attributes) allows; no script can run in the frame.
import { useEffect, useMemo, useRef, useState } from 'react'
import {
  previewMailHtml,
  type IssueContent,
  type PreviewFrameData,
} from '../../content/issue-preview'

type Width = 'phone' | 'desktop'

export function NewsletterPreview({
  frame,
  content,
}: {
  frame: PreviewFrameData
  content: IssueContent
}) {
  const [width, setWidth] = useState<Width>('phone')
  const html = useMemo(() => previewMailHtml(frame, content), [frame, content])
  const iframe = useRef<HTMLIFrameElement>(null)

  useEffect(() => {
    if (iframe.current) paint(iframe.current, html)
  }, [html])

  return (
    <section className="nl-preview" aria-labelledby="nl-preview-title">
      <div className="nl-preview__bar">
        <h3 id="nl-preview-title">Preview</h3>
        <div className="nl-preview__widths" role="group" aria-label="Preview width">
          {(['phone', 'desktop'] as const).map((w) => (
            <button
              key={w}
              type="button"
              className="btn btn-secondary admin-btn-small"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
            >
              {w === 'phone' ? 'Phone' : 'Desktop'}
            </button>
          ))}
        </div>
      </div>
      <div className="nl-preview__stage">
        <iframe
          ref={iframe}
          title="Preview of the e-mail"
          className={`nl-preview__frame nl-preview__frame--${width}`}
          sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          data-testid="newsletter-preview"
          onLoad={(event) => paint(event.currentTarget, html)}
        />
      </div>
    </section>
  )
}

const STYLE_MARK = 'data-nl-style'

/** Replaces the frame's document with `html`, styles set through the CSSOM, links opening apart. */
function paint(frame: HTMLIFrameElement, html: string) {
  const doc = frame.contentDocument
  if (!doc) return
  // Parsing a style attribute is what the policy refuses (even in DOMParser's document): the
  // styles travel in a data attribute instead. Our HTML quotes every attribute with ", and a
  // quote in text is escaped, so only real style attributes match.
  const marked = html.replace(/ style="/g, ` ${STYLE_MARK}="`)
  const parsed = new DOMParser().parseFromString(marked, 'text/html')
  for (const element of parsed.querySelectorAll('script, iframe, object, embed, form, style')) {
    element.remove()
  }
  for (const link of parsed.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank')
    link.setAttribute('rel', 'noopener noreferrer')
  }
  const root = doc.importNode(parsed.documentElement, true)
  doc.replaceChild(root, doc.documentElement)
  for (const element of doc.querySelectorAll<HTMLElement>(`[${STYLE_MARK}]`)) {
    element.style.cssText = element.getAttribute(STYLE_MARK) ?? ''
    element.removeAttribute(STYLE_MARK)
  }
}
