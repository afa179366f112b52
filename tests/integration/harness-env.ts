// Credentials and environment shared by every real-server test harness.
export const SUPERUSER = { email: 'superuser@test.local', password: 'superuser-pass-123' }

export const OWNER_EMAIL = 'owner@test.local'

/** Environment for a test PocketBase: no real SMTP unless a test sets one. */
export function harnessEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    OWNER_EMAIL,
    APP_URL: 'http://127.0.0.1',
    SMTP_HOST: '',
    ...extra,
  }
}
