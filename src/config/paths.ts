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
  // The pages account e-mails link to; the link adds /<token> (server/accounts/mail-templates.ts).
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  confirmEmailChange: '/confirm-email-change',
  /** The newsletter's public archive; an issue is `/newsletter/<slug>` (served by the hooks). */
  newsletterArchive: '/newsletter',
  /** Followed by `/:token` (the link in the confirmation mail). */
  newsletterConfirm: '/newsletter/confirm',
  /** Followed by `/:token` (the link in every mail to a subscriber). */
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** The booking page the results and follow-up mails link to (`?ref=<token>`). */
  book: '/book',
  /** Followed by `/:token` (the stop link in every follow-up mail). */
  followupStop: '/followups/stop',
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

/**
 * Every page route the server answers with 200, as router patterns: `:name` stands for one path
 * segment, a final `*` for one or more. Every value of `paths` is one, but the pages opened by a
 * link in an e-mail, which take a token. The server reads this list (server/pages/pages.ts, the
 * middleware of pb_hooks/pages.pb.js): any other page path answers 404 with the not-found page.
 */
export const routePatterns: readonly string[] = (() => {
  // The pages the links in account and newsletter e-mails open: the prefix, then the token.
  const tokenPages: readonly string[] = [
    paths.verifyEmail,
    paths.resetPassword,
    paths.confirmEmailChange,
    paths.newsletterConfirm,
    paths.newsletterUnsubscribe,
    paths.followupStop,
  ]
  return [
    ...Object.values(paths).filter((path) => !tokenPages.includes(path)),
    ...tokenPages.map((prefix) => `${prefix}/:token`),
  ]
})()

/** Whether `pathname` is a page of the app (one of `patterns`); a trailing slash is ignored. */
export function isAppRoute(pathname: string, patterns: readonly string[] = routePatterns): boolean {
  const segments = (path: string) => path.split('/').filter((s) => s !== '')
  const actual = segments(pathname)
  return patterns.some((pattern) => {
    const expected = segments(pattern)
    const rest = expected[expected.length - 1] === '*'
    if (rest) expected.pop()
    if (rest ? actual.length <= expected.length : actual.length !== expected.length) return false
    return expected.every((s, i) => (s.startsWith(':') ? actual[i] !== '' : s === actual[i]))
  })
}
