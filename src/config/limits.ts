// The longest value each text field accepts, per collection: the forms' maxLength, the server's
// input checks (server/limits/input-rules.ts) and the migrations' field `max` all read or match
// these. tests/unit/config/limits.test.ts fails when a migration disagrees.
import { SITE_IMAGES } from './site-images'

/** The longest e-mail address mail servers must accept (RFC 5321). */
export const EMAIL_MAX = 254
/** bcrypt, which hashes passwords, reads at most 72 bytes; one less keeps a margin. */
export const PASSWORD_MAX_BYTES = 71

export const textLimits = {
  contacts: {
    name: 200,
    email: EMAIL_MAX,
    message: 5000,
    source: 64,
    auditId: 64,
    userAgent: 512,
    /** A call-back request's number, as typed (spaces, dashes and brackets allowed). */
    phone: 40,
  },
  newsletter_subscriptions: {
    email: EMAIL_MAX,
    source: 64,
    userAgent: 512,
    // Set by the server only: the newsletter issue an address unsubscribed from.
    unsubscribedIssue: 15,
  },
  audits: {
    flow: 16,
    email: EMAIL_MAX,
    user: 64,
    questionSetVersion: 32,
    userAgent: 512,
    completedAt: 64,
  },
  users: {
    email: EMAIL_MAX,
    fullName: 200,
    // Characters; the byte limit above is checked on its own.
    password: 1000,
    passwordConfirm: 1000,
    oldPassword: 1000,
    agreedToTermsAt: 64,
  },
  // The consultant's newsletter issues (admins only): Markdown of at most 50,000 characters; the
  // HTML and text the server renders from it when a send starts are kept with the issue.
  newsletter_issues: {
    subject: 200,
    preheader: 200,
    body: 50_000,
    slug: 80,
    lastError: 2000,
    pageHtml: 1_000_000,
    mailHtml: 1_000_000,
    mailText: 1_000_000,
  },
  // An autosaved draft of an issue, sent through the outbox.
  newsletter_issue_edits: {
    subject: 200,
    preheader: 200,
    body: 50_000,
  },
} as const

const KIB = 1024
const MIB = 1024 * KIB

/**
 * The largest request body the server reads, in bytes: a record create or update (the longest
 * audit is about 20 KiB), and one `/api/batch` of up to 50 of them. Larger bodies answer 413
 * before they are read (pb_hooks/request-limits.pb.js, server/limits/request-limits.ts).
 */
export const RECORD_BODY_MAX_BYTES = 256 * KIB
export const BATCH_BODY_MAX_BYTES = 1 * MIB

/** A route that takes no request body: any body (declared or streamed) answers 413. */
export const NO_BODY = 0
/** The small JSON of a link's token, a password or a flag, e.g. `{"token":"..."}`. */
export const SMALL_BODY_MAX_BYTES = 4 * KIB
/** A superuser's run endpoint: at most `{"now": "<ISO time>"}`. */
export const RUN_BODY_MAX_BYTES = 1 * KIB
/** The site's content, the longest every field and list allows (src/config/site-content.ts). */
export const SITE_DRAFT_BODY_MAX_BYTES = 128 * KIB

/**
 * THE table of request-body limits: every route of the server, as PocketBase's router names it
 * (`METHOD /path`, `{name}` for a path parameter; the request's `pattern`), and the largest body it
 * reads, in bytes. server/limits/request-limits.ts (pb_hooks/request-limits.pb.js) checks
 * `Content-Length` against it before anything reads the body, cuts off a body streamed without one
 * at the limit, and refuses any body on a route missing from it.
 * tests/integration/route-limits.test.ts fails for a route the server has (PocketBase's own or a
 * hook's `routerAdd`) that is missing here.
 *
 * Adding a route: one line, `'POST /api/your/route': <bytes>,` (NO_BODY for a route that reads
 * none; a GET never does).
 */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  // --- the static site and PocketBase's catch-all (any method on an unknown path) ---
  'GET /{path...}': NO_BODY,
  '/': NO_BODY,
  'GET /_/{path...}': NO_BODY,

  // --- records (the create limit per collection: COLLECTION_CREATE_BODY_LIMITS) ---
  'GET /api/collections/{collection}/records': NO_BODY,
  'GET /api/collections/{collection}/records/{id}': NO_BODY,
  'POST /api/collections/{collection}/records': RECORD_BODY_MAX_BYTES,
  'PATCH /api/collections/{collection}/records/{id}': RECORD_BODY_MAX_BYTES,
  'DELETE /api/collections/{collection}/records/{id}': NO_BODY,
  'POST /api/batch': BATCH_BODY_MAX_BYTES,

  // --- realtime (connections are also capped: REALTIME_LIMIT_DEFAULTS) ---
  'GET /api/realtime': NO_BODY,
  // `{"clientId": "...", "subscriptions": [...]}`: the console subscribes to a few collections.
  'POST /api/realtime': 16 * KIB,

  // --- accounts (PocketBase's auth routes) ---
  'GET /api/collections/{collection}/auth-methods': NO_BODY,
  'POST /api/collections/{collection}/auth-refresh': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/auth-with-password': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/auth-with-oauth2': 16 * KIB,
  'POST /api/collections/{collection}/request-otp': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/auth-with-otp': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/request-password-reset': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/confirm-password-reset': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/request-verification': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/confirm-verification': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/request-email-change': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/confirm-email-change': SMALL_BODY_MAX_BYTES,
  'POST /api/collections/{collection}/impersonate/{id}': SMALL_BODY_MAX_BYTES,
  'GET /api/oauth2-redirect': NO_BODY,
  // An OAuth2 provider's form post (code and state).
  'POST /api/oauth2-redirect': 16 * KIB,
  'POST /api/files/token': SMALL_BODY_MAX_BYTES,
  'GET /api/files/{collection}/{recordId}/{filename}': NO_BODY,
  'GET /api/health': NO_BODY,

  // --- PocketBase's superuser API (the dashboard /_/); refused before reading without a
  // superuser's token ---
  'GET /api/settings': NO_BODY,
  'PATCH /api/settings': 256 * KIB,
  'POST /api/settings/test/s3': SMALL_BODY_MAX_BYTES,
  'POST /api/settings/test/email': SMALL_BODY_MAX_BYTES,
  'POST /api/settings/apple/generate-client-secret': 16 * KIB,
  'GET /api/collections': NO_BODY,
  'POST /api/collections': 1 * MIB,
  'GET /api/collections/{collection}': NO_BODY,
  'PATCH /api/collections/{collection}': 1 * MIB,
  'DELETE /api/collections/{collection}': NO_BODY,
  'DELETE /api/collections/{collection}/truncate': NO_BODY,
  'PUT /api/collections/import': 8 * MIB,
  'GET /api/collections/meta/scaffolds': NO_BODY,
  'GET /api/collections/meta/oauth2-providers': NO_BODY,
  'POST /api/collections/meta/dry-run-view': 64 * KIB,
  'GET /api/logs': NO_BODY,
  'DELETE /api/logs': NO_BODY,
  'GET /api/logs/stats': NO_BODY,
  'GET /api/logs/{id}': NO_BODY,
  'GET /api/crons': NO_BODY,
  'POST /api/crons/{id}': RUN_BODY_MAX_BYTES,
  'GET /api/backups': NO_BODY,
  'POST /api/backups': SMALL_BODY_MAX_BYTES,
  // A backup zip uploaded from the dashboard (restores are done with `npm run restore`).
  'POST /api/backups/upload': 2048 * MIB,
  'GET /api/backups/{key}': NO_BODY,
  'DELETE /api/backups/{key}': NO_BODY,
  'POST /api/backups/{key}/restore': SMALL_BODY_MAX_BYTES,
  'POST /api/sql': 64 * KIB,

  // --- the site's own routes (pb_hooks/*.pb.js routerAdd) ---
  'POST /api/account/delete': SMALL_BODY_MAX_BYTES,
  'POST /api/accounts/cleanup': RUN_BODY_MAX_BYTES,
  'GET /api/admin/audit-stats': NO_BODY,
  'GET /api/admin/funnel': NO_BODY,
  'POST /api/funnel/visit': 2 * KIB,
  'POST /api/limits/prune': RUN_BODY_MAX_BYTES,
  'POST /api/mail/flush': RUN_BODY_MAX_BYTES,
  'POST /api/queue/dispatch': RUN_BODY_MAX_BYTES,
  'POST /api/queue/jobs/{kind}/run': RUN_BODY_MAX_BYTES,
  'GET /api/mail/health': NO_BODY,
  'POST /api/newsletter/confirm': SMALL_BODY_MAX_BYTES,
  'POST /api/newsletter/unsubscribe': SMALL_BODY_MAX_BYTES,
  'GET /api/newsletter/unsubscribe': NO_BODY,
  'GET /api/newsletter/me': NO_BODY,
  'POST /api/newsletter/me': SMALL_BODY_MAX_BYTES,
  'GET /api/newsletter/export': NO_BODY,
  'POST /api/newsletter/signups/run': RUN_BODY_MAX_BYTES,
  'GET /api/newsletter/settings': NO_BODY,
  'POST /api/newsletter/issues/{id}/test': RUN_BODY_MAX_BYTES,
  'POST /api/newsletter/issues/{id}/send': RUN_BODY_MAX_BYTES,
  // `{"at": "YYYY-MM-DDTHH:MM"}` or `{"at": null}`.
  'POST /api/newsletter/issues/{id}/schedule': RUN_BODY_MAX_BYTES,
  'GET /api/newsletter/issues/{id}/results': NO_BODY,
  'POST /api/newsletter/run': RUN_BODY_MAX_BYTES,
  'GET /api/newsletter/click': NO_BODY,
  // The archive's pages, rendered by the server.
  'GET /newsletter': NO_BODY,
  'GET /newsletter/{$}': NO_BODY,
  'GET /newsletter/{slug}': NO_BODY,
  'GET /sitemap.xml': NO_BODY,
  // An endpoint: a URL (at most 2,000 characters), a name and the events it wants.
  'POST /api/webhooks': SMALL_BODY_MAX_BYTES,
  'PATCH /api/webhooks/{id}': SMALL_BODY_MAX_BYTES,
  'DELETE /api/webhooks/{id}': NO_BODY,
  'POST /api/webhooks/{id}/rotate': RUN_BODY_MAX_BYTES,
  'POST /api/webhooks/{id}/test': RUN_BODY_MAX_BYTES,
  'POST /api/webhooks/{id}/resend': RUN_BODY_MAX_BYTES,
  'POST /api/webhooks/flush': RUN_BODY_MAX_BYTES,
  'GET /api/peer-benchmark': NO_BODY,
  // Which mail carries a free audit's results (`?earlier=` names the device's earlier audits).
  'GET /api/audits/{id}/results-mail': NO_BODY,
  // The payoff model's assumptions: seven ranges, a rate and the weeks.
  'GET /api/payoff': NO_BODY,
  // The console's Today list.
  'GET /api/people/today': NO_BODY,
  // When a person goes stale: three numbers.
  'GET /api/people/settings': NO_BODY,
  'PUT /api/people/settings': SMALL_BODY_MAX_BYTES,
  'PUT /api/payoff': SMALL_BODY_MAX_BYTES,
  // The site's content: the live version, the draft (its fields), publish, versions, roll back.
  'GET /api/site': NO_BODY,
  'GET /api/site/draft': NO_BODY,
  'PATCH /api/site/draft': SITE_DRAFT_BODY_MAX_BYTES,
  'POST /api/site/publish': RUN_BODY_MAX_BYTES,
  'GET /api/site/versions': NO_BODY,
  'POST /api/site/rollback': RUN_BODY_MAX_BYTES,
  // Web Push alerts: the consultant's devices (a subscription: an endpoint and two keys).
  'GET /api/push/public-key': NO_BODY,
  'GET /api/push/subscriptions': NO_BODY,
  'POST /api/push/subscriptions': SMALL_BODY_MAX_BYTES,
  'DELETE /api/push/subscriptions/{id}': NO_BODY,
  'POST /api/push/subscriptions/{id}/test': RUN_BODY_MAX_BYTES,
  // The follow-up: the mails' signed links, the scheduler's booking report, the console's tab.
  'POST /api/followups/run': RUN_BODY_MAX_BYTES,
  'POST /api/followups/click': SMALL_BODY_MAX_BYTES,
  'POST /api/followups/stop': SMALL_BODY_MAX_BYTES,
  'GET /api/followups/stop': NO_BODY,
  'POST /api/bookings': SMALL_BODY_MAX_BYTES,
  'GET /api/followups/settings': NO_BODY,
  // Both mails' subjects and texts (each at most a few KiB) and the delays.
  'PUT /api/followups/settings': 64 * KIB,
  'POST /api/followups/preview': 16 * KIB,
  'POST /api/followups/test': 16 * KIB,
  'GET /api/followups/figures': NO_BODY,
  'GET /api/followups/people/{id}': NO_BODY,
  'POST /api/followups/people/{id}/stop': NO_BODY,

  // --- test-only hooks (tests/integration/support/hooks/, never in pb_hooks/) ---
  'POST /api/test/disk-full': RUN_BODY_MAX_BYTES,
  'GET /api/test/routes': NO_BODY,
  'POST /api/test/bulk': RUN_BODY_MAX_BYTES,
  'POST /api/test/bulk-cancel': RUN_BODY_MAX_BYTES,
  'POST /api/test/newsletter-subscribers': RUN_BODY_MAX_BYTES,
  'POST /api/test/webhook-log-cleanup': RUN_BODY_MAX_BYTES,
  'GET /api/test/ticks': NO_BODY,
  // The mail bench's timings (scripts/bench/mail-bench.mjs): no body, the query says it all.
  'POST /api/test/mail-smtp-alone': NO_BODY,
  'POST /api/test/mail-render': NO_BODY,
}

/**
 * A records create of these collections reads another limit than RECORD_BODY_MAX_BYTES: a funnel
 * event is a few short fields, a newsletter sign-up an address, a site picture a file.
 */
export const COLLECTION_CREATE_BODY_LIMITS: Readonly<Record<string, number>> = {
  events: 2 * KIB,
  newsletter_subscriptions: SMALL_BODY_MAX_BYTES,
  // A picture of the site (SITE_IMAGES.maxBytes) and the form around it. Only the site admin's
  // upload is read: anyone else's is refused before its body (server/site/images.ts).
  site_images: SITE_IMAGES.maxBytes + 64 * KIB,
}

/**
 * Realtime (server-sent events) connections: at most `perIp` open from one address and `total`
 * in all (REALTIME_PER_IP and REALTIME_MAX_CONNECTIONS in the server's environment); the rest
 * answer 429. A connection with nothing to send for `idleSeconds` is closed, and any after
 * `maxMinutes` (REALTIME_IDLE_SECONDS, REALTIME_MAX_MINUTES); the SDK reconnects by itself.
 */
export const REALTIME_LIMIT_DEFAULTS = {
  perIp: 4,
  total: 30,
  idleSeconds: 300,
  maxMinutes: 30,
} as const

/**
 * What one IP address may store in a day (UTC), whether sent one at a time or in batches
 * (MESSAGES_PER_IP_PER_DAY, AUDITS_PER_IP_PER_DAY, EVENTS_PER_IP_PER_DAY in the server's
 * environment). Past a cap a create answers 429 with Retry-After (the next UTC midnight) and
 * the code below, and the browser's outbox keeps the item for later.
 */
export const IP_DAILY_CAP_DEFAULTS = { messages: 30, audits: 30, events: 300 } as const
/** The collection whose creates count towards each daily cap. */
export const IP_DAILY_CAP_COLLECTIONS = {
  contacts: 'messages',
  audits: 'audits',
  events: 'events',
} as const
/** The code in a 429's data when a daily cap (not the rate limit) refused a create. */
export const DAILY_CAP_CODE = 'daily_limit_reached'

/** True for an answer refused by a daily cap: a 429 whose field codes hold DAILY_CAP_CODE. */
export function isDailyCapAnswer(
  answer: { status: number; fieldCodes?: Record<string, string> } | undefined,
): boolean {
  return answer?.status === 429 && Object.values(answer.fieldCodes ?? {}).includes(DAILY_CAP_CODE)
}

/**
 * Password sign-in per account (the e-mail typed, registered or not): after `failures` wrong
 * passwords within `windowMinutes`, every sign-in to it answers 429 until the window ends
 * (SIGNIN_FAILURES_PER_ACCOUNT, SIGNIN_THROTTLE_MINUTES). Never a permanent lockout.
 */
export const SIGNIN_THROTTLE_DEFAULTS = { failures: 10, windowMinutes: 15 } as const

/**
 * The funnel's visit token: a `call_booked` step counts only with the token this browser
 * session's visit got, at least `minAgeSeconds` and at most `maxAgeHours` old.
 */
export const FUNNEL_TOKEN_LIMITS = { minAgeSeconds: 20, maxAgeHours: 12 } as const

/**
 * Mail to visitors, against mail bombing (defaults; the server's environment may change them,
 * see docs/security.md): at most one results mail per address in this many hours, and at
 * most this many visitor mails a day queued by one IP address.
 */
export const VISITOR_MAIL_DEFAULTS = { perRecipientHours: 24, perIpPerDay: 20 } as const

/**
 * The delivery queue (server/queue/; defaults, the server's environment may change them, see
 * docs/email.md): how long a temporary fault is retried (MAIL_QUEUE_LIFETIME_HOURS, five days like
 * Postfix), how many notifications the owner gets an hour before the rest wait for one hourly
 * digest (OWNER_MAIL_PER_HOUR), and how many bulk mails go out a minute
 * (NEWSLETTER_RATE_PER_MINUTE). 0 turns the last two off.
 */
export const DELIVERY_DEFAULTS = {
  lifetimeHours: 120,
  ownerMailPerHour: 6,
  newsletterRatePerMinute: 120,
} as const

/**
 * Account mails to one address (verification, password reset, e-mail change, new sign-in alert):
 * at most this many of each kind a day, and never two within `spacingMinutes` (PocketBase's own
 * resend window, which the dashboard tells people about), however often someone asks. A reset
 * link that was used starts the count again.
 */
export const ACCOUNT_MAIL_CAP = { perDay: 3, spacingMinutes: 2 } as const

/**
 * An account whose e-mail is still unverified this many days after sign-up is deleted
 * (pb_hooks/account-cleanup.pb.js, server/accounts/cleanup.ts); UNVERIFIED_ACCOUNT_DAYS in the
 * server's environment overrides.
 */
export const UNVERIFIED_ACCOUNT_DAYS = 30
