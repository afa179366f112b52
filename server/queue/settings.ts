// The queue's settings: the environment's (read when used, never cached) and its fixed limits.
import { envNumber } from '../platform/env'
import { DELIVERY_DEFAULTS, VISITOR_MAIL_DEFAULTS } from '../../src/config/limits'

export const MINUTE = 60 * 1000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
/** Rows claimed at once. */
export const BATCH_SIZE = 10
export const MAX_PER_RUN = 1000
// A run stops claiming after this long; the next cron tick goes on.
export const RUN_TIME_BUDGET_MS = 50 * 1000
export const STALE_CLAIM_MINUTES = 10
export const MAX_BACKOFF_MS = HOUR
// The error log keeps the first attempt and the last ones.
export const ERROR_LOG_LAST = 4
// A fault of ours (no SMTP configured): retried like any, sent as soon as the channel works.
export const NOT_CONFIGURED = 'Not sent: '

/** How long temporary faults are retried (MAIL_QUEUE_LIFETIME_HOURS, default 120). */
export function lifetimeHours(): number {
  return (
    envNumber('MAIL_QUEUE_LIFETIME_HOURS', DELIVERY_DEFAULTS.lifetimeHours) ||
    DELIVERY_DEFAULTS.lifetimeHours
  )
}

/** Bulk mails a minute (NEWSLETTER_RATE_PER_MINUTE, default 120; 0 = no throttle). */
export function bulkRatePerMinute(): number {
  return Math.floor(
    envNumber('NEWSLETTER_RATE_PER_MINUTE', DELIVERY_DEFAULTS.newsletterRatePerMinute),
  )
}

/** Mails of `perIpCap` kinds one IP may cause in 24 h (MAIL_VISITOR_PER_IP_PER_DAY). */
export function perIpPerDay(): number {
  return (
    envNumber('MAIL_VISITOR_PER_IP_PER_DAY', VISITOR_MAIL_DEFAULTS.perIpPerDay) ||
    VISITOR_MAIL_DEFAULTS.perIpPerDay
  )
}

/**
 * The window of a visitor kind's per-recipient cap (MAIL_RESULTS_PER_RECIPIENT_HOURS, default 24):
 * one results mail, one newsletter confirmation per address in that many hours.
 */
export function visitorMailWindowHours(): number {
  const value = envNumber('MAIL_RESULTS_PER_RECIPIENT_HOURS', 0)
  return value > 0 ? value : VISITOR_MAIL_DEFAULTS.perRecipientHours
}

/** A kind's limit, fixed or read when used. */
export function resolveNumber(value: number | (() => number) | undefined): number {
  return typeof value === 'function' ? value() : Number(value || 0)
}
