// The longest value each text field accepts, per collection: the forms' maxLength, the server's
// input checks (pb_hooks/lib/input-limits.js) and the migrations' field `max` all read or match
// these. tests/unit/config/limits.test.ts fails when a migration disagrees.

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
} as const

/**
 * The largest request body the server reads, in bytes: a record create or update (the longest
 * audit is about 20 KiB), and one `/api/batch` of up to 50 of them. Larger bodies answer 413
 * before they are read (pb_hooks/body-limits.pb.js).
 */
export const RECORD_BODY_MAX_BYTES = 256 * 1024
export const BATCH_BODY_MAX_BYTES = 1024 * 1024

/**
 * Mail to visitors, against mail bombing (defaults; the server's environment may change them,
 * see README.md "Security"): at most one results mail per address in this many hours, and at
 * most this many visitor mails a day queued by one IP address.
 */
export const VISITOR_MAIL_DEFAULTS = { perRecipientHours: 24, perIpPerDay: 20 } as const

/**
 * The delivery queue (pb_hooks/lib/deliveries.js; defaults, the server's environment may change
 * them, see README.md "E-mail"): how long a temporary fault is retried (MAIL_QUEUE_LIFETIME_HOURS,
 * five days like Postfix), how many notifications the owner gets an hour before the rest wait for
 * one hourly digest (OWNER_MAIL_PER_HOUR), and how many bulk mails go out a minute
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
 * (pb_hooks/account-cleanup.pb.js); UNVERIFIED_ACCOUNT_DAYS in the server's environment overrides.
 */
export const UNVERIFIED_ACCOUNT_DAYS = 30
