// Helpers for the audit browser tests: answer questions by their visible texts, walk the
// sections, and read back what the report shows (to compare with what the server stored).
import { expect, type Page } from '@playwright/test'
import { questions, sections } from '../../src/audit'
import { DEFAULT_DB_NAME } from '../../src/offline/db'

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

/**
 * Answers the first option of every question, section by section, then presses 'Get My Report'.
 * A section's questions show a frame after its heading: each section waits for them.
 */
export async function answerEverySection(page: Page) {
  for (;;) {
    const groups = page.getByRole('group')
    await expect(groups.first()).toBeVisible()
    for (let i = 0; i < (await groups.count()); i++) {
      await groups.nth(i).getByRole('radio').first().check()
    }
    const finish = page.getByRole('button', { name: 'Get My Report' })
    if (await finish.isVisible()) return finish.click()
    const heading = await page.getByRole('heading', { level: 1 }).textContent()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading ?? '')
  }
}

/** On the teaser: gives `email` and asks for the results, as a visitor does. */
export async function sendResults(page: Page, email: string) {
  const teaser = page.locator('form.audit-teaser__form')
  await teaser.getByLabel('Email').fill(email)
  await teaser.getByRole('button', { name: 'Get My Results' }).click()
}

export async function next(page: Page, toSection: number) {
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(sectionHeading(page, toSection)).toBeVisible()
}

/**
 * Waits until the device has saved the audit at `section` (its draft in IndexedDB). A reload
 * right after a click may come before that write on a busy machine, as it may for a visitor who
 * reloads within a few milliseconds; a test that reloads mid-audit waits for it first.
 */
export async function draftSavedAt(page: Page, section: number) {
  await expect
    .poll(async () =>
      (await storedDrafts(page))
        .filter((draft) => draft.step === 'questions')
        .map((draft) => draft.section),
    )
    .toContain(section)
}

/** Every audit draft the page's IndexedDB holds (the free one and each user's). */
function storedDrafts(
  page: Page,
): Promise<{ step?: string; section?: number; auditId?: string | null }[]> {
  return page.evaluate(
    ({ name }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('drafts').objectStore('drafts').getAll()
          read.onerror = () => reject(read.error)
          read.onsuccess = () => {
            open.result.close()
            resolve(read.result)
          }
        }
      }),
    { name: DEFAULT_DB_NAME },
  )
}

export async function previous(page: Page, toSection: number) {
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(sectionHeading(page, toSection)).toBeVisible()
}

export interface ShownReport {
  /** The audit's id, from the device's draft (the report shows only its short reference). */
  auditId: string
  /** What the report shows as the audit's Reference. */
  reference: string
  overallScore: number
  sectionScores: Record<string, number>
  topTitles: string[]
}

/** What the report on screen says: audit id, overall score, a score per section, top 3. */
export async function readReport(page: Page): Promise<ShownReport> {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your Business Efficiency Report' }),
  ).toBeVisible()
  const reference = (await page.locator('.audit-report__id').textContent())!.trim()
  const auditId = await draftAuditId(page, reference)
  const overallLabel = await page
    .getByRole('img', { name: /^Overall score: \d+%/ })
    .getAttribute('aria-label')
  const overallScore = Number(/(\d+)%/.exec(overallLabel!)![1])
  const sectionScores: Record<string, number> = {}
  for (const row of await page.locator('.section-score').all()) {
    const name = (await row.locator('.section-score__name').textContent())!.trim()
    const value = await row.locator('.section-score__value').textContent()
    sectionScores[name] = Number(/^(\d+)%/.exec(value!.trim())![1])
  }
  const topTitles = await page
    .getByRole('heading', { name: 'Top 3 Recommendations' })
    .locator('xpath=..')
    .locator('ol > li > h3')
    .allTextContents()
  return { auditId, reference, overallScore, sectionScores, topTitles }
}

/** The id of the audit whose report the page shows, read from its draft in IndexedDB. */
async function draftAuditId(page: Page, reference: string): Promise<string> {
  // The report shows before its draft is written: wait for the write.
  const matching = async () =>
    (await storedDrafts(page))
      .map((draft) => draft.auditId ?? '')
      .filter((id) => id.startsWith(reference))
  await expect
    .poll(matching, { message: `one draft's audit id starts with the reference ${reference}` })
    .toHaveLength(1)
  return (await matching())[0]
}

export async function acceptConfirms(page: Page) {
  page.on('dialog', (dialog) => void dialog.accept())
}
