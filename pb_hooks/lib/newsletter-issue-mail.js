/// <reference path="../../.pb-types/types.d.ts" />
// A newsletter issue as an e-mail, { subject, html, text }. Pure: plain data in, strings out.
// The body's HTML and text come from the one Markdown renderer (lib/markdown.cjs, safe output);
// the frame is the site's mail layout (lib/mail-templates.js). Every copy carries the reader's
// own unsubscribe link, a "view it on the site" link and the business's postal address (which
// anti-spam law requires of every commercial mail); the RFC 8058 headers travel with the
// delivery (lib/newsletter-issues.js).

const { escapeHtml, escapeMultiline, oneLine, safeUrl, toText } = require('./mail-escape.js')
const templates = require('./mail-templates.js')

const { INK, MUTED, SPRUCE } = templates.colours

/**
 * Placeholders of the console's preview frame (issueMailFrame): the browser puts the escaped
 * subject and preview text and the body it renders with the same renderer in their place.
 */
const FRAME = { subject: '%%SUBJECT%%', preheader: '%%PREHEADER%%', body: '<!--ISSUE-BODY-->' }

/**
 * @typedef {object} IssueMailInput
 * @property {string} subject
 * @property {string} preheader
 * @property {string} bodyHtml  the body rendered for mail (renderMarkdown variant 'mail')
 * @property {string} bodyText  the body as plain text (markdownToText)
 * @property {string} businessName
 * @property {string} postalAddress  MAIL_POSTAL_ADDRESS
 * @property {{ appUrl: string, viewUrl: string, unsubscribeUrl: string }} links
 * @property {boolean} [test]  a test copy for the consultant (a line on top says so)
 */

/** @param {string} href @param {string} label */
function link(href, label) {
  return `<a href="${escapeHtml(safeUrl(href))}" style="color:${SPRUCE};">${escapeHtml(label)}</a>`
}

/**
 * The subject as a mail header: one line, at most 200 characters.
 * @param {string} subject
 */
function issueSubject(subject) {
  return oneLine(subject, 200) || '(no subject)'
}

/** @param {IssueMailInput} input */
function issueMail(input) {
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

/**
 * @param {IssueMailInput} input
 * @param {string} subjectHtml  escaped
 * @param {string} preheaderHtml  escaped
 * @param {string} bodyHtml
 */
function issueHtml(input, subjectHtml, preheaderHtml, bodyHtml) {
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
  return templates
    .layout({
      title: '\u0000title\u0000',
      preheader: '\u0000preheader\u0000',
      brand: input.businessName,
      body,
      footer,
    })
    .replace('\u0000title\u0000', () => subjectHtml)
    .replace('\u0000preheader\u0000', () => preheaderHtml)
}

/** @param {IssueMailInput} input @param {string} subject */
function issueText(input, subject) {
  const links = input.links
  const lines = []
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
 * @param {Omit<IssueMailInput, 'subject' | 'preheader' | 'bodyHtml' | 'bodyText'>} input
 */
function issueMailFrame(input) {
  return issueHtml(
    Object.assign({ subject: '', preheader: '', bodyHtml: '', bodyText: '' }, input),
    FRAME.subject,
    FRAME.preheader,
    FRAME.body,
  )
}

module.exports = { issueMail, issueMailFrame, issueSubject, FRAME, colours: templates.colours }
