// The free audit in Chromium against the real server: answer some
// questions and skip others, reload mid-way and resume, finish, give an e-mail, and compare
// the report on screen with the row the server scored. axe-core on every step; screenshots of
// the question step and the report on a phone and a desktop.
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  MOBILE,
  screenshot,
  superuser,
  uniqueEmail,
  ONLINE_ONLY,
} from './support/helpers'
import {
  answer,
  draftSavedAt,
  expectChecked,
  lastSection,
  next,
  previous,
  question,
  readReport,
  sectionHeading,
} from './audit-support'
import type { Page } from '@playwright/test'
import { evaluateAudit, questions, sections } from '../../src/audit'
import {
  dollarsText,
  hoursText,
  money,
  recommendationHours,
  yearlyValue,
} from '../../src/audit/payoff'
import type { PayoffAssumptions } from '../../src/audit/payoff'
import { bandWord } from '../../src/config/score-bands'
import { SITE_CONTENT_DEFAULTS, phoneHref } from '../../src/config/site-content'

test.use(ONLINE_ONLY)

test.describe('free audit', () => {
  test.use({ viewport: MOBILE })

  test('online: resume after a reload, e-mail the results, and the stored row equals the report', async ({
    page,
  }) => {
    const email = uniqueEmail('free-online')
    await page.goto(`${baseURL()}/free-audit`)
    await expect(
      page.getByRole('heading', { level: 1, name: 'A Free 5-Minute Business Efficiency Audit' }),
    ).toBeVisible()
    for (const card of ['Quick & Easy', 'Personalized Insights', 'Actionable Results']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible()
    }
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Start the Free Audit' }).click()
    await expect(sectionHeading(page, 0)).toBeVisible()
    // The new step's heading takes the focus, for a screen reader, without a ring: the visitor
    // pressed a button, and would see a frame around the title.
    await expect(sectionHeading(page, 0)).toBeFocused()
    await expect(sectionHeading(page, 0)).toHaveCSS('outline-style', 'none')
    await expect(page.getByText('Section 1 of 7')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await answer(page, 'primary_goal', 'other')
    await page.getByPlaceholder('Please specify...').fill('Open a second location in Littleton')
    await answer(page, 'lead_generation', 'word_of_mouth')
    // lead_tracking is skipped.
    await expectAccessible(page)
    await screenshot(page, 'audit-questions')
    await page.setViewportSize(DESKTOP)
    await screenshot(page, 'audit-questions')
    await page.setViewportSize(MOBILE)

    await next(page, 1)
    await answer(page, 'website_conversion', question('website_conversion').options[0].value)
    await next(page, 2)

    // Reload mid-way (once the device has saved it): same section, same answers.
    await draftSavedAt(page, 2)
    await page.reload()
    await expect(sectionHeading(page, 2)).toBeVisible()
    await expect(page.getByText('Section 3 of 7')).toBeVisible()
    await previous(page, 1)
    await expectChecked(page, 'website_conversion', question('website_conversion').options[0].value)
    await previous(page, 0)
    await expectChecked(page, 'primary_goal', 'other')
    await expect(page.getByPlaceholder('Please specify...')).toHaveValue(
      'Open a second location in Littleton',
    )

    for (let section = 1; section <= lastSection; section++) await next(page, section)
    const last = question('technology_integration')
    await answer(page, last.id, last.options[last.options.length - 1].value)
    await page.getByRole('button', { name: 'Get My Report' }).click()

    await expect(
      page.getByRole('heading', { name: 'Thanks for completing the audit!' }),
    ).toBeVisible()
    await expect(page.getByText(/Your biggest time-saving opportunity is/)).toBeVisible()
    await expectAccessible(page)
    const teaserScore = await page
      .getByRole('img', { name: /^Your score: \d+%/ })
      .getAttribute('aria-label')

    // An empty e-mail does nothing.
    const form = page.locator('form.audit-teaser__form')
    await form.getByRole('button', { name: 'Get My Results' }).click()
    await expect(
      page.getByRole('heading', { name: 'Thanks for completing the audit!' }),
    ).toBeVisible()

    await form.getByLabel('Email').fill(email)
    await form.getByRole('button', { name: 'Get My Results' }).click()
    await expect(page.getByText('Your results have been sent to your email!')).toBeVisible()
    const shown = await readReport(page)
    expect(teaserScore).toContain(`${shown.overallScore}%`)
    expect(Object.keys(shown.sectionScores)).toHaveLength(7)
    expect(shown.topTitles).toHaveLength(3)
    // Each of the seven bars has its band in words beside it; the chart has one text equivalent.
    const chart = page.getByRole('region', { name: 'Score by Section' })
    await expect(chart.locator('.section-scores')).toHaveAttribute('aria-hidden', 'true')
    const equivalent = chart.locator('.visually-hidden')
    await expect(equivalent).toHaveCount(1)
    for (const [name, score] of Object.entries(shown.sectionScores)) {
      const row = chart.locator('.section-score').filter({
        has: page.locator('.section-score__name').getByText(name, { exact: true }),
      })
      await expect(row.locator('.band-word')).toBeVisible()
      await expect(row.locator('.band-word')).toHaveText(bandWord(score))
      await expect(equivalent).toContainText(`${name}: ${score}% (${bandWord(score)}).`)
    }
    await expectAccessible(page)
    await screenshot(page, 'audit-report')
    await page.setViewportSize(DESKTOP)
    await screenshot(page, 'audit-report')

    // The server stored it once, under the id the report shows, with the same scores.
    const su = await superuser()
    const rows = await su
      .collection('audits')
      .getFullList({ filter: su.filter('email = {:email}', { email }) })
    expect(rows).toHaveLength(1)
    const row = rows[0]
    expect(row.id).toBe(shown.auditId)
    expect(row.flow).toBe('free')
    expect(row.user).toBe('')
    expect(row.overallScore).toBe(shown.overallScore)
    expect(row.scores.sectionScores).toEqual(shown.sectionScores)
    expect(row.recommendations.topRecommendations.map((r: { title: string }) => r.title)).toEqual(
      shown.topTitles,
    )
    expect(row.answers.lead_tracking).toEqual({ value: 'Did not answer', score: 0 })
    expect(row.answers.primary_goal).toEqual({ value: 'other', score: 5 })
    expect(row.otherTexts).toEqual({ primary_goal: 'Open a second location in Littleton' })

    // A reload keeps the report; the invitation and 'Take Audit Again' work.
    await page.reload()
    expect((await readReport(page)).auditId).toBe(shown.auditId)
    await page.getByRole('button', { name: 'Set Up My Free Dashboard' }).click()
    await expect(page.getByRole('link', { name: 'Create Free Dashboard' })).toHaveAttribute(
      'href',
      '/signup',
    )
    await page.getByRole('button', { name: 'Maybe Later' }).click()
    await expect(page.getByRole('link', { name: 'Create Free Dashboard' })).toBeHidden()

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Take Audit Again' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'A Free 5-Minute Business Efficiency Audit' }),
    ).toBeVisible()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Start the Free Audit' })).toBeVisible()
    expect(
      await su
        .collection('audits')
        .getFullList({ filter: su.filter('email = {:email}', { email }) }),
    ).toHaveLength(1)
  })

  test("a keyboard's Enter keeps its ring on the new step's heading", async ({ page }) => {
    await page.goto(`${baseURL()}/free-audit`)
    const start = page.getByRole('button', { name: 'Start the Free Audit' })
    await expect(start).toBeEnabled()
    await start.focus()
    await page.keyboard.press('Enter')
    await expect(sectionHeading(page, 0)).toBeFocused()
    await expect(sectionHeading(page, 0)).toHaveCSS('outline-style', 'solid')
    // The questions show a frame after the heading: from it, Tab reaches the first answer.
    const firstAnswer = page.getByRole('radio').first()
    await expect(firstAnswer).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(firstAnswer).toBeFocused()
    await page.keyboard.press('Space')
    await expect(firstAnswer).toBeChecked()
  })

  test('the report contact form sends a message about the audit', async ({ page }) => {
    const email = uniqueEmail('free-contact')
    await page.goto(`${baseURL()}/free-audit`)
    await page.getByRole('button', { name: 'Start the Free Audit' }).click()
    for (let section = 1; section <= lastSection; section++) await next(page, section)
    await page.getByRole('button', { name: 'Get My Report' }).click()
    const form = page.locator('form.audit-teaser__form')
    await form.getByLabel('Email').fill(email)
    await form.getByRole('button', { name: 'Get My Results' }).click()
    const { auditId } = await readReport(page)

    const contact = page.locator('.audit-report__contact')
    await contact.getByLabel('Name').fill('Pat Birch')
    await contact.getByLabel('Email').fill(email)
    await contact.getByLabel('Message').fill('Could we talk about the follow-up ideas?')
    await contact.getByRole('button', { name: 'Send Message' }).click()
    await expect(
      contact.getByText(
        "Thank you! Your message has been sent successfully. I'll get back to you soon!",
      ),
    ).toBeVisible()

    const su = await superuser()
    const messages = await su
      .collection('contacts')
      .getFullList({ filter: su.filter('email = {:email}', { email }) })
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({
      source: 'business_efficiency_audit',
      auditId,
      name: 'Pat Birch',
    })
  })

  test('Print or save as PDF: one Letter page even when every recommendation fires, naming the business and how to book', async ({
    page,
  }) => {
    await reachWeakestReport(page, 'free-print')
    await readReport(page)
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible()

    // US Letter at 96 dpi inside the print margins: 8.5in - 22mm wide, 11in - 20mm tall.
    const letter = { width: 732, height: 881 }
    await page.emulateMedia({ media: 'print' })
    await page.setViewportSize(letter)
    await screenshot(page, 'audit-report-print')
    for (const hidden of [
      page.locator('.site-header'),
      page.locator('.site-footer'),
      page.getByRole('button', { name: 'Take Audit Again' }),
      page.getByRole('button', { name: 'Send Message' }),
      page.getByRole('button', { name: 'Set Up My Free Dashboard' }),
    ]) {
      await expect(hidden).toBeHidden()
    }
    await expect(page.getByRole('heading', { name: 'Score by Section' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Top 3 Recommendations' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Recommendations by Section' })).toBeHidden()
    // What each top recommendation may be worth, and at which rate; the rate's field is not.
    await expect(page.locator('.top-recommendations__payoff')).toHaveCount(3)
    for (const payoff of await page.locator('.top-recommendations__payoff').all())
      await expect(payoff).toBeVisible()
    await expect(page.locator('.payoff-basis')).toBeVisible()
    await expect(page.getByLabel('What an hour of your time is worth')).toBeHidden()
    // Who prepared it and how to reach them, written out: a printed page has no buttons.
    const booking = new URL('/book', baseURL())
    const printedBooking = `${booking.host}${booking.pathname}`
    const report = page.locator('.audit-report')
    for (const text of [
      SITE_CONTENT_DEFAULTS.businessName,
      SITE_CONTENT_DEFAULTS.phone,
      SITE_CONTENT_DEFAULTS.email,
      printedBooking,
    ]) {
      await expect(report.getByText(text).first()).toBeVisible()
    }
    await expect(report.getByRole('link', { name: printedBooking })).toHaveAttribute(
      'href',
      booking.href,
    )
    await expect(report.getByRole('link', { name: SITE_CONTENT_DEFAULTS.phone })).toHaveAttribute(
      'href',
      phoneHref(SITE_CONTENT_DEFAULTS),
    )

    // Chromium's own PDF of it: one Letter page, the booking address a live link in it.
    const pdf = (await page.pdf({ format: 'Letter', preferCSSPageSize: true })).toString('latin1')
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1)
    expect(pdf).toContain(`/URI (${booking.href})`)
  })

  test('the payoff: hours and dollars for each top recommendation, at a rate the visitor can change', async ({
    page,
  }) => {
    await reachWeakestReport(page, 'free-payoff')
    const { assumptions } = (await (await page.request.get(`${baseURL()}/api/payoff`)).json()) as {
      assumptions: PayoffAssumptions
    }
    // Every answer the weakest: each top recommendation gets its section's whole range.
    const evaluation = evaluateAudit(weakestAnswers())
    const top = evaluation.recommendations.topRecommendations
    const hours = top.map((rec) =>
      recommendationHours(rec, evaluation.answers, rec.score, assumptions)!,
    )
    const payoffs = page.locator('.top-recommendations__payoff')
    await expect(payoffs).toHaveCount(3)
    const expectAt = async (rate: number) => {
      for (const [i, range] of hours.entries()) {
        const dollars = dollarsText(yearlyValue(range, rate, assumptions.weeksPerYear))
        await expect(payoffs.nth(i)).toHaveText(`Worth ${hoursText(range)}, ${dollars}`)
      }
      await expect(page.locator('.payoff-basis')).toContainText(`${money(rate)} an hour`)
    }
    const rate = page.getByLabel('What an hour of your time is worth')
    await expect(rate).toHaveValue(String(assumptions.hourlyRate))
    await expectAt(assumptions.hourlyRate)

    // A higher rate, the dollars follow; a rate out of bounds is named under the field.
    const higher = assumptions.hourlyRate + 45
    await rate.fill(String(higher))
    await expectAt(higher)
    await rate.fill('5')
    await expect(page.getByText('Enter an hourly rate from $10 to $1,000.')).toBeVisible()
    await expect(rate).toHaveAttribute('aria-invalid', 'true')
    await rate.fill(String(higher))
    await expect(page.getByText('Enter an hourly rate from $10 to $1,000.')).toBeHidden()

    // How the figures are made is one tap away; the visitor's rate stays after a reload.
    await page.getByText('How these figures are worked out').click()
    const table = page.locator('.payoff-assumptions__table')
    for (const { name } of sections)
      await expect(table.getByText(name, { exact: true })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'audit-report-payoff')
    await page.reload()
    await expect(page.getByLabel('What an hour of your time is worth')).toHaveValue(String(higher))
    await expectAt(higher)
  })
})

function weakestAnswers(): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const q of questions)
    answers[q.id] = [...q.options].sort((a, b) => a.score - b.score)[0].value
  return answers
}

/** Every question answered with its weakest option, an e-mail given: the report is shown. */
async function reachWeakestReport(page: Page, label: string) {
  await page.goto(`${baseURL()}/free-audit`)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  const answers = weakestAnswers()
  for (let section = 0; section <= lastSection; section++) {
    if (section > 0) await next(page, section)
    for (const q of sections[section].questions) await answer(page, q.id, answers[q.id])
  }
  await expect(page.getByText(`${questions.length} of ${questions.length} answered`)).toBeVisible()
  await page.getByRole('button', { name: 'Get My Report' }).click()
  const form = page.locator('form.audit-teaser__form')
  await form.getByLabel('Email').fill(uniqueEmail(label))
  await form.getByRole('button', { name: 'Get My Results' }).click()
  await readReport(page)
}
