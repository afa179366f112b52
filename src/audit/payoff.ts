// The payoff model: what following a recommendation may be worth, in hours a week and dollars a
// year, from the visitor's own answers. A recommendation is fired by an answer; the further that
// answer is from the best one (its score out of 10), the larger the share of its section's range
// (src/config/payoff.ts) it claims. Sections already in the strong band, and the general advice,
// carry no payoff: there is nothing honest to promise there. Pure, like the scores: the report,
// the dashboard, the results mail and the follow-up mails all read these functions.
import { scoreBand } from '../config/score-bands'
import { PAYOFF_DEFAULTS, PAYOFF_LIMITS } from '../config/payoff'
import type { PayoffAssumptions, PayoffRange } from '../config/payoff'
import { sections } from './questions'
import { recommendationRules } from './recommendations'

/** An answer as stored (`{ value, score }`); only the score is read. */
type Answers = Record<string, { value?: unknown; score?: unknown } | undefined>

export type { PayoffAssumptions, PayoffRange } from '../config/payoff'

interface RuleLookups {
  /** Recommendation title -> the question whose answer fires it (titles are unique). */
  questionOfTitle: Record<string, string>
  /** Question id -> the answer values that fire advice. */
  firingValues: Record<string, Record<string, true>>
}

// Built on first use, not at load: a module without side effects stays out of the audit's
// first-paint code, which imports the engine's index but never the payoff model.
let lookups: RuleLookups | null = null

function ruleLookups(): RuleLookups {
  if (lookups) return lookups
  const built: RuleLookups = {
    questionOfTitle: Object.create(null),
    firingValues: Object.create(null),
  }
  for (const rule of recommendationRules) {
    built.questionOfTitle[rule.title] = rule.questionId
    const values = (built.firingValues[rule.questionId] ??= Object.create(null) as Record<
      string,
      true
    >)
    for (const value of rule.whenValues) values[value] = true
  }
  return (lookups = built)
}

/** The half hours around a figure: the low end rounded down, the high end up. */
function halfHours(low: number, high: number): PayoffRange {
  return { low: Math.floor(low * 2) / 2, high: Math.ceil(high * 2) / 2 }
}

/** 0 (the best answer) to 1 (the weakest) for a question's stored answer; null when not there. */
function gapOf(answers: Answers, questionId: string): number | null {
  const score = Number(answers[questionId]?.score)
  if (!Number.isFinite(score)) return null
  return Math.max(0, Math.min(10, 10 - score)) / 10
}

const isStrong = (score: number) => scoreBand(score) === 'green'

/**
 * Hours a week one recommendation may give back, or null when it carries no payoff (general
 * advice, a strong section, an answer that leaves nothing to gain, a title the engine no longer
 * has).
 */
export function recommendationHours(
  recommendation: { title: string; section: string },
  answers: Answers,
  sectionScore: number,
  assumptions: PayoffAssumptions,
): PayoffRange | null {
  const questionId = ruleLookups().questionOfTitle[recommendation.title]
  const range = assumptions.sectionHours[recommendation.section]
  if (!questionId || !range || isStrong(sectionScore)) return null
  const gap = gapOf(answers, questionId)
  if (!gap) return null
  const hours = halfHours(range.low * gap, range.high * gap)
  return hours.high > 0 ? hours : null
}

/** Dollars a year for hours a week at a rate: whole hundreds, the low end down, the high up. */
export function yearlyValue(
  hours: PayoffRange,
  hourlyRate: number,
  weeksPerYear: number,
): PayoffRange {
  const perHour = Math.max(0, hourlyRate) * Math.max(0, weeksPerYear)
  return {
    low: Math.floor((hours.low * perHour) / 100) * 100,
    high: Math.ceil((hours.high * perHour) / 100) * 100,
  }
}

/**
 * The hours a week all of an audit's advice may give back: every answer that fired a
 * recommendation in a section not yet strong. Progress is this figure going down.
 */
export function hoursAtStake(
  answers: Answers,
  sectionScores: Record<string, number>,
  assumptions: PayoffAssumptions,
): PayoffRange {
  const { firingValues } = ruleLookups()
  let low = 0
  let high = 0
  for (const section of sections) {
    const range = assumptions.sectionHours[section.name]
    if (!range || isStrong(Number(sectionScores[section.name]) || 0)) continue
    for (const { id } of section.questions) {
      const gap = gapOf(answers, id)
      if (!gap || !firingValues[id]?.[String(answers[id]?.value)]) continue
      low += range.low * gap
      high += range.high * gap
    }
  }
  return halfHours(low, high)
}

/**
 * Hours a week won back between two audits by the model: how much the figure at stake fell, end
 * by end, never below zero.
 */
export function hoursRecovered(first: PayoffRange, latest: PayoffRange): PayoffRange {
  const low = Math.max(0, first.low - latest.low)
  const high = Math.max(0, first.high - latest.high)
  return { low: Math.min(low, high), high: Math.max(low, high) }
}

// By hand, not toLocaleString: PocketBase's engine reads its first argument as a radix.
/** Half hours as written: "2", "1.5". */
function number(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1)
}

/** Whole dollars with thousands separators: "$3,600". */
export function money(value: number): string {
  return `$${String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
}

/** "1.5-3 hours a week", "up to 1 hour a week". */
export function hoursText(hours: PayoffRange): string {
  const unit = hours.high === 1 ? 'hour' : 'hours'
  if (hours.low === hours.high) return `about ${number(hours.high)} ${unit} a week`
  if (hours.low === 0) return `up to ${number(hours.high)} ${unit} a week`
  return `${number(hours.low)}-${number(hours.high)} ${unit} a week`
}

/** "$3,600-$7,200 a year". */
export function dollarsText(dollars: PayoffRange): string {
  if (dollars.low === dollars.high) return `about ${money(dollars.high)} a year`
  if (dollars.low === 0) return `up to ${money(dollars.high)} a year`
  return `${money(dollars.low)}-${money(dollars.high)} a year`
}

/**
 * One recommendation's payoff in a sentence, for the mails: "Worth 1.5-3 hours a week, about
 * $3,600-$7,200 a year at $50 an hour." ('' when it carries none).
 */
export function payoffSentence(
  hours: PayoffRange | null,
  hourlyRate: number,
  weeksPerYear: number,
): string {
  if (!hours) return ''
  const dollars = yearlyValue(hours, hourlyRate, weeksPerYear)
  return `Worth ${hoursText(hours)}, ${dollarsText(dollars)} at ${money(hourlyRate)} an hour.`
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

/**
 * The assumptions as checked: `{ value, problems }`, where `problems` names each bad field
 * (`hourlyRate`, `weeksPerYear`, `sectionHours.<section>.low`, ...) with a sentence for the
 * consultant. Sections the audit does not have are dropped; a missing one is a problem.
 */
export function checkPayoffAssumptions(input: unknown): {
  value: PayoffAssumptions
  problems: Record<string, string>
} {
  const problems: Record<string, string> = {}
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
  const { minRate, maxRate, minWeeks, maxWeeks, maxHours } = PAYOFF_LIMITS

  const rate = body.hourlyRate
  if (!isNumber(rate) || rate < minRate || rate > maxRate || Math.round(rate) !== rate)
    problems.hourlyRate = `Whole dollars from ${minRate} to ${maxRate}.`
  const weeks = body.weeksPerYear
  if (!isNumber(weeks) || weeks < minWeeks || weeks > maxWeeks || Math.round(weeks) !== weeks)
    problems.weeksPerYear = `A whole number of weeks from ${minWeeks} to ${maxWeeks}.`

  const given = (
    body.sectionHours && typeof body.sectionHours === 'object' ? body.sectionHours : {}
  ) as Record<string, unknown>
  const sectionHours: Record<string, PayoffRange> = {}
  for (const { name } of sections) {
    const raw = (given[name] && typeof given[name] === 'object' ? given[name] : {}) as Record<
      string,
      unknown
    >
    const hours = (value: unknown, field: 'low' | 'high'): number => {
      // Half hours: what a person would write, and what the report shows.
      if (
        !isNumber(value) ||
        value < 0 ||
        value > maxHours ||
        Math.round(value * 2) !== value * 2
      ) {
        problems[`sectionHours.${name}.${field}`] =
          `Hours a week from 0 to ${maxHours}, in half hours.`
        return 0
      }
      return value
    }
    const low = hours(raw.low, 'low')
    const high = hours(raw.high, 'high')
    if (high < low && !problems[`sectionHours.${name}.high`])
      problems[`sectionHours.${name}.high`] = 'At least as many hours as the low end.'
    sectionHours[name] = { low, high }
  }

  return {
    value: {
      sectionHours,
      hourlyRate: isNumber(rate) ? rate : PAYOFF_DEFAULTS.hourlyRate,
      weeksPerYear: isNumber(weeks) ? weeks : PAYOFF_DEFAULTS.weeksPerYear,
    },
    problems,
  }
}
