// The console's Today tab on a 390 px phone against the real server: the console opens on it, a
// call-back request is listed with a working tel: link, Mark handled takes it off (for good: the
// server applied it), and with no signal Mark handled still takes a row off at once, waits in the
// outbox, and reaches the server once the connection is back; the count is beside the tab's name
// and on the app's badge. axe-core on the tab. And People's Stale, after the consultant's days.
import { randomBytes } from 'node:crypto'
import PocketBase from 'pocketbase'
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  createUser,
  expectAccessible,
  MOBILE,
  promoteAdmin,
  screenshot,
  signInAs,
  superuser,
} from './support/helpers'
import { waitUntilOutboxEmpty } from './support/outbox'

/** A call-back request from a new person, as the site's form sends it. */
async function callBack(name: string, phone: string): Promise<string> {
  const email = `${name.split(' ')[0].toLowerCase()}-${randomBytes(4).toString('hex')}@lodge.example`
  await new PocketBase(baseURL()).collection('contacts').create({
    name,
    email,
    phone,
    message: 'Please call me back. A good time: mornings',
    source: 'call_back',
  })
  return email
}

test('Today on a phone: a call-back with a working Call link; Mark handled, online and offline', async ({
  page,
  context,
}) => {
  await page.setViewportSize(MOBILE)
  const admin = await createUser({ label: 'today-owner' })
  promoteAdmin(admin.email)
  const first = await callBack('Jordan Lodge', '(603) 555-0142')
  const second = await callBack('Casey Outfitters', '603-555-0199')

  // What the page asks the installed app's icon to show (headless Chromium has no app badge).
  await page.addInitScript(() => {
    const shown: number[] = []
    Object.assign(window, { __badges: shown })
    Object.defineProperty(navigator, 'setAppBadge', {
      value: (n: number) => (shown.push(n), Promise.resolve()),
    })
    Object.defineProperty(navigator, 'clearAppBadge', {
      value: () => (shown.push(0), Promise.resolve()),
    })
  })
  await signInAs(page, admin.email)
  await page.goto(`${baseURL()}/audit-admin`)
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  const rowOf = (email: string) => page.locator('.admin-today__row').filter({ hasText: email })
  const jordan = rowOf(first)
  await expect(jordan).toContainText('Call-back request')
  await expect(jordan).toContainText('Please call me back')
  await expect(jordan.getByRole('link', { name: 'Call (603) 555-0142' })).toHaveAttribute(
    'href',
    'tel:6035550142',
  )
  await expect(jordan.getByRole('link', { name: /^Reply/ })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${first}\\?subject=`),
  )
  const count = page.getByText(/^\d+ (person needs|people need) you\.$/)
  await expect(count).toBeVisible()
  const people = Number((await count.textContent())!.match(/^\d+/)![0])
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __badges: number[] }).__badges.at(-1)))
    .toBe(people)
  // The same count beside the tab's name, said in words to a screen reader.
  const tab = page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: /^Today/ })
  await expect(tab).toHaveAccessibleName(`Today (${people} need you)`)
  await expectAccessible(page)
  await screenshot(page, 'console-today')

  // Handled: off the list, and still off after a reload (the server has it).
  await jordan.getByRole('button', { name: /^Mark handled/ }).click()
  await expect(jordan).toHaveCount(0)
  await waitUntilOutboxEmpty(page)
  await page.reload()
  await expect(rowOf(second)).toBeVisible()
  await expect(rowOf(first)).toHaveCount(0)

  // No signal: the row goes at once and the change waits; back online it reaches the server.
  await context.setOffline(true)
  await rowOf(second)
    .getByRole('button', { name: /^Mark handled/ })
    .click()
  await expect(rowOf(second)).toHaveCount(0)
  await expect(page.getByText('1 change waiting to send.')).toBeVisible()
  await context.setOffline(false)
  await waitUntilOutboxEmpty(page)
  const today = await page.request.get(`${baseURL()}/api/people/today`, {
    headers: {
      authorization: await page.evaluate(
        () => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').token ?? '',
      ),
    },
  })
  expect(today.status()).toBe(200)
  const emails = ((await today.json()) as { items: { email: string }[] }).items.map((i) => i.email)
  expect(emails).not.toContain(second)
  expect(emails).not.toContain(first)
})

test('People marks someone New with nothing for days as Stale, after the days the consultant sets', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE)
  const admin = await createUser({ label: 'stale-owner' })
  promoteAdmin(admin.email)
  const email = await callBack('Riley Quietwoods', '603-555-0123')
  // Nothing from them for 30 days (the server's own fields, set as a superuser would).
  const su = await superuser()
  const person = await su
    .collection('people')
    .getFirstListItem(su.filter('email = {:e}', { e: email }))
  const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString()
  await su.collection('people').update(person.id, { lastActivityAt: monthAgo })

  await signInAs(page, admin.email)
  await page.goto(`${baseURL()}/audit-admin?tab=people`)
  // Opened on People: the count beside Today is there before Today has been opened (Riley's
  // call-back request is on it).
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /^Today/ }),
  ).toHaveAccessibleName(/^Today \(\d+ need you\)$/)
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email)
  const row = page
    .getByRole('region', { name: 'People' })
    .locator('tbody tr')
    .filter({ hasText: email })
  await expect(row).toContainText('Stale')

  // Forty days for New: no longer stale. A bad number is named under its field.
  await page.getByText('When someone goes stale').click()
  const days = page.getByLabel('New: days')
  await days.fill('0')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(days).toHaveAccessibleDescription('A whole number of days from 1 to 365.')
  await days.fill('40')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await expectAccessible(page)
  await page.reload()
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email)
  await expect(row).toBeVisible()
  await expect(row).not.toContainText('Stale')
  // Back to the starting values for the other tests of this worker's server.
  await page.getByText('When someone goes stale').click()
  await page.getByLabel('New: days').fill('3')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
})
