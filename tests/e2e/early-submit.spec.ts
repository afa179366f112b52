// On a slow link the prerendered page is typeable seconds before the app's code arrives. A form
// sent in that time must not submit natively (a reload that loses what was typed): the page's
// loader holds the submit and the app sends it once it has taken the form over - once.
import type { Page } from '@playwright/test'
import { expect, test } from './support/csp-guard'
import { messages } from '../../src/config/messages'
import { baseURL, decideSignUps, superuser, uniqueEmail, ONLINE_ONLY } from './support/helpers'

test.use(ONLINE_ONLY)

/**
 * Holds back the app's entry script (the loader's data-entry) until `release` is called. The
 * page's images wait until the loader has asked for the entry, so `load` always comes after that
 * ask, as it does on a slower machine: the order in which waiting for `load` never ends.
 */
async function holdEntryScript(page: Page) {
  const html = await (await page.request.get(`${baseURL()}/`)).text()
  const entry = /data-entry="([^"]+)"/.exec(html)?.[1]
  if (!entry) throw new Error('no data-entry script in the prerendered home page')
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let requested!: () => void
  const entryRequested = new Promise<void>((resolve) => (requested = resolve))
  await page.route(`${baseURL()}${entry}`, async (route) => {
    requested()
    await released
    await route.continue()
  })
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'image') return route.fallback()
    await entryRequested
    await route.continue()
  })
  return { release, entryRequested }
}

/**
 * Opens `path` with the entry held and returns once the loader has asked for it (after the first
 * paint). Not at `load`: whether that comes before or after the loader's ask depends on the
 * machine's speed, and when it comes after, it waits for the held entry.
 */
async function openBeforeTheApp(page: Page, entryRequested: Promise<void>, path = '/') {
  await page.goto(`${baseURL()}${path}`, { waitUntil: 'commit' })
  await entryRequested
}

test('forms sent before the app arrives are sent once it has, without a reload', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource:'))
      errors.push(message.text())
  })
  // Each document of the tab: a native submit would load another one.
  let documents = 0
  page.on('domcontentloaded', () => documents++)
  const { release, entryRequested } = await holdEntryScript(page)

  await openBeforeTheApp(page, entryRequested)
  // A reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { loaded: number }).loaded = 1))

  const newsletter = page.getByRole('contentinfo').locator('form')
  const subscriber = uniqueEmail('early-news')
  await newsletter.getByLabel('Your email address').fill(subscriber)
  await newsletter.getByRole('button', { name: 'Sign Up' }).click()
  // A second click while waiting sends nothing more.
  await newsletter.getByRole('button', { name: 'Sign Up' }).click()

  const contact = page.locator('#contact form')
  const fields = { name: 'Early Bird', email: uniqueEmail('early-contact'), message: 'Typed early' }
  await contact.getByLabel('Name').fill(fields.name)
  await contact.getByLabel('Email').fill(fields.email)
  await contact.getByLabel('Message').fill(fields.message)
  await contact.getByRole('button', { name: 'Send Message' }).click()

  // Held: the forms show they wait (the loader's hold, which also stops the native submit),
  // the text stays, no reload.
  await expect(newsletter).toHaveAttribute('aria-busy', 'true')
  await expect(contact).toHaveAttribute('aria-busy', 'true')
  expect(await page.evaluate(() => (window as unknown as { loaded?: number }).loaded)).toBe(1)
  expect(documents).toBe(1)
  await expect(newsletter.getByLabel('Your email address')).toHaveValue(subscriber)
  await expect(contact.getByLabel('Message')).toHaveValue(fields.message)

  release()
  await expect(newsletter.getByText(messages.newsletterSuccess)).toBeVisible()
  await expect(contact.getByText(messages.contactSuccess)).toBeVisible()
  await expect(newsletter).not.toHaveAttribute('aria-busy')
  expect(await page.evaluate(() => (window as unknown as { loaded?: number }).loaded)).toBe(1)
  expect(documents).toBe(1)

  await decideSignUps()
  const su = await superuser()
  const subscriptions = await su
    .collection('newsletter_subscriptions')
    .getFullList({ filter: su.filter('email = {:email}', { email: subscriber }) })
  expect(subscriptions).toHaveLength(1)
  const contacts = await su
    .collection('contacts')
    .getFullList({ filter: su.filter('email = {:email}', { email: fields.email }) })
  expect(contacts).toHaveLength(1)
  expect(contacts[0]).toMatchObject({ name: fields.name, message: fields.message })
  expect(errors).toEqual([])
})

test('text typed before the app arrives, not yet sent, stays when the form renders again', async ({
  page,
}) => {
  const { release, entryRequested } = await holdEntryScript(page)
  await openBeforeTheApp(page, entryRequested)
  const contact = page.locator('#contact form')
  await contact.getByLabel('Name').fill('Slow Link')
  release()
  // The app has taken the form over (src/components/use-held-submit.ts marks it).
  await expect
    .poll(() => contact.evaluate((form) => (form as { appReady?: boolean }).appReady === true))
    .toBe(true)
  // Typing in another field renders the form again from React's state: the name stays.
  await contact.getByLabel('Message').pressSequentially('Hi')
  await expect(contact.getByLabel('Message')).toHaveValue('Hi')
  await expect(contact.getByLabel('Name')).toHaveValue('Slow Link')
})
