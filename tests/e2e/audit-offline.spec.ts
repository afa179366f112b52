// The free audit with no signal: the connection drops after the page loaded, the
// whole audit and the e-mail step happen offline, a reload while still offline shows the
// report and its pending status again, and once online the row arrives exactly once.
import { expect, test } from './support/csp-guard'
import { baseURL, expectAccessible, MOBILE, superuser, uniqueEmail } from './support/helpers'
import { waitForActiveServiceWorker } from './pwa-support'
import { waitUntilOutboxEmpty } from './support/outbox'
import { answer, lastSection, next, readReport, sectionHeading } from './audit-support'

test.use({ viewport: MOBILE })

test('free audit offline: finished and queued with no signal, delivered once when back online', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('free-offline')
  await page.goto(`${baseURL()}/free-audit`)
  await expect(page.getByRole('button', { name: 'Start the Free Audit' })).toBeVisible()
  // A returning visitor: the service worker is active (app shell and every route chunk
  // precached) and controls the page, so even chunks loaded later come from its cache.
  await waitForActiveServiceWorker(page)
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true)
  await expect(page.getByRole('button', { name: 'Start the Free Audit' })).toBeVisible()

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  await expect(sectionHeading(page, 0)).toBeVisible()
  await answer(page, 'primary_goal', 'grow_revenue')
  await answer(page, 'lead_tracking', 'crm_system')
  for (let section = 1; section <= lastSection; section++) await next(page, section)
  await answer(page, 'growth_planning', 'written_plan')
  await page.getByRole('button', { name: 'Get My Report' }).click()
  const form = page.locator('form.audit-teaser__form')
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Get My Results' }).click()

  const offlineLine = page.getByText(
    "Your results will be e-mailed to you as soon as you're back online.",
  )
  await expect(offlineLine).toBeVisible()
  await expect(page.getByText('Offline · 1 waiting to send')).toBeVisible()
  const shown = await readReport(page)
  await expectAccessible(page)

  // Reload with no connection: the service worker serves the app, the draft the report.
  await page.reload()
  await expect(offlineLine).toBeVisible()
  expect(await readReport(page)).toEqual(shown)
  await expect(page.getByText('Offline · 1 waiting to send')).toBeVisible()

  const su = await superuser()
  const stored = () =>
    su.collection('audits').getFullList({ filter: su.filter('email = {:email}', { email }) })
  expect(await stored()).toHaveLength(0)

  await context.setOffline(false)
  await expect(page.getByText('Your results have been sent to your email!')).toBeVisible({
    timeout: 30_000,
  })
  await expect.poll(async () => (await stored()).length).toBe(1)
  const [row] = await stored()
  expect(row.id).toBe(shown.auditId)
  expect(row.overallScore).toBe(shown.overallScore)
  expect(row.scores.sectionScores).toEqual(shown.sectionScores)

  // Nothing is sent twice: after another reload nothing waits to be sent, and there is one row.
  await page.reload()
  await expect(page.getByText('Your results have been sent to your email!')).toBeVisible()
  await waitUntilOutboxEmpty(page)
  expect(await stored()).toHaveLength(1)
})
