// People's Next step filter ("Due today or overdue") on a 390 px phone against the real server:
// online it lists a next step due today and not one due next week; with no signal, a next step
// due today given to someone else shows them at once (waiting to send) and a Snooze to a later
// day takes the first off, with the filter chosen for the first time offline; back online, once
// the outbox has sent both, the server's list is the same.
import { randomBytes } from 'node:crypto'
import PocketBase from 'pocketbase'
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  createUser,
  MOBILE,
  promoteAdmin,
  screenshot,
  signInAs,
  TEST_PASSWORD,
} from './support/helpers'
import { waitUntilOutboxEmpty } from './support/outbox'

/** `day` plus `days` (`2026-11-29`, +3 -> `2026-12-02`). */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

test('the Due filter on a phone: online, then offline with a new next step and a Snooze waiting', async ({
  page,
  context,
}) => {
  await page.setViewportSize(MOBILE)
  const admin = await createUser({ label: 'due-owner' })
  promoteAdmin(admin.email)
  const consultant = new PocketBase(baseURL())
  consultant.autoCancellation(false)
  await consultant.collection('users').authWithPassword(admin.email, TEST_PASSWORD)
  // The site's today, as the server counts it.
  const { today } = await consultant.send<{ today: string }>('/api/people/today', {})

  const tag = randomBytes(4).toString('hex')
  const guest = new PocketBase(baseURL())
  guest.autoCancellation(false)
  const seed = async (name: string) => {
    const email = `${name.split(' ')[0].toLowerCase()}-${tag}@due.example`
    await guest
      .collection('contacts')
      .create({ name, email, message: 'Can we talk next week?', source: 'portfolio_website' })
    const person = await consultant
      .collection('people')
      .getFirstListItem(consultant.filter('email = {:email}', { email }))
    return { email, id: person.id }
  }
  const jordan = await seed('Jordan Lodge')
  const casey = await seed('Casey Outfitters')
  const pat = await seed('Pat Bakery')
  const nextStep = (person: string, text: string, due: string) =>
    consultant.collection('person_updates').create({ person, kind: 'next_step', text, due })
  await nextStep(jordan.id, 'Call about the spring bookings', today)
  await nextStep(casey.id, 'Send the proposal', addDays(today, 7))

  await signInAs(page, admin.email)
  // The console opens on Today (Jordan's step is due), which is kept on the device for later.
  await page.goto(`${baseURL()}/audit-admin`)
  const jordanToday = page.locator('.admin-today__row').filter({ hasText: jordan.email })
  await expect(jordanToday).toBeVisible()
  const tabBar = page.getByRole('navigation', { name: 'Console' })
  await tabBar.getByRole('link', { name: 'People', exact: true }).click()
  const rowOf = (email: string) =>
    page.getByRole('region', { name: 'People' }).locator('tbody tr').filter({ hasText: email })
  const nextStepFilter = page.getByRole('combobox', { name: 'Next step' })

  // Online: the server's list.
  await nextStepFilter.selectOption({ label: 'Due today or overdue' })
  await expect(rowOf(jordan.email)).toContainText('Call about the spring bookings')
  await expect(rowOf(casey.email)).toHaveCount(0)
  await expect(page.getByText(/^Synced /)).toBeVisible()
  // Pat's page, opened once online so it is on the device; the service worker controls the page
  // before the network goes, so the console's code still loads offline.
  await page.goto(`${baseURL()}/audit-admin?person=${pat.id}`)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
  const patNextStep = page.getByRole('region', { name: 'Next step' })
  await expect(patNextStep).toBeVisible()

  // No signal: a next step due today for Pat, and Jordan snoozed to a later day on Today.
  await context.setOffline(true)
  await patNextStep.getByLabel('What to do next').fill('Call Pat about the quote')
  await patNextStep.getByLabel('Due', { exact: true }).fill(today)
  await patNextStep.getByRole('button', { name: 'Save next step' }).click()
  await expect(patNextStep).toContainText('(waiting to send)')
  await tabBar.getByRole('link', { name: /^Today/ }).click()
  await jordanToday.getByLabel('Snooze to').fill(addDays(today, 3))
  await jordanToday.getByRole('button', { name: /^Snooze/ }).click()
  await expect(jordanToday).toHaveCount(0)

  // People, filtered this way for the first time (a search never sent): built on the device.
  await tabBar.getByRole('link', { name: 'People', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(tag)
  await nextStepFilter.selectOption({ label: 'Due today or overdue' })
  await expect(page.getByText(/^Offline: showing the copy synced /)).toContainText(
    '2 changes waiting to send.',
  )
  await expect(rowOf(pat.email)).toContainText('Call Pat about the quote')
  await expect(rowOf(pat.email)).toContainText('(waiting to send)')
  await expect(rowOf(jordan.email)).toHaveCount(0)
  await expect(rowOf(casey.email)).toHaveCount(0)
  await screenshot(page, 'people-due-offline')

  // Back online: both changes reach the server, and its list says the same.
  await context.setOffline(false)
  await waitUntilOutboxEmpty(page)
  await expect(page.getByText(/^Synced /)).toBeVisible()
  await expect(rowOf(pat.email)).toContainText('Call Pat about the quote')
  await expect(rowOf(pat.email)).not.toContainText('waiting to send')
  await expect(rowOf(jordan.email)).toHaveCount(0)
  await expect(rowOf(casey.email)).toHaveCount(0)
  const dueOnServer = await consultant.collection('people').getFullList({
    filter: consultant.filter("email ~ {:tag} && nextDue != '' && nextDue <= {:end}", {
      tag,
      end: `${today} 23:59:59.999Z`,
    }),
  })
  expect(dueOnServer.map((p) => p.email)).toEqual([pat.email])
})
