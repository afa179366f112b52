// The shapes the funnel's and the console's counting routes answer with (pb_hooks/funnel.pb.js,
// pb_hooks/admin.pb.js), shared with the browser (src/backend/people-api.ts and admin-api.ts
// import them as types). Pure: no PocketBase here.
import type { FunnelStep } from '../../src/config/leads'

/** GET /api/admin/funnel?days=7|30|90: the funnel over the period, counted by the server. */
export interface FunnelReport {
  days: number
  since: string
  /** When the server counted this report (ISO time); nothing in it is cached. */
  countedAt: string
  /** `call_booked` counts the bookings browsers reported (with their visit's token). */
  steps: { step: FunnelStep; count: number; conversion: number | null }[]
  /** Bookings browsers reported, and bookings the server confirmed (tied to a person). */
  bookings: { reported: number; confirmed: number }
  weeks: { week: string; counts: Record<FunnelStep, number>; confirmedBookings: number }[]
  referrers: { referrer: string; count: number }[]
  campaigns: { source: string; medium: string; campaign: string; count: number }[]
  /** Each audit section's average score over every audit so far, and how many audits. */
  sections: { section: string; average: number; audits: number }[]
}

/** How many audits scored each value 0-100 (index = score), overall and per section. */
export interface ScoreHistograms {
  overall: number[]
  sections: Record<string, number[]>
}

/** GET /api/peer-benchmark: the histograms only once enough audits exist. */
export interface PeerBenchmarkAnswer extends Partial<ScoreHistograms> {
  /** When the histograms were counted (ISO time). */
  computedAt: string
  minAudits: number
  audits: number
}

/** POST /api/funnel/visit: the visit token this browser session's `call_booked` must carry. */
export interface VisitAnswer {
  token: string
}

/** GET /api/admin/audit-stats: high 80+, medium 60-79, low under 60. */
export interface AuditStats {
  total: number
  high: number
  medium: number
  low: number
}
