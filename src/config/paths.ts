// Every route of the app and every home-page section anchor, named once.
export const paths = {
  home: '/',
  freeAudit: '/free-audit',
  digitalAudit: '/digital-audit',
  digitalStrategyAudit: '/digital-strategy-audit',
  auditAdmin: '/audit-admin',
  call: '/call',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  // The pages account e-mails link to; the link adds /<token> (pb_hooks/lib/account-mail-templates.js).
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  confirmEmailChange: '/confirm-email-change',
  /** Followed by `/:token` (the link in the confirmation mail). */
  newsletterConfirm: '/newsletter/confirm',
  /** Followed by `/:token` (the link in every mail to a subscriber). */
  newsletterUnsubscribe: '/newsletter/unsubscribe',
} as const

/** The audit screens: leaving one asks first (the answers stay on this device). */
export const auditPaths: readonly string[] = [
  paths.freeAudit,
  paths.digitalAudit,
  paths.digitalStrategyAudit,
]

/** Home-page section anchors, in nav order. */
export const sections = {
  home: 'home',
  services: 'services',
  about: 'about',
  pricing: 'pricing',
  portfolio: 'portfolio',
  contact: 'contact',
} as const

/** `path?next=...` for the login and signup pages. */
export function withNext(path: string, next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`
}

/** Only same-site paths are allowed as `next` (no open redirects). */
export function safeNext(
  next: string | null | undefined,
  fallback: string = paths.dashboard,
): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return fallback
  return next
}
