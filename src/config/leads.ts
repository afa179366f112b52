// The consultant's lead workspace and the privacy-respecting funnel: the statuses a person can
// have, the funnel's steps, and when the peer benchmark shows (what a first touch may carry is in
// first-touch.ts, small enough for every page). The migrations' select fields and the server
// (server/people/, server/funnel/, ...) use the same codes.
export { FIRST_TOUCH_FIELDS, FIRST_TOUCH_MAX } from './first-touch'
export type { FirstTouch, FirstTouchField } from './first-touch'

export const PERSON_STATUSES = ['new', 'contacted', 'call_booked', 'client', 'not_a_fit'] as const
export type PersonStatus = (typeof PERSON_STATUSES)[number]

export const personStatusLabels: Record<PersonStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  call_booked: 'Call booked',
  client: 'Client',
  not_a_fit: 'Not a fit',
}

/** The longest note the consultant may keep on a person. */
export const NOTE_MAX = 5000

/** A person's next step: one line, as People and Today show it. */
export const NEXT_STEP_MAX = 200

/** The funnel's steps, in order: each one's conversion is counted against the one before. */
export const FUNNEL_STEPS = [
  'visit',
  'audit_started',
  'audit_completed',
  'email_given',
  'booking_opened',
  'call_booked',
] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]

export const funnelStepLabels: Record<FunnelStep, string> = {
  visit: 'Visits',
  audit_started: 'Audits started',
  audit_completed: 'Audits completed',
  email_given: 'E-mails given',
  booking_opened: 'Booking opened',
  call_booked: 'Calls booked',
}

/** The funnel's periods in days. */
export const FUNNEL_PERIODS = [7, 30, 90] as const

/** The peer benchmark is shown only once this many audits exist. */
export const PEER_MIN_AUDITS = 20
/** The server recomputes the benchmark at most this often. */
export const PEER_CACHE_MS = 10 * 60 * 1000
