// Helpers for the audit browser tests: answer questions by their visible texts, walk the
// sections, and read back what the report shows (to compare with what the server stored).
import { expect, type Page } from '@playwright/test'
import { questions, sections } from '../../src/audit'

export const lastSection = sections.length - 1

export function question(id: string) {
  const q = questions.find((item) => item.id === id)
  if (!q) throw new Error(`unknown question ${id}`)
  return q
}

/** Picks an answer of a question by the option's value, clicking its card like a visitor. */
export async function answer(page: Page, questionId: string, value: string) {
  const q = question(questionId)
  const option = q.options.find((o) => o.value === value)
  if (!option) throw new Error(`${questionId} has no option ${value}`)
  const group = page.getByRole('group', { name: q.text })
  await group.getByText(option.label, { exact: true }).click()
  await expect(group.getByRole('radio', { name: option.label, exact: true })).toBeChecked()
}

export async function expectChecked(page: Page, questionId: string, value: string) {
  const q = question(questionId)
  const option = q.options.find((o) => o.value === value)!
  await expect(
    page
      .getByRole('group', { name: q.text })
      .getByRole('radio', { name: option.label, exact: true }),
  ).toBeChecked()
}

export function sectionHeading(page: Page, index: number) {
  return page.getByRole('heading', { level: 1, name: sections[index].name })
}

export async function next(page: Page, toSection: number) {
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(sectionHeading(page, toSection)).toBeVisible()
}

export async function previous(page: Page, toSection: number) {
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(sectionHeading(page, toSection)).toBeVisible()
}

export interface ShownReport {
  auditId: string
  overallScore: number
  sectionScores: Record<string, number>
  topTitles: string[]
}

/** What the report on screen says: audit id, overall score, a score per section, top 3. */
export async function readReport(page: Page): Promise<ShownReport> {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your Business Efficiency Report' }),
  ).toBeVisible()
  const auditId = (await page.locator('.audit-report__id').textContent())!.trim()
  const overallLabel = await page
    .getByRole('img', { name: /^Overall score: \d+%/ })
    .getAttribute('aria-label')
  const overallScore = Number(/(\d+)%/.exec(overallLabel!)![1])
  const sectionScores: Record<string, number> = {}
  for (const row of await page.locator('.section-score').all()) {
    const name = (await row.locator('.section-score__text span').first().textContent())!.trim()
    const bar = await row.getByRole('img').getAttribute('aria-label')
    sectionScores[name] = Number(/^(\d+)%/.exec(bar!)![1])
  }
  const topTitles = await page
    .getByRole('heading', { name: 'Top 3 Recommendations' })
    .locator('xpath=..')
    .locator('ol > li > h3')
    .allTextContents()
  return { auditId, overallScore, sectionScores, topTitles }
}

export async function acceptConfirms(page: Page) {
  page.on('dialog', (dialog) => void dialog.accept())
}
