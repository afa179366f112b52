// An audit's results as the mails show them: the stored scores and advice clamped, capped and in
// the engine's section order, and the section score table (a bar per section in its band's
// colour, the band in words beside it). Pure: plain data in, strings out. HTML uses tables and
// inline styles only, because many mail clients drop <style> blocks; every value is escaped.
import { SCORE_BANDS, scoreBand, sectionScoreText } from '../../src/config/score-bands'
import type { ScoreBand } from '../../src/config/score-bands'
import { colours, escapeHtml, toText } from '../mail/index'
import type { StoredAdvice, StoredAudit } from './mail-data'

export interface SectionScore {
  name: string
  score: number
}

export interface Advice {
  title: string
  description: string
  section: string
}

/** An audit's results, ready to show. */
export interface Results {
  overall: number
  band: ScoreBand
  sectionScores: SectionScore[]
  top: Advice[]
  sections: Array<{ name: string; items: Advice[] }>
}

// The site's score bands and their words (src/config/score-bands.ts), in the site's colours
// (src/styles/global.css --score-*), all AA-contrast on white.
export const BANDS: Record<ScoreBand, { color: string; label: string }> = {
  green: { color: '#1e7a46', label: SCORE_BANDS.green.word },
  yellow: { color: '#9a6b00', label: SCORE_BANDS.yellow.word },
  red: { color: '#b3261e', label: SCORE_BANDS.red.word },
}

const MAX_TOP = 3
const MAX_PER_SECTION = 10
const MAX_ADVICE_CHARS = 1000

function clampScore(value: unknown): number {
  const n = Math.round(Number(value))
  if (!isFinite(n)) return 0
  return Math.max(0, Math.min(100, n))
}

function clip(value: unknown, max: number): string {
  const text = toText(value).trim()
  return text.length > max ? text.slice(0, max - 1) + '\u2026' : text
}

/**
 * Sorts named items in the audit's section order. PocketBase stores JSON objects with sorted
 * keys, so the order the engine produced is lost; items of unknown sections go last.
 */
function inSectionOrder<T extends { name: string }>(
  items: T[],
  sectionOrder: string[] | undefined,
): T[] {
  const rank = (name: string) => {
    const i = (sectionOrder || []).indexOf(name)
    return i < 0 ? Number.MAX_SAFE_INTEGER : i
  }
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item.name) - rank(b.item.name) || a.i - b.i)
    .map((entry) => entry.item)
}

/** The overall score: the record's column, else the one inside its scores, clamped. */
export function overallOf(audit: StoredAudit): number {
  const scores = audit.scores || {}
  return clampScore(
    audit.overallScore !== undefined && audit.overallScore !== null
      ? audit.overallScore
      : scores.overallScore,
  )
}

/** Scores and advice as stored by the audit engine, clamped, capped and in section order. */
export function normaliseResults(audit: StoredAudit, sectionOrder: string[] | undefined): Results {
  const scores = audit.scores || {}
  const recommendations = audit.recommendations || {}
  const overall = overallOf(audit)
  const stored = scores.sectionScores || {}
  const sectionScores = inSectionOrder(
    Object.keys(stored).map((name) => ({
      name: clip(name, 120),
      score: clampScore(stored[name]),
    })),
    sectionOrder,
  )
  const advice = (item: StoredAdvice | undefined): Advice => ({
    title: clip(item && item.title, 200),
    description: clip(item && item.description, MAX_ADVICE_CHARS),
    section: clip(item && item.section, 120),
  })
  const top = (
    Array.isArray(recommendations.topRecommendations) ? recommendations.topRecommendations : []
  )
    .slice(0, MAX_TOP)
    .map(advice)
    .filter((item) => item.title)
  const bySection = recommendations.sectionRecommendations || {}
  const sectionNames = inSectionOrder(
    Object.keys(bySection).map((name) => ({ name })),
    sectionOrder,
  ).map((entry) => entry.name)
  const sections = sectionNames
    .map((name) => ({
      name: clip(name, 120),
      items: (Array.isArray(bySection[name]) ? bySection[name] : [])
        .slice(0, MAX_PER_SECTION)
        .map(advice)
        .filter((item) => item.title),
    }))
    .filter((section) => section.items.length > 0)
  return { overall, band: scoreBand(overall), sectionScores, top, sections }
}

/** A horizontal bar: a filled cell as wide as the score, in the score's band colour. */
function scoreBar(score: number): string {
  const band = BANDS[scoreBand(score)]
  const cells: string[] = []
  if (score > 0) {
    cells.push(
      `<td width="${score}%" style="width:${score}%;height:10px;background:${band.color};border-radius:5px;font-size:0;line-height:0;">&nbsp;</td>`,
    )
  }
  if (score < 100) {
    cells.push(
      `<td style="height:10px;background:${colours.TRACK};border-radius:5px;font-size:0;line-height:0;">&nbsp;</td>`,
    )
  }
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>${cells.join('')}</tr></table>`
}

function sectionScoreRows(sectionScores: SectionScore[]): string {
  return sectionScores
    .map((section) => {
      const band = BANDS[scoreBand(section.score)]
      return [
        '<tr>',
        `<td style="padding:10px 0 4px;font-size:15px;color:${colours.INK};">${escapeHtml(section.name)}</td>`,
        `<td align="right" style="padding:10px 0 4px 8px;font-size:15px;font-weight:bold;color:${band.color};white-space:nowrap;">${section.score}% <span style="font-size:13px;">${escapeHtml(band.label)}</span></td>`,
        '</tr>',
        `<tr><td colspan="2">${scoreBar(section.score)}</td></tr>`,
      ].join('')
    })
    .join('\n')
}

/** Each section's score and bar, for the HTML of a mail. */
export function sectionScoreTable(sectionScores: SectionScore[]): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${sectionScoreRows(sectionScores)}</table>`
}

/** Each section's score and band, for the text of a mail. */
export function textSectionScores(sectionScores: SectionScore[]): string {
  return sectionScores.map((s) => `- ${sectionScoreText(s.name, s.score)}`).join('\n')
}
