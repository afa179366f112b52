// The console's alerts (Web Push) in the browser, against the app as `npm start` serves it, on a
// 390 px phone. Headless Chromium here has no network, so it cannot reach a real push service:
// (a) with notifications allowed, "Turn on alerts on this device" ends in an error said in the
// card (the push service out of reach), never in a claim that alerts are on; (b) the
// service worker's own push handler, fed a message through DevTools (as a push service would
// deliver it, already decrypted), shows the notification with its title, body and the page to
// open, and a payload that is not JSON still shows one.
import type { BrowserContext, Page } from '@playwright/test'
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  createUser,
  expectAccessible,
  MOBILE,
  promoteAdmin,
  signInAs,
} from './support/helpers'
import { waitForActiveServiceWorker } from './pwa-support'

test.use({ viewport: MOBILE })

/** Waits until the app's service worker controls the page (so the push reaches this worker). */
async function waitForControl(page: Page) {
  await waitForActiveServiceWorker(page)
  // The first install claims the page at once (clientsClaim); a reload makes sure of it.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true)
}

/** The notifications the worker is showing now, as the page can read them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const shown = await registration.getNotifications()
    return shown.map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    }))
  })
}

/** Delivers `data` to the site's service worker as a push message, through DevTools. */
async function deliverPush(context: BrowserContext, page: Page, data: string) {
  const cdp = await context.newCDPSession(page)
  const origin = new URL(baseURL()).origin
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data,
  })
  await cdp.detach()
}

/**
 * Delivers `data` until `shown` passes. A message DevTools handed to the worker was once never
 * shown on a busy CI host (nothing in 30 s, the handler as here, the next tests green), so one
 * not shown within 10 s is delivered again, up to 45 s in all. A worker that shows nothing, or the
 * wrong thing, still fails.
 */
async function deliverPushUntilShown(
  context: BrowserContext,
  page: Page,
  data: string,
  shown: () => Promise<void>,
) {
  await expect(async () => {
    await deliverPush(context, page, data)
    await shown()
  }).toPass({ timeout: 45_000 })
}

test('Turn on alerts ends in an honest error when the push service cannot be reached', async ({
  page,
  context,
}) => {
  const admin = await createUser({ label: 'push-owner' })
  promoteAdmin(admin.email)
  await context.grantPermissions(['notifications'], { origin: baseURL() })
  await signInAs(page, admin.email)
  await page.goto(`${baseURL()}/audit-admin`)
  await waitForControl(page)

  const card = page.getByRole('region', { name: 'Alerts on this device' })
  await expect(card).toBeVisible()
  // The permission stands, so the console first tries quietly on its own; then the button is free.
  const turnOn = card.getByRole('button', { name: 'Turn on alerts on this device' })
  await expect(turnOn).toBeEnabled({ timeout: 30_000 })
  await turnOn.click()

  // The server gave its key; the browser's push service is out of reach here: an error in the
  // card, and the button back for another try.
  const problem = card.getByRole('alert')
  await expect(problem).toHaveText(
    'This browser could not reach its push service. Check the connection and try again.',
    { timeout: 30_000 },
  )
  await expect(turnOn).toBeEnabled()
  await expect(card).not.toContainText('Alerts are on')
  await expect(card).not.toContainText('Turning on...')
  await expectAccessible(page)
})

test("the service worker shows a push as a notification that opens the person's page", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL() })
  await page.goto(`${baseURL()}/`)
  await waitForControl(page)

  const alert = {
    title: 'Jordan asked for a call back',
    body: 'Tap to open their page.',
    url: '/audit-admin?tab=people&person=abc123def456ghi',
    tag: 'lead-abc123def456ghi',
  }
  // The same tag replaces a notification: one shows however often it is delivered.
  await deliverPushUntilShown(context, page, JSON.stringify(alert), () =>
    expect
      .poll(() => shownNotifications(page), { timeout: 10_000 })
      .toEqual([
        {
          title: alert.title,
          body: alert.body,
          tag: alert.tag,
          data: { url: alert.url },
        },
      ]),
  )

  // A message that is not JSON still says something happened, and leads to the console.
  await deliverPushUntilShown(context, page, 'not json', () =>
    expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.title), { timeout: 10_000 })
      .toContain('New activity in your console'),
  )
  const generic = (await shownNotifications(page)).find(
    (n) => n.title === 'New activity in your console',
  )
  expect(generic?.data).toEqual({ url: '/audit-admin' })
})
