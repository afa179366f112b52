// Credentials and environment shared by every real-server test harness.
export const SUPERUSER = { email: 'superuser@test.local', password: 'superuser-pass-123' }

export const OWNER_EMAIL = 'owner@test.local'

/** Environment for a test PocketBase: no real SMTP unless a test sets one. */
export function harnessEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    OWNER_EMAIL,
    APP_URL: 'http://127.0.0.1',
    SMTP_HOST: '',
    // Every test sends from 127.0.0.1: a daily cap on visitor mail per IP would make mail
    // assertions depend on the order of test files. tests/integration/mail-limits.test.ts sets
    // a small cap on its own server.
    MAIL_VISITOR_PER_IP_PER_DAY: '1000000',
    // The same for the owner's hourly cap (one notification of each kind per IP an hour, the
    // rest in a digest): tests/integration/mail-owner-digest.test.ts turns it on.
    OWNER_MAIL_PER_HOUR: '0',
    // The same for the daily caps on what one IP may store: tests of other limits send more than
    // a day's worth from one address. tests/integration/ip-caps.test.ts sets the real ones.
    MESSAGES_PER_IP_PER_DAY: '1000000',
    AUDITS_PER_IP_PER_DAY: '1000000',
    EVENTS_PER_IP_PER_DAY: '1000000',
    ...extra,
  }
}

/**
 * For a test file that moves time itself through the run endpoints (`{"now": ...}`) and counts
 * what each run did: the dispatcher's loops stay off (QUEUE_DISPATCH=manual), so nothing moves
 * but the runs it asks for. The dispatcher itself is tested with it on (mail-latency, queue-crash,
 * queue-ticks), as every other test file runs.
 */
export const MANUAL_QUEUE = { QUEUE_DISPATCH: 'manual' } as const
