// A new deploy is offered, never forced: the banner 'A new version is available' appears, the
// page keeps running the old version until Reload is pressed, Reload waits for an outbox
// flush in progress, and an audit draft in progress survives the switch.
import { rmSync } from 'node:fs'
import { expect, test } from './support/csp-guard'
import type { Page } from '@playwright/test'
import { DESKTOP, MOBILE, expectAccessible, screenshot } from './support/helpers'
import {
  appVersion,
  buildSite,
  deploy,
  startSite,
  waitForActiveServiceWorker,
  type Site,
} from './pwa-support'

const OLD = 'test-a'
const NEW = 'test-b'

let oldBuild: string
let newBuild: string
let site: Site

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  oldBuild = buildSite(OLD)
  newBuild = buildSite(NEW)
})

test.afterAll(() => {
  for (const build of [oldBuild, newBuild])
    if (build) rmSync(build, { recursive: true, force: true })
})

test.beforeEach(async () => {
  site = await startSite(oldBuild)
})

test.afterEach(async () => {
  await site.dispose()
})

/** First visit installs the worker; the second page load is controlled by it. */
async function openControlledApp(page: Page, path = '/') {
  await page.goto(`${site.url}${path}`)
  await waitForActiveServiceWorker(page)
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true)
  expect(await appVersion(page)).toBe(OLD)
}

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'A new version is available' })

test('the update banner appears, nothing reloads by itself, Reload switches version and keeps the draft', async ({
  page,
}) => {
  await openControlledApp(page, '/free-audit')

  // An audit in progress: an answer on section 1, then on to section 2 (saved as a draft).
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  const firstGroup = page.getByRole('group').first()
  await firstGroup.getByRole('radio').nth(1).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Section 2 of 7')).toBeVisible()

  deploy(newBuild, site.publicDir)
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
  await expect(banner(page)).toBeVisible({ timeout: 20_000 })
  await expect(banner(page).getByRole('button', { name: 'Reload' })).toBeVisible()

  // Polite: the old version keeps running, the visitor's place untouched.
  await page.waitForTimeout(2_000)
  expect(await appVersion(page)).toBe(OLD)
  await expect(page.getByText('Section 2 of 7')).toBeVisible()
  await expectAccessible(page)
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await screenshot(page, 'pwa-update-banner', { fullPage: false })
  }

  // 'Later' puts the banner away for this page; the next page load offers the update again
  // and still runs the old version (a plain reload never switches).
  await banner(page).getByRole('button', { name: 'Later' }).click()
  await expect(banner(page)).toBeHidden()
  await page.reload()
  await expect(banner(page)).toBeVisible({ timeout: 20_000 })
  expect(await appVersion(page)).toBe(OLD)

  await banner(page).getByRole('button', { name: 'Reload' }).click()
  await expect.poll(() => appVersion(page), { timeout: 20_000 }).toBe(NEW)
  await expect(banner(page)).toBeHidden()

  // The draft resumed: same section, same answer.
  await expect(page.getByText('Section 2 of 7')).toBeVisible()
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page.getByRole('group').first().getByRole('radio').nth(1)).toBeChecked()
})

test('Reload waits while the outbox is sending, then switches', async ({ page }) => {
  await openControlledApp(page)
  deploy(newBuild, site.publicDir)
  // A plain reload also finds the new version: the banner shows on the next page load.
  await page.reload()
  await expect(banner(page)).toBeVisible({ timeout: 20_000 })
  expect(await appVersion(page)).toBe(OLD)

  // Hold the server's answer so the outbox flush stays in progress.
  let releaseServer = () => {}
  const serverHeld = new Promise<void>((resolve) => (releaseServer = resolve))
  await page.route('**/api/**', async (route) => {
    await serverHeld
    await route.continue()
  })
  const sending = page.waitForRequest(
    (req) => req.url().includes('/api/') && req.method() === 'POST',
  )
  const contact = page.locator('#contact')
  await contact.getByLabel('Name').fill('Update Tester')
  await contact.getByLabel('Email').fill('update-tester@example.com')
  await contact.getByLabel('Message').fill('Sent while a new version is waiting.')
  await contact.getByRole('button', { name: 'Send Message' }).click()
  await sending

  await banner(page).getByRole('button', { name: 'Reload' }).click()
  await expect(
    page.getByText('Finishing sending your saved submissions, then reloading...'),
  ).toBeVisible()
  await page.waitForTimeout(2_000)
  expect(await appVersion(page)).toBe(OLD)

  releaseServer()
  await expect.poll(() => appVersion(page), { timeout: 30_000 }).toBe(NEW)
})

test('another open tab is never reloaded when one tab switches; it keeps offering Reload', async ({
  page,
  context,
}) => {
  await openControlledApp(page)
  const other = await context.newPage()
  await other.goto(`${site.url}/call`)
  expect(await appVersion(other)).toBe(OLD)

  deploy(newBuild, site.publicDir)
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
  await expect(banner(page)).toBeVisible({ timeout: 20_000 })
  await expect(banner(other)).toBeVisible()

  await banner(page).getByRole('button', { name: 'Reload' }).click()
  await expect.poll(() => appVersion(page), { timeout: 20_000 }).toBe(NEW)

  // The new worker now controls the other tab too, but its page is left alone.
  await other.waitForTimeout(2_000)
  expect(await appVersion(other)).toBe(OLD)
  await expect(other.getByRole('heading', { level: 1, name: 'Schedule a Call' })).toBeVisible()
  await expect(banner(other)).toBeVisible()
  await banner(other).getByRole('button', { name: 'Reload' }).click()
  await expect.poll(() => appVersion(other), { timeout: 20_000 }).toBe(NEW)
})
