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

/** The statuses of someone still being worked on: only they go stale. */
export const OPEN_STATUSES = ['new', 'contacted', 'call_booked'] as const
export type OpenStatus = (typeof OPEN_STATUSES)[number]

/** Days without activity after which a person in an open status is stale (the consultant's). */
export type StaleDays = Record<OpenStatus, number>

/** What a new site starts with: a new lead cools in days, a booked call in weeks. */
export const STALE_DEFAULTS: StaleDays = { new: 3, contacted: 10, call_booked: 21 }

export const STALE_LIMITS = { minDays: 1, maxDays: 365 } as const

/** `{ value, problems }`: each open status's days checked, a bad one named (`staleDays.new`). */
export function checkStaleDays(input: unknown): {
  value: StaleDays
  problems: Record<string, string>
} {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
  const value = { ...STALE_DEFAULTS }
  const problems: Record<string, string> = {}
  for (const status of OPEN_STATUSES) {
    const days = body[status]
    if (
      typeof days !== 'number' ||
      !Number.isInteger(days) ||
      days < STALE_LIMITS.minDays ||
      days > STALE_LIMITS.maxDays
    ) {
      problems[`staleDays.${status}`] =
        `A whole number of days from ${STALE_LIMITS.minDays} to ${STALE_LIMITS.maxDays}.`
    } else value[status] = days
  }
  return { value, problems }
}

/**
 * True when a person in an open status has had no activity (an audit, a message, a sign-up, a
 * logged call or e-mail) for their status's days. Times are stored times or ISO; `now` in ms.
 */
export function isStale(
  person: { status: string; lastActivityAt?: string; lastContactAt?: string; created?: string },
  staleDays: StaleDays,
  now: number,
): boolean {
  const days = staleDays[person.status as OpenStatus]
  if (!days) return false
  const parse = (t: string | undefined) => (t ? Date.parse(t.replace(' ', 'T')) : NaN)
  let times = [parse(person.lastActivityAt), parse(person.lastContactAt)].filter(Number.isFinite)
  // The row's own time only when there is nothing else (a person made later for older records
  // is not fresh for it).
  if (times.length === 0) times = [parse(person.created)].filter(Number.isFinite)
  if (times.length === 0) return false
  return now - Math.max(...times) > days * 24 * 60 * 60 * 1000
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
