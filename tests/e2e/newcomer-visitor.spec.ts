// What a newcomer tripped on as a visitor and as a member (issue 38, points 1-5), on a 390 px
// phone against the real server: the call-back form confirms in place of itself; the free report
// says which mail carries its results; Start New Audit starts a new audit; the visitor sees a short
// reference, not record internals; the report's contact form knows who it is for, the newsletter
// says one true thing, and Settings shows the sign-in e-mail as text inside its card.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/csp-guard'
import { messages } from '../../src/config/messages'
import { site } from '../../src/config/site'
import { SITE_CONTENT_DEFAULTS, firstNameOf } from '../../src/config/site-content'
import {
  baseURL,
  createUser,
  DESKTOP,
  expectAccessible,
  MOBILE,
  screenshot,
  signInAs,
  superuser,
  uniqueEmail,
  waitForApp,
  ONLINE_ONLY,
} from './support/helpers'
import { draftSavedAt, lastSection, next, readReport, sectionHeading } from './audit-support'

test.use({ ...ONLINE_ONLY, viewport: MOBILE })

const SCHEDULER_SCRIPT = `${site.booking.scriptUrl.split('?')[0]}*`

/** Skips every question of the free audit and asks for the results at `email`. */
async function takeFreeAudit(page: Page, email: string) {
  await page.goto(`${baseURL()}/free-audit`)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  await expect(sectionHeading(page, 0)).toBeVisible()
  for (let section = 1; section <= lastSection; section++) await next(page, section)
  await page.getByRole('button', { name: 'Get My Report' }).click()
  const form = page.locator('form.audit-teaser__form')
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Get My Results' }).click()
  return readReport(page)
}

/** How many lines `locator`'s text is laid out on. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size
  })
}

/** Skips every question of the signed-in audit from its landing step to the report. */
async function takeMemberAudit(page: Page) {
  await page.getByRole('button', { name: 'Start Audit' }).click()
  await expect(sectionHeading(page, 0)).toBeVisible()
  for (let section = 1; section <= lastSection; section++) await next(page, section)
  await page.getByRole('button', { name: 'Get My Report' }).click()
  return readReport(page)
}

test.describe('1. the call-back form', () => {
  async function requestCallBack(page: Page, scope: Locator) {
    const form = scope.getByRole('form', { name: "Or I'll call you back" })
    await form.getByLabel('Your name').fill('Pat Farmstand')
    await form.getByLabel('Phone number').fill('(603) 555-0142')
    await form.getByLabel('Email (to confirm the time)').fill(uniqueEmail('call-back'))
    await form.getByRole('button', { name: 'Call Me Back' }).click()
    return form
  }

  async function expectConfirmedInPlace(page: Page, scope: Locator) {
    const status = scope.getByRole('status').filter({ hasText: 'will call you back' })
    await expect(status).toBeVisible()
    // The confirmation takes the form's place: no emptied fields, no field in error.
    await expect(scope.getByText(/^Please enter/)).toHaveCount(0)
    await expect(scope.getByRole('form', { name: "Or I'll call you back" })).toHaveCount(0)
    await expect(scope.getByRole('textbox')).toHaveCount(0)
    await expect(status).toHaveText(
      `Thank you! ${firstNameOf(SITE_CONTENT_DEFAULTS)} will call you back soon at (603) 555-0142.`,
    )
    await expect(scope.getByText('Your call-back request')).toBeFocused()
    await expect(scope.getByRole('button', { name: 'Send another request' })).toBeVisible()
  }

  test('on /call: a sent request is confirmed in place of the form, with no errors', async ({
    page,
  }) => {
    await page.route(SCHEDULER_SCRIPT, (route) => route.abort('connectionrefused'))
    await page.goto(`${baseURL()}/call`)
    const box = page.locator('.call-page__scheduler')
    await expect(box.getByText('The scheduler could not load.')).toBeVisible()
    await requestCallBack(page, box)
    await expectConfirmedInPlace(page, box)
    await expectAccessible(page)
    await screenshot(page, 'call-back-confirmed')
    await page.setViewportSize(DESKTOP)
    await screenshot(page, 'call-back-confirmed')

    // Another request starts from an untouched form.
    await page.setViewportSize(MOBILE)
    await box.getByRole('button', { name: 'Send another request' }).click()
    const again = box.getByRole('form', { name: "Or I'll call you back" })
    await expect(again.getByLabel('Your name')).toBeFocused()
    await expect(again.getByLabel('Your name')).toHaveValue('')
    await expect(again.getByLabel('Your name')).not.toHaveAttribute('aria-invalid', 'true')
  })

  test('in the booking dialog: the same confirmation in place of the form', async ({ page }) => {
    await page.route(SCHEDULER_SCRIPT, (route) => route.abort('connectionrefused'))
    await page.goto(`${baseURL()}/`)
    await waitForApp(page)
    await page.getByRole('button', { name: messages.bookCall }).first().click()
    const dialog = page.getByRole('dialog', { name: messages.bookCall })
    await expect(dialog.getByText('The scheduler could not load.')).toBeVisible()
    await requestCallBack(page, dialog)
    await expectConfirmedInPlace(page, dialog)
    await expectAccessible(page)
    await screenshot(page, 'call-back-dialog-confirmed')
  })
})

test.describe('2. the free report and its results mail', () => {
  test('a second audit to the same address within the window says the results went earlier', async ({
    page,
  }) => {
    const email = uniqueEmail('twice')
    const first = await takeFreeAudit(page, email)
    await expect(page.getByText('Your results have been sent to your email!')).toBeVisible()

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Take Audit Again' }).click()
    const second = await takeFreeAudit(page, email)
    expect(second.auditId).not.toBe(first.auditId)

    // The server queued no results mail for the second audit, and the report says so.
    const su = await superuser()
    await expect
      .poll(() =>
        su
          .collection('audits')
          .getOne(second.auditId)
          .then((row) => row.id)
          .catch(() => ''),
      )
      .toBe(second.auditId)
    const mails = await su.collection('deliveries').getFullList({
      filter: su.filter('kind = "visitor_results" && recipient = {:email}', { email }),
    })
    expect(mails.map((row) => row.sourceId)).toEqual([first.auditId])

    const status = page.locator('.audit-report__status')
    await expect(status).toContainText(`Your earlier results went to ${email} today at`)
    await expect(status).toContainText('We e-mail each address once every 24 hours')
    await expect(page.getByText('Your results have been sent to your email!')).toHaveCount(0)
    await expectAccessible(page)
    await screenshot(page, 'audit-report-mailed-earlier')

    // A reload says the same.
    await page.reload()
    await expect(status).toContainText(`Your earlier results went to ${email} today at`)
  })
})

test.describe('3. Start New Audit on the dashboard', () => {
  test('starts a new audit at once, and the finished one stays in My Audits', async ({ page }) => {
    const user = await createUser({ label: 'new-audit' })
    await signInAs(page, user.email)
    await page.goto(`${baseURL()}/digital-audit`)
    const first = await takeMemberAudit(page)

    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await page.getByRole('link', { name: 'Start New Audit' }).click()
    await expect(page).toHaveURL(/\/digital-audit$/)
    await expect(page.getByRole('button', { name: 'Start Audit' })).toBeVisible()
    await expect(
      page.getByRole('heading', { name: 'Your Business Efficiency Report' }),
    ).toHaveCount(0)
    // A reload of the new audit's page does not clear anything more: it resumes it.
    await page.getByRole('button', { name: 'Start Audit' }).click()
    await expect(sectionHeading(page, 0)).toBeVisible()
    await next(page, 1)
    await draftSavedAt(page, 1)
    await page.reload()
    await expect(sectionHeading(page, 1)).toBeVisible()
    for (let section = 2; section <= lastSection; section++) await next(page, section)
    await page.getByRole('button', { name: 'Get My Report' }).click()
    const second = await readReport(page)
    expect(second.auditId).not.toBe(first.auditId)

    // The report's own "Take Audit Again" starts over at once too: nothing is lost, no warning.
    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByRole('button', { name: 'Take Audit Again' }).click()
    await expect(page.getByRole('button', { name: 'Start Audit' })).toBeVisible()
    expect(asked).toEqual([])

    // My Audits: both; its "Take the Audit Again" starts a new one too.
    await page.goto(`${baseURL()}/dashboard`)
    await page.getByRole('tab', { name: 'My Audits' }).click()
    await expect(page.locator('.audit-card')).toHaveCount(2)
    await page.getByRole('link', { name: 'Take the Audit Again' }).click()
    await expect(page.getByRole('button', { name: 'Start Audit' })).toBeVisible()
    await expect(
      page.getByRole('heading', { name: 'Your Business Efficiency Report' }),
    ).toHaveCount(0)
    await page.goto(`${baseURL()}/dashboard`)
    await page.getByRole('tab', { name: 'My Audits' }).click()
    await expect(page.locator('.audit-card')).toHaveCount(2)
  })
})

test.describe('4. no record internals for visitors', () => {
  test('the report and the dashboard show a short reference, not the id, the agent or raw JSON', async ({
    page,
  }) => {
    const user = await createUser({ label: 'reference' })
    await signInAs(page, user.email)
    await page.goto(`${baseURL()}/digital-audit`)
    const shown = await takeMemberAudit(page)
    const header = page.locator('.audit-report__header')
    await expect(header).not.toContainText('Audit ID')
    await expect(header).not.toContainText(shown.auditId)
    expect(shown.reference).toHaveLength(8)
    expect(shown.auditId.startsWith(shown.reference)).toBe(true)
    await expect(header.getByText('Reference', { exact: true })).toBeVisible()

    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await page.getByRole('tab', { name: 'My Audits' }).click()
    const card = page.locator('.audit-card').first()
    await card.getByRole('button', { name: /View details/ }).click()
    await expect(card.getByText('Technical details')).toHaveCount(0)
    for (const internal of ['collectionId', 'userAgent', '"overallScore"', shown.auditId]) {
      await expect(card).not.toContainText(internal)
    }
    await expect(card.getByText(shown.reference, { exact: true })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Download as .txt' })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'dashboard-audit-reference')
  })

  test("the report's header keeps each label on one line at 320 and 390 px, a long address going under it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    await takeFreeAudit(page, uniqueEmail('a-rather-long-address-of-a-visitor'))
    const labels = page.locator('.audit-report__meta dt')
    await expect(labels).toHaveText(['Reference', 'Prepared for'])
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 })
      for (const label of await labels.all()) {
        expect(await linesOf(label), `${await label.textContent()} at ${width}px`).toBe(1)
      }
      // The address takes the header's width, not a sliver beside its label.
      const address = page.locator('.audit-report__meta dd').nth(1)
      expect(await linesOf(address), `the address at ${width}px`).toBeLessThanOrEqual(2)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0)
    }
  })
})

test.describe('5. who the forms are for', () => {
  test("the report's contact form starts with the address just given", async ({ page }) => {
    const email = uniqueEmail('prefill')
    await takeFreeAudit(page, email)
    const contact = page.locator('.audit-report__contact')
    await expect(contact.getByLabel('Email')).toHaveValue(email)
  })

  test("a member's report contact form starts with their name and address", async ({ page }) => {
    const user = await createUser({ label: 'prefill-member' })
    await signInAs(page, user.email)
    await page.goto(`${baseURL()}/digital-audit`)
    await takeMemberAudit(page)
    const contact = page.locator('.audit-report__contact')
    await expect(contact.getByLabel('Name')).toHaveValue('Casey Tester')
    await expect(contact.getByLabel('Email')).toHaveValue(user.email)
  })

  test('the newsletter sign-up says one thing: a confirmation mail is on its way', async ({
    page,
  }) => {
    await page.goto(`${baseURL()}/`)
    await waitForApp(page)
    const form = page.getByRole('contentinfo').locator('form')
    await form.getByLabel('Your email address').fill(uniqueEmail('one-line'))
    await form.getByRole('button', { name: 'Sign Up' }).click()
    const status = form.getByRole('status')
    await expect(status).toContainText('confirmation e-mail is on its way')
    await expect(status).not.toContainText('on their way to your inbox')
    await expect(status).not.toContainText('Please confirm')
  })

  test('Settings shows the sign-in e-mail as text inside its card, not as a field', async ({
    page,
  }) => {
    const user = await createUser({ label: 'settings' })
    await signInAs(page, user.email)
    await page.goto(`${baseURL()}/dashboard`)
    await page.getByRole('tab', { name: 'Settings' }).click()
    const settings = page.locator('.dashboard-settings')
    await expect(settings.getByRole('heading', { name: 'Settings' })).toBeVisible()
    // No control holds it...
    for (const box of await settings.getByRole('textbox').all()) {
      await expect(box).not.toHaveValue(user.email)
    }
    // ...it is text in the e-mail card.
    const card = settings.locator('.dashboard-card').filter({
      has: page.getByRole('heading', { name: 'Email', exact: true }),
    })
    await expect(card.getByText(user.email)).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'settings-email')
    await page.setViewportSize(DESKTOP)
    await screenshot(page, 'settings-email')
  })
})
