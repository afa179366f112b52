// The shapes the follow-up routes (pb_hooks/followups.pb.js) are sent and answer with, shared with
// the browser (src/backend/followup-api.ts imports them as types). Pure: no PocketBase here.
import type { FollowupProof, FollowupSettings, FollowupStopReason } from '../../src/config/followup'

/** GET /api/followups/settings. */
export interface FollowupSettingsAnswer {
  settings: FollowupSettings
  defaults: FollowupSettings
}

/** PUT /api/followups/settings: the settings as saved. */
export interface SavedSettingsAnswer {
  settings: FollowupSettings
}

/** A draft mail for the preview and the test: the consultant's text for a person ('' = none). */
export interface FollowupDraft {
  person: string
  subject: string
  text: string
}

/** A mail as the preview shows it. */
export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/** POST /api/followups/test. */
export interface TestMailAnswer {
  queued: true
  to: string
}

/** One follow-up mail queued for a person, with its delivery's state. */
export interface SentFollowup {
  id: string
  step: number
  audit: string
  queuedAt: string
  /** The delivery's status: pending, sending, sent, failed, cancelled ('' when unknown). */
  delivery: string
  sentAt: string
  /** The last error or the reason it was cancelled. */
  problem: string
  clickedAt: string
  bookedAt: string
}

export type FollowupState = 'none' | 'waiting' | 'scheduled' | 'finished' | 'stopped'

/** How the address showed it is theirs: a click, or the newsletter or account as they are now. */
export interface FollowupProofShown {
  by: FollowupProof | 'newsletter' | 'account'
  at: string
}

/** A person's sequence, as their page shows it (GET /api/followups/people/:id). */
export interface PersonFollowups {
  enabled: boolean
  /** How many mails the sequence has. */
  steps: number
  state: FollowupState
  proof: FollowupProofShown | null
  audit?: string
  auditAt?: string
  next?: { step: number; at: string; subject: string }
  stopped?: { at: string; reason: FollowupStopReason; afterStep: number }
  sent: SentFollowup[]
}

/** The figures of one mail of the sequence. */
export interface FollowupStepFigures {
  step: number
  /** False for a mail since removed from the settings. */
  inSettings: boolean
  sent: number
  waiting: number
  notSent: number
  clicked: number
  booked: number
  stoppedAfter: Record<FollowupStopReason, number>
}

/** GET /api/followups/figures. */
export interface FollowupFigures {
  /** Sequences with a mail still to come. */
  running: number
  stoppedBeforeFirst: Record<FollowupStopReason, number>
  steps: FollowupStepFigures[]
}

/** POST /api/followups/run: what one scheduler run did. */
export interface FollowupRunSummary {
  enabled: boolean
  due: number
  queued: number
  waiting: number
  skipped: number
  postponed: number
  finished: number
  stopped: number
}

/** Who a mail link was made for, to fill in the booking form (POST /api/followups/click). */
export interface MailLinkPrefill {
  name: string
  email: string
}

/** POST /api/followups/stop. */
export interface StopAnswer {
  stopped: true
  newsletter: 'unsubscribed' | 'unchanged'
}

/** What names the person behind a booking (POST /api/bookings): a mail link's token, an audit. */
export interface BookingReport {
  ref?: string
  audit?: string
  /** The e-mail the scheduler was filled in with. */
  email?: string
  /** The page the booking was made on (for the funnel). */
  path?: string
}

/** POST /api/bookings: whether a person was marked Call booked (`repeat`: already recorded). */
export interface BookingAnswer {
  booked: boolean
  repeat?: boolean
}
