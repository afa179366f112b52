// The signed links of the results and follow-up mails. Owns the token format and its key:
//   r<delivery id>.<sig>  every link to the site in an audit's results mail (the id of the
//                         results mail's row in `deliveries`: made by the server, so nothing a
//                         visitor chose appears in a mail to someone else)
//   f<send id>.<sig>      the booking link of one follow-up mail (followup_sends)
//   s<followup id>.<sig>  the stop link of a person's sequence (followups)
// <sig> is the HMAC-SHA256 of the kind and the id, keyed by FOLLOWUP_SECRET or, without it, the
// generated key in app_secrets. A token is never a bare id: a changed letter, id or signature
// is refused. The links carry the token as `?ref=` (pages) or `?token=` (the one-click POST).
import { envText } from '../platform/env'
import type { App } from '../platform/events'
import { MAIL_LINK_CAMPAIGNS, MAIL_LINK_PARAM, MAIL_LINK_TOKEN } from '../../src/config/followup'
import { paths } from '../../src/config/paths'

export const SECRET_NAME = 'followup_links'
const TOKEN_PARTS = /^([rfs])([a-z0-9]{15})\.([a-f0-9]{64})$/

/** What a link's token names: an audit's results mail, one follow-up mail, a sequence. */
export type MailLinkKind = 'r' | 'f' | 's'

export interface MailLinkToken {
  kind: MailLinkKind
  id: string
}

function signingKey(app: App): string {
  const fromEnv = envText('FOLLOWUP_SECRET')
  if (fromEnv) return fromEnv
  return app.findFirstRecordByData('app_secrets', 'name', SECRET_NAME).getString('value')
}

export function tokenFor(app: App, kind: MailLinkKind, id: string): string {
  return `${kind}${id}.${$security.hs256(`mail-link:${kind}:${id}`, signingKey(app))}`
}

/**
 * `{ kind, id }` of a well-formed token whose signature holds, else null (malformed, forged,
 * altered). Whether the record still exists is the caller's question.
 */
export function readToken(app: App, token: unknown): MailLinkToken | null {
  const text = typeof token === 'string' ? token : ''
  if (!MAIL_LINK_TOKEN.test(text)) return null
  const parts = TOKEN_PARTS.exec(text)
  if (!parts) return null
  const kind = parts[1] as MailLinkKind
  if (!$security.equal(tokenFor(app, kind, parts[2]), text)) return null
  return { kind, id: parts[2] }
}

const encode = encodeURIComponent

/** The booking page with a mail link's token and the mail's campaign. */
function bookingUrl(
  appUrl: string,
  token: string,
  campaign: { source: string; medium: string; campaign: string },
): string {
  return (
    `${appUrl}${paths.book}?${MAIL_LINK_PARAM}=${encode(token)}` +
    `&utm_source=${encode(campaign.source)}&utm_medium=${encode(campaign.medium)}` +
    `&utm_campaign=${encode(campaign.campaign)}`
  )
}

/** The links to the site in an audit's results mail. */
export interface ResultsLinks {
  bookingUrl: string
  signupUrl: string
  homeUrl: string
}

/**
 * Every link to the site in an audit's results mail, each with the mail's signed token: the
 * booking page, sign-up and the home page. `deliveryId` is the results mail's row in `deliveries`.
 */
export function resultsLinks(app: App, deliveryId: string, appUrl: string): ResultsLinks {
  const token = tokenFor(app, 'r', deliveryId)
  const ref = `${MAIL_LINK_PARAM}=${encode(token)}`
  return {
    bookingUrl: bookingUrl(appUrl, token, MAIL_LINK_CAMPAIGNS.results),
    signupUrl: `${appUrl}${paths.signup}?${ref}`,
    homeUrl: `${appUrl}/?${ref}`,
  }
}

/** The links of one follow-up mail. */
export interface FollowupLinks {
  bookingUrl: string
  stopUrl: string
  oneClickUrl: string
}

/**
 * The links of one follow-up mail: its booking link (the send's token and the step's campaign),
 * the stop page and the RFC 8058 one-click address (the sequence's token).
 */
export function followupLinks(
  app: App,
  input: { sendId: string; followupId: string; step: number; appUrl: string },
): FollowupLinks {
  const stop = tokenFor(app, 's', input.followupId)
  const campaign = MAIL_LINK_CAMPAIGNS.followup
  return {
    bookingUrl: bookingUrl(input.appUrl, tokenFor(app, 'f', input.sendId), {
      source: campaign.source,
      medium: campaign.medium,
      campaign: `${campaign.campaign}${input.step}`,
    }),
    stopUrl: `${input.appUrl}${paths.followupStop}/${stop}`,
    oneClickUrl: `${input.appUrl}/api/followups/stop?token=${stop}`,
  }
}

/**
 * RFC 8058 headers: a mail client's unsubscribe button POSTs `List-Unsubscribe=One-Click` to
 * the one-click address, which stops the follow-ups (never the newsletter).
 */
export function stopHeaders(links: { oneClickUrl: string }): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

/** The audit whose results mail a results token (`r`) was made for, or null. */
export function auditOfResultsMail(app: App, deliveryId: string): core.Record | null {
  try {
    const row = app.findRecordById('deliveries', deliveryId)
    if (row.getString('kind') !== 'visitor_results') return null
    return app.findRecordById('audits', row.getString('sourceId'))
  } catch {
    return null
  }
}
