// The first visit, with no reload: the visitor opens `/`, reads for a moment, loses the signal,
// and goes on. The service worker installed by that very page controls it (no reload needed),
// so the audit's code comes from its precache; every submission is queued with the honest
// queued wording and no error, and each arrives exactly once when the signal returns. Before the
// worker controls the page (its first seconds), what `/` fetched once idle carries the audit.
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  decideSignUps,
  MOBILE,
  screenshot,
  superuser,
  uniqueEmail,
} from './support/helpers'
import { waitForControllingServiceWorker } from './pwa-support'
import {
  answer,
  answerEverySection,
  lastSection,
  next,
  sectionHeading,
  sendResults,
} from './audit-support'
import { waitUntilOutboxEmpty } from './support/outbox'
import { homeOfflineOnceLoaded } from './support/scripts'

test.use({ viewport: MOBILE })

test('first session, no reload: audit, message and sign-up queued offline, each delivered once', async ({
  page,
  context,
}) => {
  const auditEmail = uniqueEmail('first-audit')
  const contactEmail = uniqueEmail('first-contact')
  const newsletterEmail = uniqueEmail('first-news')

  await page.goto(`${baseURL()}/`)
  await expect(page.getByRole('link', { name: 'Take Free Business Audit' })).toBeVisible()
  // The worker that this page installed controls it, without a reload.
  await waitForControllingServiceWorker(page)

  await context.setOffline(true)

  // The audit: its page's code was never loaded by this page; it comes from the precache.
  await page.getByRole('link', { name: 'Take Free Business Audit' }).click()
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  await expect(sectionHeading(page, 0)).toBeVisible()
  await answer(page, 'primary_goal', 'grow_revenue')
  for (let section = 1; section <= lastSection; section++) await next(page, section)
  await page.getByRole('button', { name: 'Get My Report' }).click()
  await sendResults(page, auditEmail)
  await expect(
    page.getByText("Your results will be e-mailed to you as soon as you're back online."),
  ).toBeVisible()
  await expect(page.getByText('There was an error. Please try again.')).toHaveCount(0)
  await screenshot(page, 'first-visit-offline-report')

  // A message and a sign-up from the home page, still offline, still no reload.
  // Leaving the audit asks first (the answers stay on this device).
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('banner').getByRole('link', { name: /home/i }).first().click()
  const contact = page.locator('#contact form')
  await contact.getByLabel('Name').fill('First Visit')
  await contact.getByLabel('Email').fill(contactEmail)
  await contact.getByLabel('Message').fill('Sent with no signal on my first visit.')
  await contact.getByRole('button', { name: 'Send Message' }).click()
  await expect(
    contact.getByText(
      "You're offline - your message is saved on this device and will be sent when you're back online.",
    ),
  ).toBeVisible()

  const newsletter = page.getByRole('contentinfo').locator('form')
  await newsletter.getByLabel('Your email address').fill(newsletterEmail)
  await newsletter.getByRole('button', { name: 'Sign Up' }).click()
  await expect(
    newsletter.getByText(
      "You're offline - your sign-up is saved on this device and will be sent when you're back online.",
    ),
  ).toBeVisible()

  await screenshot(page, 'first-visit-offline-home')

  const su = await superuser()
  const rows = (collection: string, email: string) =>
    su.collection(collection).getFullList({ filter: su.filter('email = {:email}', { email }) })
  const counts = async () => [
    (await decideSignUps().then(() => rows('audits', auditEmail))).length,
    (await rows('contacts', contactEmail)).length,
    (await rows('newsletter_subscriptions', newsletterEmail)).length,
  ]
  expect(await counts()).toEqual([0, 0, 0])

  await context.setOffline(false)
  await expect.poll(counts, { timeout: 30_000 }).toEqual([1, 1, 1])
  // Nothing is sent twice: once the device's outbox has nothing queued or on its way, there is
  // still one of each (and the line that said what waits has no count left).
  await waitUntilOutboxEmpty(page)
  await expect(page.getByText(/waiting to send/)).toHaveCount(0)
  expect(await counts()).toEqual([1, 1, 1])
})

test.describe('before the service worker has the site (the first seconds of a first visit)', () => {
  test.use({ serviceWorkers: 'block' })

  test('offline from the home page, the whole audit is taken and its report shown, sent once back online', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('first-seconds-audit')
    // Fetched once the browser is idle on `/`: the audit's code, then its report's, and the
    // outbox. No worker will have them: only what the page itself fetched is there.
    await homeOfflineOnceLoaded(page, context, ['AuditReport', 'app-outbox'])

    await page.getByRole('link', { name: 'Take Free Business Audit' }).click()
    await page.getByRole('button', { name: 'Start the Free Audit' }).click()
    await expect(sectionHeading(page, 0)).toBeVisible()
    await answerEverySection(page)
    await sendResults(page, email)
    await expect(
      page.getByText("Your results will be e-mailed to you as soon as you're back online."),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Score by Section' })).toBeVisible()
    await expect(page.getByText('Your report could not load.')).toHaveCount(0)
    await screenshot(page, 'first-seconds-offline-report')

    const su = await superuser()
    const audits = async () =>
      (
        await su
          .collection('audits')
          .getFullList({ filter: su.filter('email = {:email}', { email }) })
      ).length
    expect(await audits()).toBe(0)
    await context.setOffline(false)
    await expect.poll(audits, { timeout: 30_000 }).toBe(1)
    await waitUntilOutboxEmpty(page)
    expect(await audits()).toBe(1)
  })
})
