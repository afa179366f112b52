// Newsletter issues in Chromium against the real server: the consultant writes an issue in the
// console (preview at phone width, autosaved drafts), and a reader opens the public archive with
// JavaScript off and, after one visit, with no network. axe-core on every new screen.
import { renderMarkdown } from '../../src/content/markdown'
import { expect, test } from './support/csp-guard'
import { flushMailQueue, waitForMail } from './support/mailbox'
import {
  baseURL,
  createUser,
  DESKTOP,
  expectAccessible,
  MOBILE,
  promoteAdmin,
  screenshot,
  signInAs,
  superuser,
} from './support/helpers'

/** A sent issue as the send leaves it (status, slug, the archive's HTML from the renderer). */
async function publishedIssue(subject: string, body: string) {
  const su = await superuser()
  const id = Array.from(
    { length: 15 },
    () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)],
  ).join('')
  await su
    .collection('newsletter_issues')
    .create({ id, subject, preheader: 'Three quick wins', body })
  const slug = `e2e-${id}`
  await su.collection('newsletter_issues').update(id, {
    status: 'sent',
    slug,
    startedAt: new Date().toISOString(),
    pageHtml: renderMarkdown(body, { variant: 'page' }),
  })
  return { id, slug }
}

test('the archive reads without JavaScript, and offline after one visit', async ({ browser }) => {
  const { slug } = await publishedIssue(
    'Five ways to answer the phone less',
    '## Let the booking page answer\n\nMost calls ask *when are you open*. Put it on [your site](https://example.com).\n\n- Hours\n- Prices',
  )

  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE })
  const page = await noJs.newPage()
  await page.goto(`${baseURL()}/newsletter`)
  await expect(page.getByRole('heading', { level: 1, name: 'Business growth tips' })).toBeVisible()
  await page.getByRole('link', { name: 'Five ways to answer the phone less' }).click()
  await expect(page).toHaveURL(new RegExp(`/newsletter/${slug}$`))
  await expect(page).toHaveTitle(/^Five ways to answer the phone less \|/)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Three quick wins',
  )
  await expect(
    page.getByRole('heading', { level: 2, name: 'Let the booking page answer' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'your site' })).toHaveAttribute(
    'href',
    'https://example.com',
  )
  await expect(page.getByRole('heading', { name: 'Get the next issue by e-mail' })).toBeVisible()
  await screenshot(page, 'newsletter-archive-issue-nojs')
  await noJs.close()

  const context = await browser.newContext({ viewport: DESKTOP })
  const reader = await context.newPage()
  await reader.goto(`${baseURL()}/`)
  await reader.getByRole('contentinfo').getByRole('link', { name: 'Read past issues' }).click()
  await expect(
    reader.getByRole('heading', { level: 1, name: 'Business growth tips' }),
  ).toBeVisible()
  await reader.goto(`${baseURL()}/newsletter/${slug}`)
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(
    'Five ways to answer the phone less',
  )
  await expectAccessible(reader)
  // Kept by the service worker once it controls the page (the first visit fetches it again).
  await expect
    .poll(
      () =>
        reader.evaluate(async (path) => {
          const cache = await caches.open('newsletter-pages')
          return !!(await cache.match(path))
        }, `/newsletter/${slug}`),
      { timeout: 30_000 },
    )
    .toBe(true)
  await context.setOffline(true)
  await reader.reload()
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(
    'Five ways to answer the phone less',
  )
  await expect(
    reader.getByRole('heading', { level: 2, name: 'Let the booking page answer' }),
  ).toBeVisible()
  await screenshot(reader, 'newsletter-archive-issue-offline')
  await context.close()
})

test('compose, preview at phone width, test, send, progress and results', async ({ page }) => {
  const owner = await createUser({ label: 'nl-owner' })
  promoteAdmin(owner.email)
  await signInAs(page, owner.email)
  await page.setViewportSize(MOBILE)
  await page.goto(`${baseURL()}/audit-admin?tab=newsletter`)
  await page.getByRole('button', { name: 'New newsletter' }).click()
  await page.getByLabel('Subject').fill('Winter hours <b>tips</b>')
  await page.getByLabel('Preview text').fill('Short days, full calendars')
  await page
    .getByLabel('Body (Markdown)')
    .fill(
      '## Post your hours\n\nSee [the guide](https://example.com/guide).\n\n<script>alert(1)</script>',
    )
  await expect(page.getByText('All changes saved.')).toBeVisible()

  const preview = page.frameLocator('[data-testid="newsletter-preview"]')
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Winter hours <b>tips</b>')
  await expect(preview.getByRole('heading', { level: 2, name: 'Post your hours' })).toBeVisible()
  await expect(preview.getByText('<script>alert(1)</script>')).toBeVisible()
  await expect(preview.getByText('Littleton, NH 03561')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true')
  const frameWidth = await page.getByTestId('newsletter-preview').evaluate((el) => el.clientWidth)
  expect(frameWidth).toBeLessThanOrEqual(375)
  // The mail inside the preview is checked by the mail tests; axe cannot enter a scriptless frame.
  await expectAccessible(page, ['[data-testid="newsletter-preview"]'])
  await screenshot(page, 'newsletter-compose')

  // Typed offline: kept on the device, sent when the connection is back.
  await page.context().setOffline(true)
  await page.getByLabel('Subject').fill('Winter hours tips')
  await expect(
    page.getByText("Saved on this device. It will be sent when you're back online."),
  ).toBeVisible()
  await page.context().setOffline(false)
  await expect(page.getByText('All changes saved.')).toBeVisible()
  const su = await superuser()
  await expect
    .poll(
      async () =>
        (
          await su
            .collection('newsletter_issues')
            .getFullList({ filter: 'subject = "Winter hours tips"' })
        ).length,
    )
    .toBe(1)

  // A test copy to the consultant, then the real send to the list (one active subscriber here).
  await page.getByRole('button', { name: 'Send a test to me' }).click()
  await expect(page.getByText(`A test copy is on its way to ${owner.email}.`)).toBeVisible()
  const test = await waitForMail(owner.email, /^\[Test\] Winter hours tips$/)
  expect(test.html).toContain('Test copy, sent only to you.')
  const reader = `reader-${Date.now()}@example.com`
  const sub = await su
    .collection('newsletter_subscriptions')
    .create({ email: reader, source: 'footer' })
  await su.collection('newsletter_subscriptions').update(sub.id, { status: 'active' })
  await page.getByRole('button', { name: 'Send...' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' })
  await expect(dialog).toContainText('active subscriber')
  await dialog.getByRole('button', { name: 'Send now' }).click()
  await expect(page.getByText(/^(Progress|Finished): \d+ of \d+$/)).toBeVisible()
  const copy = await waitForMail(reader, /^Winter hours tips$/)
  expect(copy.html).toContain('Littleton, NH 03561')
  await flushMailQueue()
  await expect(page.getByText(/^Finished: (\d+) of \1$/)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('nl-failed')).toHaveText('0')
  await expectAccessible(page)
  await screenshot(page, 'newsletter-results')
})
