// How a newsletter issue looks, outside any request: the body rendered once when its send
// starts (src/content/markdown.ts: the archive's HTML, the mail's HTML with signed click links,
// the text part), each subscriber's copy put together when the queue sends it (with their own
// unsubscribe link and RFC 8058 headers, or skipped when they are no longer active), the
// consultant's test copy, and the console's preview frame. Used by the delivery kinds (./kinds),
// so it never queues anything itself.
import { mailConfig, colours } from '../mail/index'
import { permanentError } from '../queue/index'
import type { DeliveryRow, Rendered } from '../queue/index'
import type { App } from '../platform/events'
import { isRecordId } from '../platform/ids'
import { objectOf } from '../platform/json'
import { paths } from '../../src/config/paths'
import { renderIssueBody } from '../../src/content/markdown'
import type { PreviewFrame } from './api'
import { FRAME, issueMail, issueMailFrame } from './issue-mail'
import { ISSUES, postalAddress } from './issues'
import { COLLECTION as SUBSCRIPTIONS, linksFor, signingKey } from './links'

/** The body of an issue as a send renders it once. */
export interface Snapshot {
  pageHtml: string
  mailHtml: string
  mailText: string
}

/** The issue's page on the site (its slug, or the archive before it has one). */
export function viewUrl(app: App, issue: core.Record): string {
  const appUrl = mailConfig(app).links.appUrl
  const slug = issue.getString('slug')
  return slug
    ? `${appUrl}${paths.newsletterArchive}/${slug}`
    : `${appUrl}${paths.newsletterArchive}`
}

// --- the signed click redirect ----------------------------------------------------------------

function clickSignature(app: App, issueId: string, url: string): string {
  return $security.hs256(`click:${issueId}:${url}`, signingKey(app))
}

/** The mail's address for a link: counts the click, then goes on to `url` (http(s) only). */
export function clickUrl(app: App, issueId: string, url: string): string {
  if (!/^https?:\/\//i.test(url)) return url
  const appUrl = mailConfig(app).links.appUrl
  return (
    `${appUrl}/api/newsletter/click?i=${issueId}&u=${encodeURIComponent(url)}` +
    `&s=${clickSignature(app, issueId, url)}`
  )
}

/** The target of a signed click link, or '' when anything was changed. */
export function verifiedClickTarget(
  app: App,
  issueId: string,
  url: string,
  signature: string,
): string {
  if (!isRecordId(issueId) || !/^https?:\/\//i.test(url) || url.length > 2000) return ''
  if (!/^[a-f0-9]{64}$/.test(signature)) return ''
  return $security.equal(clickSignature(app, issueId, url), signature) ? url : ''
}

// --- rendering ----------------------------------------------------------------------------------

/**
 * The body as the archive shows it and as every copy carries it, rendered once (one parse for
 * the three; any body in bounded time: src/content/markdown.ts).
 */
export function renderSnapshot(app: App, issue: core.Record): Snapshot {
  return renderIssueBody(issue.getString('body'), {
    colours,
    linkHref: (url) => clickUrl(app, issue.id, url),
  })
}

/** Everything a copy needs from the configuration. */
function mailContext(app: App): { appUrl: string; businessName: string; postalAddress: string } {
  const config = mailConfig(app)
  return {
    appUrl: config.links.appUrl,
    businessName: config.businessName,
    postalAddress: postalAddress(app),
  }
}

/** The issue a row was queued from; one deleted since fails the row at once. */
function issueOf(app: App, row: DeliveryRow): core.Record {
  try {
    return app.findRecordById(ISSUES, row.sourceId)
  } catch {
    throw permanentError(`The newsletter issue ${row.sourceId} no longer exists.`)
  }
}

/**
 * One subscriber's copy, at delivery time: { subject, html, text, headers }, or { cancel } when
 * the address is no longer an active subscriber (unsubscribed during the send, or removed).
 * Throws a permanent error when the issue itself is gone.
 */
export function renderCopy(app: App, row: DeliveryRow): Rendered {
  const issue = issueOf(app, row)
  const payload = objectOf(row.payload)
  let subscription: core.Record
  try {
    subscription = app.findRecordById(SUBSCRIPTIONS, String(payload.subscription || ''))
  } catch {
    return { cancel: 'The subscription no longer exists.' }
  }
  if (subscription.getString('status') !== 'active') {
    return { cancel: 'Unsubscribed after the send started.' }
  }
  if (subscription.getString('email') !== String(row.recipient || '').toLowerCase()) {
    return { cancel: 'The subscriber changed their address after the send started.' }
  }
  const context = mailContext(app)
  const links = linksFor(app, subscription)
  const fromIssue = `issue=${issue.id}`
  const mail = issueMail({
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
 */
export function renderTestCopy(app: App, row: DeliveryRow): Rendered {
  const issue = issueOf(app, row)
  const context = mailContext(app)
  const snapshot = issue.getString('mailHtml')
    ? { mailHtml: issue.getString('mailHtml'), mailText: issue.getString('mailText') }
    : renderSnapshot(app, issue)
  const mail = issueMail({
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

/** The preview frame and what the browser needs to fill it exactly as a copy. */
export function previewFrame(app: App): PreviewFrame {
  const context = mailContext(app)
  return {
    html: issueMailFrame({
      businessName: context.businessName,
      postalAddress: context.postalAddress || '(your postal address: set MAIL_POSTAL_ADDRESS)',
      links: {
        appUrl: context.appUrl,
        viewUrl: `${context.appUrl}${paths.newsletterArchive}`,
        unsubscribeUrl: `${context.appUrl}${paths.newsletterArchive}`,
      },
    }),
    placeholders: FRAME,
    colours,
  }
}
