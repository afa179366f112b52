// The console's live preview of a newsletter issue: the server's mail frame (the mail exactly as
// every copy shows it, server/newsletter/issue-mail.ts) filled with what is being typed,
// the body rendered by the same renderer as the mail. Pure.
import { renderMarkdown, type MailColours } from './markdown'

export interface PreviewFrameData {
  html: string
  placeholders: { subject: string; preheader: string; body: string }
  colours: MailColours
}

export interface IssueContent {
  subject: string
  preheader: string
  body: string
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/** A header line as the server writes it: no control characters, spaces collapsed, clipped. */
export function oneLine(text: string, max: number): string {
  const visible = Array.from(text, (c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('')
  const flat = visible.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat
}

/** The whole mail of `content` as a subscriber would get it (with sample links). */
export function previewMailHtml(frame: PreviewFrameData, content: IssueContent): string {
  const subject = escapeHtml(oneLine(content.subject, 200) || '(no subject)')
  const preheader = escapeHtml(oneLine(content.preheader, 200))
  const body = renderMarkdown(content.body, { variant: 'mail', colours: frame.colours })
  return frame.html
    .split(frame.placeholders.subject)
    .join(subject)
    .split(frame.placeholders.preheader)
    .join(preheader)
    .replace(frame.placeholders.body, () => body)
}
