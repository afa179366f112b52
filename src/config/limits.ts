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
 * An account whose e-mail is still unverified this many days after sign-up is deleted
 * (pb_hooks/account-cleanup.pb.js); UNVERIFIED_ACCOUNT_DAYS in the server's environment overrides.
 */
export const UNVERIFIED_ACCOUNT_DAYS = 30
