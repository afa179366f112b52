// The consultant's lead workspace and the privacy-respecting funnel: the statuses a person can
// have, the funnel's steps and what a first touch may carry, and when the peer benchmark shows.
// The migrations' select fields and the hooks (via pb_hooks/lib/shared.cjs) use the same codes.

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

/** Where a visit came from: never a full referrer URL, never anything about the person. */
export const FIRST_TOUCH_FIELDS = [
  'path',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
] as const
export type FirstTouchField = (typeof FIRST_TOUCH_FIELDS)[number]
export type FirstTouch = Partial<Record<FirstTouchField, string>>

/** Each first-touch / event text field's longest value. */
export const FIRST_TOUCH_MAX = {
  path: 200,
  referrer: 100,
  utmSource: 100,
  utmMedium: 100,
  utmCampaign: 100,
}

/** The funnel's periods in days. */
export const FUNNEL_PERIODS = [7, 30, 90] as const

/** The peer benchmark is shown only once this many audits exist. */
export const PEER_MIN_AUDITS = 20
/** The server recomputes the benchmark at most this often. */
export const PEER_CACHE_MS = 10 * 60 * 1000
