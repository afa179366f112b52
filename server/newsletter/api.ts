// What the newsletter's routes (/api/newsletter/...) take and answer: one declaration for the
// server and the browser (src/backend/newsletter-api.ts and newsletter-issues-api.ts import these
// as types). Pure: no PocketBase globals.
import type { NewsletterStatus } from '../../src/config/record-codes'

// --- a subscription ------------------------------------------------------------------------------

/** `none` when the signed-in user's address has never signed up. */
export type OwnSubscriptionStatus = NewsletterStatus | 'none'

/** POST /api/newsletter/confirm, POST /api/newsletter/unsubscribe: the mail's signed token. */
export interface LinkInput {
  token: string
  /** Unsubscribe only: the newsletter issue whose link was followed (its results count it). */
  issue?: string
}

/** POST /api/newsletter/confirm. */
export interface ConfirmAnswer {
  status: 'active'
}

/** POST /api/newsletter/unsubscribe. */
export interface UnsubscribeAnswer {
  status: 'unsubscribed'
}

/** POST /api/newsletter/me. */
export interface OwnSubscriptionInput {
  subscribed: boolean
}

/** GET and POST /api/newsletter/me. */
export interface OwnSubscriptionAnswer {
  status: OwnSubscriptionStatus
}

/** POST /api/newsletter/signups/run (superusers): how many waiting sign-ups were decided. */
export interface SignUpsRunAnswer {
  decided: number
}

// --- the issues ------------------------------------------------------------------------------------

export type IssueStatus = 'draft' | 'scheduled' | 'sending' | 'sent'

/** The mail's colours (the mail area's `colours`), for the preview's Markdown. */
export interface MailColours {
  INK: string
  MUTED: string
  SPRUCE: string
  ACCENT: string
}

export interface PreviewFrame {
  /** The mail as every copy shows it, with the placeholders below where the issue goes. */
  html: string
  placeholders: { subject: string; preheader: string; body: string }
  colours: MailColours
}

/** GET /api/newsletter/settings: what the composer needs. */
export interface NewsletterSettings {
  activeSubscribers: number
  /** MAIL_POSTAL_ADDRESS; '' when the server has none (then nothing can be sent). */
  postalAddress: string
  canSend: boolean
  /** The consultant's time zone, in which a schedule is given. */
  timeZone: string
  ratePerMinute: number
  /** The server's "now" on the consultant's clock, `YYYY-MM-DDTHH:MM`. */
  now: string
  frame: PreviewFrame
}

/** POST /api/newsletter/issues/{id}/test: the address the test copy goes to. */
export interface TestCopyAnswer {
  to: string
}

/** POST /api/newsletter/issues/{id}/send: how many active subscribers the send was fixed to. */
export interface SendAnswer {
  status: IssueStatus
  recipients: number
}

/** POST /api/newsletter/issues/{id}/schedule: `YYYY-MM-DDTHH:MM` on the site's clock, or null. */
export interface ScheduleInput {
  at: string | null
}

export interface ScheduleAnswer {
  status: IssueStatus
  scheduledAt: string
}

/** GET /api/newsletter/issues/{id}/results. */
export interface IssueResults {
  id: string
  status: IssueStatus
  slug: string
  recipients: number
  startedAt: string
  sentAt: string
  sent: number
  failed: number
  /** Skipped: unsubscribed (or removed) after the send started. */
  skipped: number
  /** Not finished yet (waiting, being sent, retrying). */
  waiting: number
  retrying: { count: number; lastError: string }
  failures: { reason: string; count: number; example: string }[]
  unsubscribes: number
  clicks: { url: string; clicks: number }[]
  totalClicks: number
}

/** POST /api/newsletter/run (superusers): issues started and sends finished. */
export interface IssuesRunAnswer {
  started: number
  finished: number
}
