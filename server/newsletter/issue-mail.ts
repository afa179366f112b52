// A newsletter issue as an e-mail, { subject, html, text }. Pure: plain data in, strings out.
// The body's HTML and text come from the one Markdown renderer (src/content/markdown.ts, safe
// output); the frame is the site's mail layout (the mail area's `layout`). Every copy carries the
// reader's own unsubscribe link, a "view it on the site" link and the business's postal address
// (which anti-spam law requires of every commercial mail); the RFC 8058 headers travel with the
// delivery (./issue-render).
import {
  colours,
  escapeHtml,
  escapeMultiline,
  layout,
  oneLine,
  safeUrl,
  toText,
} from '../mail/index'
import type { Mail } from '../mail/index'

/**
 * Placeholders of the console's preview frame (issueMailFrame): the browser puts the escaped
 * subject and preview text and the body it renders with the same renderer in their place.
 */
export const FRAME = {
  subject: '%%SUBJECT%%',
  preheader: '%%PREHEADER%%',
  body: '<!--ISSUE-BODY-->',
}

export interface IssueMailInput {
  subject: string
  preheader: string
  /** The body rendered for mail (renderMarkdown variant 'mail'). */
  bodyHtml: string
  /** The body as plain text (markdownToText). */
  bodyText: string
  businessName: string
  /** MAIL_POSTAL_ADDRESS. */
  postalAddress: string
  links: { appUrl: string; viewUrl: string; unsubscribeUrl: string }
  /** A test copy for the consultant (a line on top says so). */
  test?: boolean
}

type FrameInput = Omit<IssueMailInput, 'subject' | 'preheader' | 'bodyHtml' | 'bodyText'>

function link(href: string, label: string): string {
  return `<a href="${escapeHtml(safeUrl(href))}" style="color:${colours.SPRUCE};">${escapeHtml(label)}</a>`
}

/** The subject as a mail header: one line, at most 200 characters. */
export function issueSubject(subject: string): string {
  return oneLine(subject, 200) || '(no subject)'
}

export function issueMail(input: IssueMailInput): Mail {
  const subject = issueSubject(input.subject)
  return {
    subject,
    html: issueHtml(
      input,
      escapeHtml(subject),
      escapeHtml(oneLine(input.preheader, 200)),
      input.bodyHtml,
    ),
    text: issueText(input, subject),
  }
}

/** `subjectHtml` and `preheaderHtml` are escaped already. */
function issueHtml(
  input: FrameInput,
  subjectHtml: string,
  preheaderHtml: string,
  bodyHtml: string,
): string {
  const { INK, MUTED } = colours
  const links = input.links
  const body = [
    input.test
      ? `<p style="margin:0 0 16px;padding:8px 12px;background:#fff4d6;border-radius:6px;font-size:14px;color:${INK};">Test copy, sent only to you. In the real mail the unsubscribe link is the reader's own.</p>`
      : '',
    `<p style="margin:0 0 16px;font-size:13px;color:${MUTED};">${link(links.viewUrl, 'View it on the site')}</p>`,
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${INK};">${subjectHtml}</h1>`,
    bodyHtml,
  ].join('\n')
  const footer = [
    `You get this e-mail because you subscribed to business growth tips from ${escapeHtml(input.businessName)} on ${link(links.appUrl, links.appUrl)}.`,
    `<br>${link(links.unsubscribeUrl, 'Unsubscribe')} &middot; ${link(links.viewUrl, 'View it on the site')}`,
    `<br><br>${escapeHtml(input.businessName)}<br>${escapeMultiline(input.postalAddress)}`,
  ].join('')
  // The layout escapes title and preheader itself: give it placeholders and put ours in after.
  return layout({
    title: '\u0000title\u0000',
    preheader: '\u0000preheader\u0000',
    brand: input.businessName,
    body,
    footer,
  })
    .replace('\u0000title\u0000', () => subjectHtml)
    .replace('\u0000preheader\u0000', () => preheaderHtml)
}

function issueText(input: IssueMailInput, subject: string): string {
  const links = input.links
  const lines: string[] = []
  if (input.test) lines.push('[Test copy, sent only to you.]', '')
  lines.push(
    subject,
    '='.repeat(Math.min(subject.length, 60)),
    '',
    `View it on the site: ${links.viewUrl}`,
    '',
    toText(input.bodyText),
    '',
    '--',
    `You get this e-mail because you subscribed to business growth tips from ${toText(input.businessName)} on ${links.appUrl}.`,
    `Unsubscribe: ${links.unsubscribeUrl}`,
    '',
    toText(input.businessName),
    toText(input.postalAddress),
  )
  return lines.join('\n')
}

/**
 * The mail with placeholders for subject, preview text and body, for the console's live
 * preview: what the browser fills in is exactly what a copy shows.
 */
export function issueMailFrame(input: FrameInput): string {
  return issueHtml(input, FRAME.subject, FRAME.preheader, FRAME.body)
}
