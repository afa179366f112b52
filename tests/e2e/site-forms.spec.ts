// The newsletter and contact forms deliver to the real server (checked through the API as a
// superuser): online; connection lost on a first visit, then back online; and fully offline
// across reloads (the service worker serves the app, the outbox in IndexedDB keeps the
// submission until the connection returns).
import { expect, test } from './support/csp-guard'
import type { BrowserContext, Page } from '@playwright/test'
import { messages } from '../../src/config/messages'
import { baseURL, decideSignUps, superuser, uniqueEmail, waitForApp } from './support/helpers'
import { waitUntilNothingSending } from './support/outbox'
import { trackScripts } from './support/scripts'

const NEWSLETTER_OFFLINE =
  "You're offline - your sign-up is saved on this device and will be sent when you're back online."
const CONTACT_OFFLINE =
  "You're offline - your message is saved on this device and will be sent when you're back online."

async function subscriptions(email: string) {
  await decideSignUps()
  const su = await superuser()
  return su
    .collection('newsletter_subscriptions')
    .getFullList({ filter: su.filter('email = {:email}', { email }) })
}

async function contacts(email: string) {
  const su = await superuser()
  return su.collection('contacts').getFullList({ filter: su.filter('email = {:email}', { email }) })
}

function newsletterForm(page: Page, where: 'about' | 'footer') {
  return where === 'about'
    ? page.locator('#about form')
    : page.getByRole('contentinfo').locator('form')
}

async function signUp(page: Page, where: 'about' | 'footer', email: string) {
  const form = newsletterForm(page, where)
  await form.getByLabel('Your email address').fill(email)
  await form.getByRole('button', { name: 'Sign Up' }).click()
  return form
}

async function fillMessage(page: Page, fields: { name: string; email: string; message: string }) {
  const form = page.locator('#contact form')
  await form.getByLabel('Name').fill(fields.name)
  await form.getByLabel('Email').fill(fields.email)
  await form.getByLabel('Message').fill(fields.message)
  return form
}

async function sendMessage(page: Page, fields: { name: string; email: string; message: string }) {
  const form = await fillMessage(page, fields)
  await form.getByRole('button', { name: 'Send Message' }).click()
  return form
}

/** Loads `/` once online and again so the service worker controls the page and has the app cached. */
async function installApp(page: Page) {
  await page.goto(`${baseURL()}/`)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
}

/**
 * Reloads the offline page once its outbox is not in the middle of a send: the item whose try
 * (failing, offline) a reload cuts off stays claimed by the page that went for the outbox's item
 * lease (ITEM_LEASE_MS, a minute) before the next page may send it.
 */
async function reloadOffline(page: Page) {
  await waitUntilNothingSending(page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

async function goOfflineAndReload(page: Page, context: BrowserContext) {
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

test.describe('newsletter form', () => {
  test('online: the sign-up reaches the server trimmed and lowercased, and signing up twice is a success', async ({
    page,
  }) => {
    const email = uniqueEmail('news')
    await page.goto(`${baseURL()}/`)
    const form = await signUp(page, 'about', `  ${email.toUpperCase()} `)
    await expect(form.getByText(messages.newsletterSuccess)).toBeVisible()
    await expect(form.getByLabel('Your email address')).toHaveValue('')
    await expect(form.getByRole('status')).toHaveText(messages.newsletterSuccess)
    const [record] = await subscriptions(email)
    expect(record).toMatchObject({ email, source: 'about', status: 'pending' })
    expect(record.userAgent).toContain('Chrome')

    await signUp(page, 'footer', email)
    await expect(page.getByRole('contentinfo').getByText(messages.newsletterSuccess)).toBeVisible()
    expect(await subscriptions(email)).toHaveLength(1)
  })

  test('offline: the sign-up is saved, said to be saved, and delivered once back online', async ({
    page,
    context,
  }) => {
    // First visit, no service worker in control yet: the visitor starts typing, then the
    // connection drops before they press Sign Up.
    const email = uniqueEmail('news-offline')
    const scripts = trackScripts(page)
    await page.goto(`${baseURL()}/`)
    // The app runs the form (before that a submit waits for the app's code, which cannot come
    // offline), and the outbox's code is in once the visitor types.
    await waitForApp(page)
    const form = newsletterForm(page, 'footer')
    await form.getByLabel('Your email address').fill(email)
    await scripts.loaded('app-outbox')
    await context.setOffline(true)
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await expect(form.getByText(NEWSLETTER_OFFLINE)).toBeVisible()
    await expect(form.getByLabel('Your email address')).toHaveValue('')
    expect(await subscriptions(email)).toHaveLength(0)

    await context.setOffline(false)
    await expect.poll(async () => (await subscriptions(email)).length, { timeout: 20_000 }).toBe(1)
    expect((await subscriptions(email))[0].source).toBe('footer')
  })

  test('offline across a reload: the sign-up waits on the device and is delivered back online', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('news-reload')
    await installApp(page)
    await goOfflineAndReload(page, context)
    const form = await signUp(page, 'about', email)
    await expect(form.getByText(NEWSLETTER_OFFLINE)).toBeVisible()

    await reloadOffline(page)
    expect(await subscriptions(email)).toHaveLength(0)
    await context.setOffline(false)
    await expect.poll(async () => (await subscriptions(email)).length, { timeout: 30_000 }).toBe(1)
  })
})

test.describe('contact form', () => {
  test('online: the message reaches the server with source portfolio_website and the form empties', async ({
    page,
  }) => {
    const fields = {
      name: 'Dana Rivers',
      email: uniqueEmail('contact'),
      message: 'Can you help with online booking?',
    }
    await page.goto(`${baseURL()}/#contact`)
    const form = await sendMessage(page, fields)
    await expect(form.getByText(messages.contactSuccess)).toBeVisible()
    await expect(form.getByLabel('Name')).toHaveValue('')
    await expect(form.getByLabel('Message')).toHaveValue('')
    const [record] = await contacts(fields.email)
    expect(record).toMatchObject({ ...fields, source: 'portfolio_website', processed: false })
  })

  test('a message the server refuses keeps the typed text and shows the error', async ({
    page,
  }) => {
    const fields = { name: 'Dana Rivers', email: uniqueEmail('contact-refused'), message: 'Hello' }
    await page.goto(`${baseURL()}/#contact`)
    await page.route('**/api/**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 400,
          message: 'Failed to create record.',
          data: {
            email: { code: 'validation_invalid_email', message: 'Must be a valid email address.' },
          },
        }),
      }),
    )
    const form = await sendMessage(page, fields)
    await expect(form.getByRole('alert')).toHaveText(messages.contactFailure)
    await expect(form.getByLabel('Message')).toHaveValue('Hello')
    await expect(form.getByLabel('Name')).toHaveValue(fields.name)
  })

  test('offline: the message is saved, said to be saved, delivered once back online, and then says "Message sent"', async ({
    page,
    context,
  }) => {
    const fields = {
      name: 'Sam Offline',
      email: uniqueEmail('contact-offline'),
      message: 'Sent from the trailhead.',
    }
    const scripts = trackScripts(page)
    await page.goto(`${baseURL()}/#contact`)
    await waitForApp(page)
    const form = await fillMessage(page, fields)
    await scripts.loaded('app-outbox')
    await context.setOffline(true)
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByText(CONTACT_OFFLINE)).toBeVisible()
    await expect(form.getByLabel('Name')).toHaveValue('')
    expect(await contacts(fields.email)).toHaveLength(0)

    await context.setOffline(false)
    // When it goes out, the form and the page's status line say so for a few seconds.
    await expect(form.getByText(messages.contactSentLater)).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('status').filter({ hasText: /^Message sent$/ })).toBeVisible()
    await expect
      .poll(async () => (await contacts(fields.email)).length, { timeout: 20_000 })
      .toBe(1)
    expect((await contacts(fields.email))[0]).toMatchObject({
      ...fields,
      source: 'portfolio_website',
    })
  })

  test('offline across a reload: the message waits on the device and is delivered back online', async ({
    page,
    context,
  }) => {
    const fields = {
      name: 'Sam Reload',
      email: uniqueEmail('contact-reload'),
      message: 'Typed with no signal.',
    }
    await installApp(page)
    await goOfflineAndReload(page, context)
    const form = await sendMessage(page, fields)
    await expect(form.getByText(CONTACT_OFFLINE)).toBeVisible()

    await reloadOffline(page)
    await context.setOffline(false)
    await expect
      .poll(async () => (await contacts(fields.email)).length, { timeout: 30_000 })
      .toBe(1)
    expect(await contacts(fields.email)).toHaveLength(1)
  })
})
