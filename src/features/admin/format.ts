// Pure display helpers of the admin console: dates, mail kinds, periods, score bands.
import { parsePbDate } from '../../config/dates'
import { SCORE_BANDS, type ScoreBand } from '../../config/score-bands'

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** `Nov 21, 2026, 10:05 AM` in the viewer's time zone. */
export function formatDateTime(value: string | undefined | null): string {
  const date = parsePbDate(value)
  return date ? dateTime.format(date) : ''
}

export type Period = 'all' | '7d' | '30d'

export const periodLabels: Record<Period, string> = {
  all: 'All time',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
}

/** Start of a period counted back from `now`; null for all time. */
export function periodStart(period: Period, now: Date): Date | null {
  if (period === 'all') return null
  const days = period === '7d' ? 7 : 30
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
}

/** What each kind of queued mail is, in the consultant's words (unknown kinds show as stored). */
export const mailKindLabels: Record<string, string> = {
  owner_contact: 'Contact message to you',
  owner_audit: 'New audit notice to you',
  owner_digest: 'Hourly digest to you',
  visitor_results: 'Audit results to the visitor',
  newsletter_confirm: 'Newsletter confirmation to the subscriber',
  account_verification: 'E-mail verification to a member',
  account_password_reset: 'Password reset to a member',
  account_email_change: 'New e-mail confirmation to a member',
  account_auth_alert: 'New sign-in alert to a member',
  followup: 'Follow-up to a person after their audit',
  followup_test: 'Follow-up test to you',
  owner_booking: 'Booked call notice to you',
}

/** A score band in the site's words with its range: "Room to improve (60-79%)". */
export const scoreBandLabels: Record<ScoreBand, string> = {
  green: `${SCORE_BANDS.green.word} (${SCORE_BANDS.green.min}% and above)`,
  yellow: `${SCORE_BANDS.yellow.word} (${SCORE_BANDS.yellow.min}-${SCORE_BANDS.green.min - 1}%)`,
  red: `${SCORE_BANDS.red.word} (under ${SCORE_BANDS.yellow.min}%)`,
}
