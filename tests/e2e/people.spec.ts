// The console in Chromium on a 390 px phone, against the real server: every tab of the tab bar
// is reached and passes axe; People lists one row per e-mail across an audit and a message, a
// person's page shows the timeline; offline, a status change and a note wait in the outbox (also
// across a reload, from the offline copy), nothing at the top turns red, a person never opened
// says calmly that it needs the connection, and all of it clears and syncs once back online.
// Also the Funnel tab's pictures.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from './support/csp-guard'
import PocketBase from 'pocketbase'
import { answersScoring } from '../unit/admin/audit-answers'
import { parseCsv } from '../unit/admin/parse-csv'
import {
  baseURL,
  createUser,
  DESKTOP,
  expectAccessible,
  MOBILE,
  promoteAdmin,
  screenshot,
  shareOf,
  signInAs,
  superuser,
} from './support/helpers'
import { waitUntilNothingSending, waitUntilOutboxEmpty } from './support/outbox'

// Each test makes its own consultant and people: they run side by side.
test.describe.configure({ mode: 'parallel' })

/** A person with one message, made while the test's browser is offline (from Node). */
async function seedPersonOnline(email: string) {
  const guest = new PocketBase(baseURL())
  await guest.collection('contacts').create({
    name: 'Morgan Baker',
    email,
    message: 'Do you help bakeries?',
    source: 'portfolio_website',
  })
}

async function seedPerson(email: string) {
  const guest = new PocketBase(baseURL())
  guest.autoCancellation(false)
  await guest.collection('audits').create({
    flow: 'free',
    email,
    answers: answersScoring(42),
    otherTexts: {},
    newsletterSubscription: false,
    completedAt: new Date().toISOString(),
    firstTouch: { path: '/free-audit', referrer: 'google.com', utmCampaign: 'spring' },
  })
  await guest.collection('contacts').create({
    name: 'Robin Innkeeper',
    email: email.toUpperCase(),
    message: 'Saw my score - can we talk about bookings?',
    source: 'business_efficiency_audit',
  })
}

// Every tab with axe on each is a long walk on a busy host: three parts, side by side.
const TAB_WALK_PARTS = 3
for (let part = 0; part < TAB_WALK_PARTS; part++) {
  test(`every tab of the console is reachable on a phone, opens with its heading and passes axe (part ${part + 1} of ${TAB_WALK_PARTS})`, async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE)
    const admin = await createUser({ label: `tabs-owner-${part}` })
    promoteAdmin(admin.email)
    await signInAs(page, admin.email)
    await page.goto(`${baseURL()}/audit-admin`)
    const tabBar = page.getByRole('navigation', { name: 'Console' })
    // The console opens on Today.
    await expect(tabBar.getByRole('link', { name: 'Today' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    // Every tab of the tab bar, however many there are, is reachable on the phone: each one is
    // tapped (the bar scrolls it into view), opens with its heading and passes axe.
    // By address: a tab's name may carry a count (Today's).
    const hrefs = await tabBar
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
    expect(hrefs.length).toBeGreaterThanOrEqual(5)
    // This part's share of the tabs after the first, then back to the first (Today).
    const share = shareOf(hrefs.slice(1), part, TAB_WALK_PARTS)
    for (const href of [...share, hrefs[0]]) {
      const link = tabBar.locator(`a[href="${href}"]`)
      // The top bar's mail line arrives a moment after the page and can move the bar under a
      // click made just then: tap again until the tab is the current one.
      await expect(async () => {
        await link.click()
        await expect(link).toHaveAttribute('aria-current', 'page', { timeout: 2000 })
      }).toPass()
      await expect(link).toBeInViewport()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByText('Loading...')).toHaveCount(0)
      await expectAccessible(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0)
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  })
}

test('People on a phone: one person per e-mail; offline status and note wait, survive a reload and sync', async ({
  page,
  context,
}) => {
  // Offline and back, reloads between: on a slow host each offline try may take the outbox's
  // whole request timeout to give up.
  test.setTimeout(360_000)
  await page.setViewportSize(MOBILE)
  const admin = await createUser({ label: 'people-owner' })
  promoteAdmin(admin.email)
  const email = `robin-${randomBytes(4).toString('hex')}@inn.example`
  await seedPerson(email)

  await signInAs(page, admin.email)
  await page.goto(`${baseURL()}/audit-admin?tab=people`)
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('robin innkeeper')
  const rows = page.getByRole('region', { name: 'People' }).locator('tbody tr')
  // Found by name, one row for the audit and the message of this address (an earlier test on
  // this worker's server may have a Robin Innkeeper of its own, at another address).
  const robin = rows.filter({ hasText: email })
  await expect(robin).toHaveCount(1)
  await expect(rows.filter({ hasNotText: /Robin Innkeeper/i })).toHaveCount(0)
  await expect(robin).toContainText('42%')
  await expect(robin).toContainText('New')
  await expectAccessible(page)
  await screenshot(page, 'people-list')

  await robin.getByRole('link', { name: /Robin Innkeeper/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Robin Innkeeper' })).toBeVisible()
  await expect(page.getByText('google.com · spring · landed on /free-audit')).toBeVisible()
  const timeline = page.locator('.admin-timeline')
  await expect(timeline).toContainText('Free Efficiency Audit: 42%')
  await expect(timeline).toContainText('Saw my score - can we talk about bookings?')
  const reply = page.getByRole('link', { name: 'Reply' })
  await expect(reply).toHaveAttribute('href', new RegExp(`^mailto:${email}\\?subject=`))
  await expectAccessible(page)
  await screenshot(page, 'person-page')

  // The service worker controls the page before the network goes, so a reload works offline.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
  await expect(page.getByRole('heading', { level: 1, name: 'Robin Innkeeper' })).toBeVisible()
  const personUrl = page.url()

  await context.setOffline(true)
  await page.getByLabel('Status', { exact: true }).selectOption('contacted')
  await page.getByRole('button', { name: 'Save status' }).click()
  await page.getByLabel('Add a note').fill('Called from the road, left a message.')
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText('2 changes waiting to send.')).toBeVisible()
  await expect(timeline.getByText('Waiting to send')).toHaveCount(2)
  // Each change's first try fails offline; a reload in the middle of one would leave it claimed by
  // the page that went (for the outbox's item lease, a minute) instead of waiting to be sent.
  await waitUntilNothingSending(page)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Robin Innkeeper' })).toBeVisible()
  await expect(page.getByText(/^Offline: showing the copy synced /)).toBeVisible()
  await expect(page.getByText('2 changes waiting to send.')).toBeVisible()
  await expect(timeline).toContainText('Status set to Contacted')
  await expect(timeline).toContainText('Called from the road, left a message.')
  // Being offline is nobody's fault: nothing at the top (mail status included) turns red.
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('button', { name: /e-mail/ })).toHaveCount(0)
  await screenshot(page, 'person-offline')

  // A person never opened on this device says calmly that it needs the connection...
  const other = `never-opened-${randomBytes(4).toString('hex')}@inn.example`
  await seedPersonOnline(other)
  const su0 = await superuser()
  const otherId = (
    await su0.collection('people').getFirstListItem(su0.filter('email = {:e}', { e: other }))
  ).id
  // The reloaded page tried to send them again at its start: not in the middle of that either.
  await waitUntilNothingSending(page)
  await page.goto(`${baseURL()}/audit-admin?person=${otherId}`)
  await expect(page.getByText(/You're offline, and this person has not been opened/)).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0)
  // ...and loads by itself once the connection is back.
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Morgan Baker' })).toBeVisible({
    timeout: 15_000,
  })
  // The same connection sends what waited. Leaving mid-send would hold it back for the item
  // lease: the page goes once the outbox has sent everything (not once it shows something).
  await waitUntilOutboxEmpty(page)
  await page.goto(personUrl)

  // The page as the server now has it: synced, nothing waiting, both changes in the timeline.
  await expect(page.getByRole('heading', { level: 1, name: 'Robin Innkeeper' })).toBeVisible()
  await expect(page.getByText(/^Synced /)).toHaveText(/^Synced [^.]*\.$/)
  await expect(timeline.getByText('Waiting to send')).toHaveCount(0)
  await expect(timeline).toContainText('Status set to Contacted')
  await expect(timeline).toContainText('Called from the road, left a message.')

  const su = await superuser()
  const person = await su
    .collection('people')
    .getFirstListItem(su.filter('email = {:e}', { e: email }))
  expect(person.status).toBe('contacted')
  const updates = await su
    .collection('person_updates')
    .getFullList({ filter: su.filter('person = {:p}', { p: person.id }) })
  expect(updates.map((u) => u.kind).sort()).toEqual(['note', 'status'])

  await page.getByRole('link', { name: 'Back to People' }).click()
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(email)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(email)
  await expect(rows.first()).toContainText('Contacted')

  // Export CSV writes the people the filter matches.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''))
  expect(csv.filter((row) => row.length > 1)).toEqual([
    expect.arrayContaining(['Email', 'Status', 'Latest Score']),
    expect.arrayContaining([email, 'Robin Innkeeper', 'Contacted', '42']),
  ])

  await page.setViewportSize(DESKTOP)
  await expectAccessible(page)
  await screenshot(page, 'people-list')
  await rows
    .first()
    .getByRole('link', { name: /Robin Innkeeper/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Robin Innkeeper' })).toBeVisible()
  await screenshot(page, 'person-page')
})

test('the Funnel tab draws the steps, the weeks and the section averages, each with its words', async ({
  page,
}) => {
  const admin = await createUser({ label: 'funnel-owner' })
  promoteAdmin(admin.email)
  const guest = new PocketBase(baseURL())
  guest.autoCancellation(false)
  await guest.collection('events').create({ name: 'visit', path: '/', referrer: 'duckduckgo.com' })
  await signInAs(page, admin.email)
  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size)
    await page.goto(`${baseURL()}/audit-admin?tab=funnel`)
    await expect(page.getByRole('region', { name: 'Steps' })).toContainText('Visits')
    // The weekly lines are pictures with their numbers in words.
    await expect(page.getByRole('img', { name: /^Visits by week: week of / })).toBeVisible()
    await expect(page.getByText('duckduckgo.com')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Average score per section' })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'funnel')
  }
})
