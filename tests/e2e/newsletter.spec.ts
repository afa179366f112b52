// The newsletter keeps its promise in the browser: a sign-up is confirmed from the link in its
// confirmation mail, the unsubscribe link's page unsubscribes without signing in, a signed-in
// user changes their subscription on the Settings tab, and the consultant sees the counts and
// exports only active subscribers.
import { readFileSync } from 'node:fs'
import PocketBase from 'pocketbase'
import type { Page } from '@playwright/test'
import { expect, test } from './support/csp-guard'
import { messages } from '../../src/config/messages'
import {
  DESKTOP,
  MOBILE,
  TEST_PASSWORD,
  baseURL,
  createUser,
  decideSignUps,
  expectAccessible,
  promoteAdmin,
  screenshot,
  uniqueEmail,
  ONLINE_ONLY,
} from './support/helpers'
import { confirmationMailTo, subscriptionStatus } from './support/newsletter-mail'

test.use(ONLINE_ONLY)

/** Signs up at once, maybe before hydration: the page holds that submit and sends it after. */
async function signUpInFooter(page: Page, email: string) {
  await page.goto(`${baseURL()}/`)
  const form = page.getByRole('contentinfo').locator('form')
  await form.getByLabel('Your email address').fill(email)
  await form.getByRole('button', { name: 'Sign Up' }).click()
  // One line: the confirmation mail is coming.
  await expect(form.getByRole('status')).toHaveText(messages.newsletterSuccess)
}

async function signInAs(page: Page, email: string) {
  const pb = new PocketBase(baseURL())
  await pb.collection('users').authWithPassword(email, TEST_PASSWORD)
  const session = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record })
  await page.addInitScript((value) => {
    if (!localStorage.getItem('pocketbase_auth')) localStorage.setItem('pocketbase_auth', value)
  }, session)
}

test('a sign-up is confirmed from the link in its confirmation mail', async ({ page }) => {
  const email = uniqueEmail('news-confirm')
  await signUpInFooter(page, email)
  expect(await subscriptionStatus(email)).toBe('pending')

  const mail = await confirmationMailTo(email)
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
  expect(mail.headers['list-unsubscribe']).toMatch(
    /^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[^>]+>$/,
  )
  await page.setViewportSize(MOBILE)
  await page.goto(`${baseURL()}${mail.confirmPath}`)
  await expect(page.getByText("You're subscribed!", { exact: false })).toBeVisible()
  expect(await subscriptionStatus(email)).toBe('active')
  await expectAccessible(page)
  await screenshot(page, 'newsletter-confirmed')
  await page.setViewportSize(DESKTOP)
  await screenshot(page, 'newsletter-confirmed')
})

test('the unsubscribe link opens a page whose button unsubscribes, no sign-in needed', async ({
  page,
}) => {
  const email = uniqueEmail('news-leave')
  await signUpInFooter(page, email)
  const mail = await confirmationMailTo(email)
  await page.goto(`${baseURL()}${mail.confirmPath}`)
  await expect(page.getByText("You're subscribed!", { exact: false })).toBeVisible()

  await page.setViewportSize(MOBILE)
  await page.goto(`${baseURL()}${mail.unsubscribePath}`)
  await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter' })).toBeVisible()
  // Opening the page changes nothing (mail scanners open links).
  expect(await subscriptionStatus(email)).toBe('active')
  await expectAccessible(page)
  await screenshot(page, 'newsletter-unsubscribe')
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByText("You're unsubscribed.")).toBeVisible()
  expect(await subscriptionStatus(email)).toBe('unsubscribed')
  await page.setViewportSize(DESKTOP)
  await screenshot(page, 'newsletter-unsubscribed')

  // An altered link is refused with a clear message, and the row stays as it is.
  const altered = mail.unsubscribePath.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))
  await page.goto(`${baseURL()}${altered}`)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByText('This link is not valid.', { exact: false })).toBeVisible()
})

test('a signed-in user subscribes and unsubscribes on the Settings tab', async ({ page }) => {
  const user = await createUser({ label: 'news-settings', verified: true })
  await signInAs(page, user.email)
  await page.setViewportSize(MOBILE)
  await page.goto(`${baseURL()}/dashboard?tab=settings`)
  const card = page
    .locator('.dashboard-card')
    .filter({ has: page.getByRole('heading', { name: 'Newsletter' }) })
  await expect(card.getByText('You are not subscribed', { exact: false })).toBeVisible()
  await card.getByRole('button', { name: 'Subscribe' }).click()
  await expect(
    card.getByText('You get the business growth tips newsletter', { exact: false }),
  ).toBeVisible()
  expect(await subscriptionStatus(user.email)).toBe('active')
  await expectAccessible(page)
  await screenshot(page, 'newsletter-settings')
  await card.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(card.getByText('You are not subscribed', { exact: false })).toBeVisible()
  expect(await subscriptionStatus(user.email)).toBe('unsubscribed')
})

test('the consultant sees the counts and exports only active subscribers', async ({ page }) => {
  const owner = await createUser({ label: 'news-owner' })
  promoteAdmin(owner.email)
  const active = uniqueEmail('news-export-active')
  const pending = uniqueEmail('news-export-pending')
  await signUpInFooter(page, active)
  await page.goto(`${baseURL()}${(await confirmationMailTo(active)).confirmPath}`)
  await expect(page.getByText("You're subscribed!", { exact: false })).toBeVisible()
  await signUpInFooter(page, pending)
  // Answered at once, decided (stored) by the server within a minute: now, here.
  await decideSignUps()

  await signInAs(page, owner.email)
  await page.setViewportSize(DESKTOP)
  await page.goto(`${baseURL()}/audit-admin?tab=subscribers`)
  await expect(page.getByTestId('subscribers-active')).toHaveText(/^[1-9]\d*$/)
  await expect(page.getByTestId('subscribers-pending')).toHaveText(/^[1-9]\d*$/)
  await screenshot(page, 'newsletter-admin')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export Active Subscribers for a Mailing Tool' }).click()
  const csv = readFileSync(await (await download).path(), 'utf8')
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('email,name,confirmed_at,source')
  expect(csv).toContain(`${active},,`)
  expect(csv).not.toContain(pending)
})

test('the link pages and the Subscribers tab fit every width from 320 to 1920', async ({
  page,
}) => {
  const owner = await createUser({ label: 'news-widths' })
  promoteAdmin(owner.email)
  await signInAs(page, owner.email)
  // At least one row, so the list and its pager are on the page.
  await new PocketBase(baseURL())
    .collection('newsletter_subscriptions')
    .create({ email: uniqueEmail('news-width'), source: 'footer' })
  await decideSignUps()
  const token = `${'a'.repeat(15)}.${'0'.repeat(64)}`
  const pages = [
    `/newsletter/confirm/${token}`,
    `/newsletter/unsubscribe/${token}`,
    '/audit-admin?tab=subscribers',
  ]
  for (const width of [320, 390, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 })
    for (const path of pages) {
      await page.goto(`${baseURL()}${path}`)
      await expect(page.locator('main h1').first()).toBeVisible()
      if (path.includes('subscribers')) {
        await expect(page.getByRole('navigation', { name: 'Pages of subscribers' })).toBeVisible()
      }
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .filter((el) => {
            for (let p = el.parentElement; p; p = p.parentElement) {
              if (getComputedStyle(p).overflowX !== 'visible') return false
            }
            return true
          })
          .slice(0, 5)
          .map(
            (el) =>
              `${el.tagName}.${el.className} "${el.textContent?.slice(0, 40)}" ${Math.round(el.getBoundingClientRect().left)}-${Math.round(el.getBoundingClientRect().right)}`,
          ),
      )
      expect(sideways, `${path} at ${width}px: ${wide.join(' | ')}`).toBe(0)
    }
  }
  // A link that is not valid says so on the confirm page.
  await page.goto(`${baseURL()}/newsletter/confirm/${token}`)
  await expect(page.getByText('This link is not valid.', { exact: false })).toBeVisible()
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto(`${baseURL()}/audit-admin?tab=subscribers`)
  await expect(page.getByTestId('subscribers-active')).toBeVisible()
  await screenshot(page, 'newsletter-admin')
})
