/// <reference path="../../.pb-types/types.d.ts" />
// How a newsletter issue looks, outside any request: the body rendered once when its send
// starts (lib/markdown.cjs: the archive's HTML, the mail's HTML with signed click links, the
// text part), each subscriber's copy put together when the queue sends it (with their own
// unsubscribe link and RFC 8058 headers, or skipped when they are no longer active), the
// consultant's test copy, and the console's preview frame. Required by the delivery kinds
// (lib/newsletter-issue-kinds.js), so it never requires the queue itself.

/** @typedef {import('./delivery-types').DeliveryRow} DeliveryRow */
/** @typedef {import('./delivery-types').Rendered} Rendered */

const { mailConfig } = require('./mail-config.js')
/** @type {typeof import('./newsletter-links.js')} */
const newsletter = require('./newsletter-links.js')
const issueMailTemplate = require('./newsletter-issue-mail.js')
const { BUSINESS_NAME, paths } = require('./shared.cjs')

const COLLECTION = 'newsletter_issues'
const ID = /^[a-z0-9]{15}$/

/** @returns {typeof import('./markdown.cjs')} */
function markdown() {
  return require('./markdown.cjs')
}

/**
 * @param {string} name
 */
function env(name) {
  return String($os.getenv(name) || '').trim()
}

/** MAIL_POSTAL_ADDRESS, with `\n` written in the env file as a line break; '' when unset. */
function postalAddress() {
  return env('MAIL_POSTAL_ADDRESS').replace(/\\n/g, '\n').trim()
}

/**
 * The issue's page on the site (its slug, or the archive before it has one).
 * @param {core.App} app
 * @param {core.Record} issue
 */
function viewUrl(app, issue) {
  const appUrl = mailConfig(app).links.appUrl
  const slug = issue.getString('slug')
  return slug
    ? `${appUrl}${paths.newsletterArchive}/${slug}`
    : `${appUrl}${paths.newsletterArchive}`
}

// --- the signed click redirect ----------------------------------------------------------------

/** @param {core.App} app @param {string} issueId @param {string} url */
function clickSignature(app, issueId, url) {
  return $security.hs256(`click:${issueId}:${url}`, newsletter.signingKey(app))
}

/**
 * The mail's address for a link: counts the click, then goes on to `url` (http(s) only).
 * @param {core.App} app
 * @param {string} issueId
 * @param {string} url
 */
function clickUrl(app, issueId, url) {
  if (!/^https?:\/\//i.test(url)) return url
  const appUrl = mailConfig(app).links.appUrl
  return (
    `${appUrl}/api/newsletter/click?i=${issueId}&u=${encodeURIComponent(url)}` +
    `&s=${clickSignature(app, issueId, url)}`
  )
}

// --- rendering ----------------------------------------------------------------------------------

/**
 * The body as the archive shows it and as every copy carries it, rendered once.
 * @param {core.App} app
 * @param {core.Record} issue
 */
function renderSnapshot(app, issue) {
  const md = markdown()
  const body = issue.getString('body')
  return {
    pageHtml: md.renderMarkdown(body, { variant: 'page' }),
    mailHtml: md.renderMarkdown(body, {
      variant: 'mail',
      colours: issueMailTemplate.colours,
      linkHref: (url) => clickUrl(app, issue.id, url),
    }),
    mailText: md.markdownToText(body),
  }
}

/** Everything a copy needs from the configuration. @param {core.App} app */
function mailContext(app) {
  const config = mailConfig(app)
  return {
    appUrl: config.links.appUrl,
    businessName: config.businessName || BUSINESS_NAME,
    postalAddress: postalAddress(),
  }
}

/**
 * One subscriber's copy, at delivery time: { subject, html, text, headers }, or { cancel } when
 * the address is no longer an active subscriber (unsubscribed during the send, or removed).
 * Throws an error marked `permanent` when the issue itself is gone.
 * @param {core.App} app
 * @param {{ sourceId: string, recipient: string, payload: any }} row
 */
function renderCopy(app, row) {
  let issue
  try {
    issue = app.findRecordById(COLLECTION, row.sourceId)
  } catch (_) {
    throw permanent(`The newsletter issue ${row.sourceId} no longer exists.`)
  }
  const payload = typeof row.payload === 'string' ? safeJson(row.payload) : row.payload || {}
  let subscription
  try {
    subscription = app.findRecordById(newsletter.COLLECTION, String(payload.subscription || ''))
  } catch (_) {
    return { cancel: 'The subscription no longer exists.' }
  }
  if (subscription.getString('status') !== 'active') {
    return { cancel: 'Unsubscribed after the send started.' }
  }
  if (subscription.getString('email') !== String(row.recipient || '').toLowerCase()) {
    return { cancel: 'The subscriber changed their address after the send started.' }
  }
  const context = mailContext(app)
  const links = newsletter.linksFor(app, subscription)
  const fromIssue = `issue=${issue.id}`
  const mail = issueMailTemplate.issueMail({
    subject: issue.getString('subject'),
    preheader: issue.getString('preheader'),
    bodyHtml: issue.getString('mailHtml'),
    bodyText: issue.getString('mailText'),
    businessName: context.businessName,
    postalAddress: context.postalAddress,
    links: {
      appUrl: context.appUrl,
      viewUrl: viewUrl(app, issue),
      unsubscribeUrl: `${links.unsubscribeUrl}?${fromIssue}`,
    },
  })
  return {
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUrl}&${fromIssue}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * The consultant's test copy of the issue as it stands (a draft is rendered now), marked as a
 * test, without the list headers (it goes to no subscriber).
 * @param {core.App} app
 * @param {{ sourceId: string }} row
 */
function renderTestCopy(app, row) {
  let issue
  try {
    issue = app.findRecordById(COLLECTION, row.sourceId)
  } catch (_) {
    throw permanent(`The newsletter issue ${row.sourceId} no longer exists.`)
  }
  const context = mailContext(app)
  const snapshot = issue.getString('mailHtml')
    ? {
        mailHtml: issue.getString('mailHtml'),
        mailText: issue.getString('mailText'),
      }
    : renderSnapshot(app, issue)
  const mail = issueMailTemplate.issueMail({
    subject: issue.getString('subject'),
    preheader: issue.getString('preheader'),
    bodyHtml: snapshot.mailHtml,
    bodyText: snapshot.mailText,
    businessName: context.businessName,
    postalAddress: context.postalAddress || '(MAIL_POSTAL_ADDRESS is not set yet)',
    links: {
      appUrl: context.appUrl,
      viewUrl: viewUrl(app, issue),
      unsubscribeUrl: `${context.appUrl}${paths.newsletterArchive}`,
    },
    test: true,
  })
  return { subject: `[Test] ${mail.subject}`, html: mail.html, text: mail.text }
}

/**
 * The preview frame and what the browser needs to fill it exactly as a copy.
 * @param {core.App} app
 */
function previewFrame(app) {
  const context = mailContext(app)
  return {
    html: issueMailTemplate.issueMailFrame({
      businessName: context.businessName,
      postalAddress: context.postalAddress || '(your postal address: set MAIL_POSTAL_ADDRESS)',
      links: {
        appUrl: context.appUrl,
        viewUrl: `${context.appUrl}${paths.newsletterArchive}`,
        unsubscribeUrl: `${context.appUrl}${paths.newsletterArchive}`,
      },
    }),
    placeholders: issueMailTemplate.FRAME,
    colours: issueMailTemplate.colours,
  }
}

/**
 * @param {string} message
 */
function permanent(message) {
  const err = /** @type {Error & { permanent?: boolean }} */ (new Error(message))
  err.permanent = true
  return err
}

/**
 * @param {string} text
 * @returns {Record<string, unknown>} the parsed object, {} for anything unreadable
 */
function safeJson(text) {
  try {
    return JSON.parse(text) || {}
  } catch (_) {
    return {}
  }
}

/**
 * The target of a signed click link, or '' when anything was changed.
 * @param {core.App} app
 * @param {string} issueId
 * @param {string} url
 * @param {string} signature
 */
function verifiedClickTarget(app, issueId, url, signature) {
  if (!ID.test(issueId) || !/^https?:\/\//i.test(url) || url.length > 2000) return ''
  if (!/^[a-f0-9]{64}$/.test(signature)) return ''
  return $security.equal(clickSignature(app, issueId, url), signature) ? url : ''
}

module.exports = {
  postalAddress,
  viewUrl,
  clickUrl,
  verifiedClickTarget,
  renderSnapshot,
  renderCopy,
  renderTestCopy,
  previewFrame,
  permanent,
}
