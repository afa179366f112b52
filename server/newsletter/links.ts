// The newsletter's signed links: `<record id>.<HMAC-SHA256 of purpose, id and e-mail>`, keyed by
// NEWSLETTER_SECRET or, without it, the generated key in app_secrets. A token for one purpose
// never works for the other, and a changed id, e-mail or signature is refused. Used by the
// newsletter's routes (./subscription-routes) and by the mails that carry the links.
import { mailConfig } from '../mail/index'
import type { App } from '../platform/events'
import { envText } from '../platform/env'
import { paths } from '../../src/config/paths'

export const COLLECTION = 'newsletter_subscriptions'
const TOKEN = /^([a-z0-9]{15})\.([a-f0-9]{64})$/

export type LinkPurpose = 'confirm' | 'unsubscribe'

/** The links of one subscription: its confirm page, unsubscribe page and one-click endpoint. */
export interface SubscriptionLinks {
  confirmUrl: string
  unsubscribeUrl: string
  oneClickUrl: string
}

export function signingKey(app: App): string {
  const fromEnv = envText('NEWSLETTER_SECRET')
  if (fromEnv) return fromEnv
  return app.findFirstRecordByData('app_secrets', 'name', 'newsletter_links').getString('value')
}

export function tokenFor(app: App, purpose: LinkPurpose, record: core.Record): string {
  const signed = `${purpose}:${record.id}:${record.getString('email')}`
  return `${record.id}.${$security.hs256(signed, signingKey(app))}`
}

/**
 * The subscription a token was made for, or null for anything else: malformed, forged, altered,
 * made for the other purpose, or for a row that no longer exists.
 */
export function recordForToken(app: App, purpose: LinkPurpose, token: unknown): core.Record | null {
  const match = TOKEN.exec(typeof token === 'string' ? token : '')
  if (!match) return null
  let record: core.Record
  try {
    record = app.findRecordById(COLLECTION, match[1])
  } catch {
    return null
  }
  return $security.equal(tokenFor(app, purpose, record), match[0]) ? record : null
}

/** The confirm page, the unsubscribe page and the one-click endpoint of one subscription. */
export function linksFor(app: App, record: core.Record): SubscriptionLinks {
  const appUrl = mailConfig(app).links.appUrl
  const unsubscribe = tokenFor(app, 'unsubscribe', record)
  return {
    confirmUrl: `${appUrl}${paths.newsletterConfirm}/${tokenFor(app, 'confirm', record)}`,
    unsubscribeUrl: `${appUrl}${paths.newsletterUnsubscribe}/${unsubscribe}`,
    oneClickUrl: `${appUrl}/api/newsletter/unsubscribe?token=${unsubscribe}`,
  }
}

/** RFC 8058 headers for every mail to a subscriber. */
export function unsubscribeHeaders(app: App, record: core.Record): Record<string, string> {
  return {
    'List-Unsubscribe': `<${linksFor(app, record).oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}
