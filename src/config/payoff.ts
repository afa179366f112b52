// The payoff model's assumptions: how many hours a week one recommendation can give back, per
// section, when the answer behind it is the weakest there is; the hourly rate a report starts
// with; and the weeks a year the business works. The consultant changes them in the console
// (Audits tab, saved on the server: GET/PUT /api/payoff); these are the values a new site starts
// with and the ones a report uses until it has heard from the server. The limits are the
// console's fields and the server's checks alike (checkPayoffAssumptions, src/audit/payoff.ts).

/** A range of hours a week (or dollars): `low` never above `high`, neither negative. */
export interface PayoffRange {
  low: number
  high: number
}

export interface PayoffAssumptions {
  /** Section name -> hours a week one recommendation there gives back at the weakest answer. */
  sectionHours: Record<string, PayoffRange>
  /** Dollars an hour the report starts with; the visitor may change it on the page. */
  hourlyRate: number
  /** Working weeks a year, for the yearly value. */
  weeksPerYear: number
}

export const PAYOFF_LIMITS = {
  /** Hours a week, per recommendation. */
  maxHours: 20,
  minRate: 10,
  maxRate: 1000,
  minWeeks: 1,
  maxWeeks: 52,
} as const

/** What a new site starts with (the audit engine's tests check every section has its range). */
export const PAYOFF_DEFAULTS: PayoffAssumptions = {
  sectionHours: {
    'Business Goals & Lead Generation': { low: 1, high: 3 },
    'Website & Lead Generation': { low: 1, high: 2.5 },
    'Business Process Efficiency': { low: 2, high: 5 },
    'Marketing & Lead Nurturing': { low: 1, high: 3 },
    'Customer Experience & Retention': { low: 1, high: 2.5 },
    'Analytics & Performance Tracking': { low: 0.5, high: 2 },
    'Business Growth & Scalability': { low: 1, high: 4 },
  },
  hourlyRate: 50,
  weeksPerYear: 48,
}
