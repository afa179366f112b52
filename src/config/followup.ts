// The follow-up sequence after an audit: the placeholders the consultant may use in its mails,
// the limits the console and the server both check, and the words for why a sequence stopped.
// The server reads the same values (server/followups/); its default mails are in
// ./followup-defaults.ts.

/** What each placeholder becomes in a follow-up mail, for the console's help text. */
export const FOLLOWUP_PLACEHOLDERS = {
  firstName: "their first name, or 'there' when it is not known",
  score: 'their overall score, e.g. 62',
  band: 'the words of their score band, e.g. Room to improve',
  weakestSection: 'the name of their lowest-scoring section',
  recommendation: 'the top recommendation for that section, in a sentence or two',
  payoff:
    "what that recommendation may be worth, e.g. 'Worth 1-3 hours a week, $2,400-$7,200 a year at $50 an hour.', or nothing when the section is already strong",
  benchmark:
    "'You scored higher than N% of businesses that took this audit.' once enough audits exist, else nothing",
  bookingLink: 'the link to book a call, filled in with their name and e-mail (required, once)',
} as const
export type FollowupPlaceholder = keyof typeof FOLLOWUP_PLACEHOLDERS

/** The limits of the consultant's settings (the console's fields and the server's checks). */
export const FOLLOWUP_LIMITS = {
  minSteps: 1,
  maxSteps: 5,
  minDelayDays: 1,
  maxDelayDays: 90,
  subjectMax: 150,
  textMax: 5000,
} as const

/**
 * A step that could not go out on its day (the address was not proven yet, the server was down)
 * is still sent up to this many days late; after that it is skipped.
 */
export const FOLLOWUP_GRACE_DAYS = 3

/** The fewest hours between two follow-ups to one address. */
export const FOLLOWUP_MIN_HOURS_APART = 24

/** A booking report naming a person booked within this many minutes is the same booking. */
export const BOOKING_REPEAT_MINUTES = 60

/** A report page's audit id names its person for a booking for this many days after the audit. */
export const REPORT_BOOKING_DAYS = 30

export interface FollowupStep {
  /** Days after the audit. */
  delayDays: number
  subject: string
  text: string
}

export interface FollowupSettings {
  enabled: boolean
  steps: FollowupStep[]
}

/** Why a sequence stopped, as stored (followups.stopReason). */
export const FOLLOWUP_STOP_REASONS = [
  'booked',
  'message',
  'status',
  'stop_link',
  'unsubscribed',
  'consultant',
] as const
export type FollowupStopReason = (typeof FOLLOWUP_STOP_REASONS)[number]

export const followupStopLabels: Record<FollowupStopReason, string> = {
  booked: 'Booked a call',
  message: 'Sent a message',
  status: 'Status changed from New',
  stop_link: 'Clicked stop in a follow-up',
  unsubscribed: 'Unsubscribed from everything',
  consultant: 'Stopped by you',
}

/** How an address showed it is theirs by a click (newsletter and account are checked live). */
export const FOLLOWUP_PROOFS = ['results_link', 'followup_link'] as const
export type FollowupProof = (typeof FOLLOWUP_PROOFS)[number]

/** The campaign a booking link in a mail carries (utm_source / utm_medium / utm_campaign). */
export const MAIL_LINK_CAMPAIGNS = {
  results: { source: 'audit-results', medium: 'email', campaign: 'audit-results' },
  followup: { source: 'followup', medium: 'email', campaign: 'followup-' },
} as const

export { MAIL_LINK_PARAM, MAIL_LINK_TOKEN } from './mail-link'
