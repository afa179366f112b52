// The words the consultant reads for stored codes, in the admin console and in the owner's
// notification mails alike (server/leads/owner-mail.ts; server/webhooks/ and the subscriber
// export too).
import type { AuditFlow, ContactSource, NewsletterSource, NewsletterStatus } from './record-codes'

export const contactSourceLabels: Record<ContactSource, string> = {
  portfolio_website: 'Portfolio Website Contact Form',
  business_efficiency_audit: 'Business Efficiency Audit Contact Form',
  call_back: 'Call-back request',
}

export const newsletterSourceLabels: Record<NewsletterSource, string> = {
  hero_section: 'Hero section',
  footer: 'Footer',
  about: 'About section',
  signup: 'Account sign-up',
  audit: 'Audit newsletter choice',
  archive: 'Newsletter archive',
}

export const newsletterStatusLabels: Record<NewsletterStatus, string> = {
  active: 'Active',
  pending: 'Waiting for confirmation',
  unsubscribed: 'Unsubscribed',
}

/** The audit's one name for visitors and members, whichever way they took it. */
export const AUDIT_NAME = 'Business Efficiency Audit'

/** How a member took an audit, in their words (the dashboard's cards). */
export const flowNotes: Record<AuditFlow, string> = {
  member: 'Taken in your dashboard',
  free: 'Taken as the free audit, results sent by e-mail',
}

/** The two audit flows as the consultant reads them: the signed-in one and the free one. */
export const flowLabels: Record<AuditFlow, string> = {
  member: 'Business Efficiency',
  free: 'Free Efficiency Audit',
}

/** The label of `key`, or the key itself for a code this version does not know. */
export function label<K extends string>(labels: Record<K, string>, key: string): string {
  return (labels as Record<string, string>)[key] ?? key
}
