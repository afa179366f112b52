// What the consultant tripped on as a newcomer, on a 390 px phone against the real server: the
// webhook delivery log as cards, the funnel's words between its steps and section averages that
// count the audit that just came in, toasts that say what was saved, the Audits tab in the site's
// words with CSV times on the consultant's clock, and the Console link appearing as soon as the
// account is made an admin (and an admin landing on the console after signing in).
import { readFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Locator, Page } from '@playwright/test'
import PocketBase from 'pocketbase'
import { submitAudit } from './support/free-audit'
import { parseCsv } from '../unit/admin/parse-csv'
import { expect, test } from './support/csp-guard'
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
  TEST_PASSWORD,
  waitForApp,
  ONLINE_ONLY,
} from './support/helpers'

const CONSULTANT_ZONE = 'America/New_York'
test.use({ ...ONLINE_ONLY, viewport: MOBILE, timezoneId: CONSULTANT_ZONE })

async function createAdmin(label: string) {
  const user = await createUser({ label })
  promoteAdmin(user.email)
  return user
}

/** The admin's own API client, as the console signs in. */
async function clientOf(email: string): Promise<PocketBase> {
  const pb = new PocketBase(baseURL())
  pb.autoCancellation(false)
  await pb.collection('users').authWithPassword(email, TEST_PASSWORD)
  return pb
}

/** How many lines `locator`'s text is laid out on. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size
  })
}

/** Nothing on the page needs a sideways scroll. */
async function expectNoSidewaysScroll(page: Page, region: Locator) {
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0)
}

test('the webhook delivery log is a card per attempt on a phone, each value whole', async ({
  page,
}) => {
  const receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"status":"caught","id":"evt_0123456789abcdefghij"}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  let endpointId = ''
  try {
    const { port } = receiver.address() as AddressInfo
    const admin = await createAdmin('log-owner')
    const pb = await clientOf(admin.email)
    const name = `CRM ${randomBytes(3).toString('hex')}`
    const endpoint = await pb.send<{ id: string }>('/api/webhooks', {
      method: 'POST',
      body: {
        url: `http://127.0.0.1:${port}/hooks/catch/`,
        description: name,
        events: ['person.status_changed', 'message.received'],
      },
    })
    endpointId = endpoint.id
    // A status change (the longest event name) and a test event reach the endpoint.
    const email = `log-${randomBytes(4).toString('hex')}@inn.example`
    await new PocketBase(baseURL()).collection('contacts').create({
      name: 'Robin Innkeeper',
      email,
      message: 'Can we talk?',
      source: 'portfolio_website',
    })
    const person = await pb
      .collection('people')
      .getFirstListItem(pb.filter('email = {:e}', { e: email }))
    await pb
      .collection('person_updates')
      .create({ person: person.id, kind: 'status', status: 'contacted' })
    await pb.send(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' })
    const su = await superuser()
    await su.send('/api/webhooks/flush', { method: 'POST', body: {} })

    await signInAs(page, admin.email)
    await page.goto(`${baseURL()}/audit-admin?tab=integrations`)
    const card = page.getByRole('article').filter({ hasText: name })
    const log = card.getByRole('region', { name: `Delivery log of ${name}` })
    const rows = log.getByRole('row').filter({ has: page.getByRole('cell') })
    await expect(rows.filter({ hasText: 'Test event (test)' })).toHaveCount(1)
    await expect(rows.filter({ hasText: 'person.status_changed' })).toHaveCount(1)
    await expect(rows.filter({ hasText: 'message.received' })).toHaveCount(1)

    await expectNoSidewaysScroll(page, log)
    for (const row of await rows.all()) {
      // Each card on the screen shows the outcome and the event's name whole, the name on one line.
      await row.scrollIntoViewIfNeeded()
      await expect(row.getByText('Delivered', { exact: true })).toBeInViewport({ ratio: 1 })
      await expect(row.getByText('HTTP 200, delivered')).toBeInViewport({ ratio: 1 })
      const code = row.locator('code')
      await expect(code).toBeInViewport({ ratio: 1 })
      expect(await linesOf(code)).toBe(1)
      await expect(row.getByRole('button', { name: /^Resend/ })).toBeInViewport({ ratio: 1 })
    }
    await expectAccessible(page)
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, 'integrations-log-cards')
    // As a table (from 720 px) every column fits the card, Resend included: at 1024 px a raw
    // answer's one long word once pushed the Actions column out of sight, to the right.
    for (const size of [{ width: 320, height: 700 }, { width: 1024, height: 800 }, DESKTOP]) {
      await page.setViewportSize(size)
      await expect(rows.first().getByText('Delivered', { exact: true })).toBeVisible()
      await expectNoSidewaysScroll(page, log)
      for (const row of await rows.all()) {
        await row.scrollIntoViewIfNeeded()
        await expect(row.getByRole('button', { name: /^Resend/ })).toBeInViewport({ ratio: 1 })
        // The time taken keeps its unit on its line ("15 / ms" did).
        expect(await linesOf(row.getByText(/^\d+(\.\d)? m?s$/))).toBe(1)
      }
      await screenshot(page, 'integrations-log-cards')
    }
  } finally {
    // The next tests on this worker's server start with no endpoint of this one's.
    if (endpointId) await (await superuser()).collection('webhook_endpoints').delete(endpointId)
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
  }
})

test('the funnel says who went on between its steps, and its section averages count the audit that just came in', async ({
  page,
}) => {
  const admin = await createAdmin('funnel-words-owner')
  // One known funnel, as the issue saw it: the rest of the report is the server's own.
  const steps = [
    { step: 'visit', count: 100, conversion: null },
    { step: 'audit_started', count: 36, conversion: 36 },
    { step: 'audit_completed', count: 20, conversion: 55.6 },
    { step: 'email_given', count: 10, conversion: 50 },
    { step: 'booking_opened', count: 0, conversion: 0 },
    { step: 'call_booked', count: 0, conversion: null },
  ]
  await page.route(
    (url) => url.pathname === '/api/admin/funnel',
    async (route) => {
      const response = await route.fetch()
      route.fulfill({ response, json: { ...(await response.json()), steps } })
    },
  )
  await submitAudit(`first-${randomBytes(4).toString('hex')}@inn.example`, 50)
  await signInAs(page, admin.email)
  await page.goto(`${baseURL()}/audit-admin?tab=funnel`)

  const averages = page.getByRole('region', { name: 'Average score per section' })
  const firstSection = averages.getByRole('listitem').first()
  await expect(firstSection).toContainText(/\(\d+ audits?\)/)
  const counted = async () =>
    Number(/\((\d+) audits?\)/.exec((await firstSection.textContent()) ?? '')?.[1])
  const before = await counted()
  // An audit arrives; Refresh counts it at once (not up to 10 minutes later).
  await submitAudit(`second-${randomBytes(4).toString('hex')}@inn.example`, 70)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect.poll(counted).toBe(before + 1)
  await expect(averages).toContainText(/Every audit taken so far, counted \w{3} \d+, \d{4}/)

  // Between two bars: the share of the step above that went on to the next one.
  const stepList = page.getByRole('region', { name: 'Steps' })
  await expect(stepList.getByText('36% went on to start an audit')).toBeVisible()
  await expect(stepList.getByText('55.6% went on to complete the audit')).toBeVisible()
  await expect(stepList.getByText('50% went on to give their e-mail')).toBeVisible()
  await expect(stepList.getByText('0% went on to open the booking')).toBeVisible()
  await expect(stepList.getByText('None in the step above to count from')).toBeVisible()
  await expect(stepList.getByText(/% of /)).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'funnel-words')
  await page.setViewportSize(DESKTOP)
  await screenshot(page, 'funnel-words')
})

test('saving a newsletter draft, a note and a status change each says what was saved', async ({
  page,
}) => {
  const admin = await createAdmin('toast-owner')
  const email = `toast-${randomBytes(4).toString('hex')}@inn.example`
  await new PocketBase(baseURL()).collection('contacts').create({
    name: 'Sam Toast',
    email,
    message: 'Hello',
    source: 'portfolio_website',
  })
  await signInAs(page, admin.email)
  // The console's line under its top bar that says what just went out.
  const toast = page.locator('.outbox-status').getByRole('status')

  await page.goto(`${baseURL()}/audit-admin?tab=newsletter`)
  await page.getByRole('button', { name: 'New newsletter' }).click()
  await page.getByLabel('Subject').fill('Spring hours')
  await expect(toast).toHaveText('Newsletter draft saved')
  await expect(page.getByText('All changes saved.')).toBeVisible()
  await screenshot(page, 'toast-newsletter-draft')
  // The line goes quiet and keeps its place: the form under it does not move under the thumb.
  const subjectTop = async () => (await page.getByLabel('Subject').boundingBox())!.y
  const before = await subjectTop()
  await expect(toast).toHaveText('')
  expect(await subjectTop()).toBe(before)
  await page.getByLabel('Preview text').fill('Longer days')
  await expect(toast).toHaveText('Newsletter draft saved')

  const su = await superuser()
  const person = await su
    .collection('people')
    .getFirstListItem(su.filter('email = {:e}', { e: email }))
  await page.goto(`${baseURL()}/audit-admin?person=${person.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Toast' })).toBeVisible()
  await page.getByLabel('Add a note').fill('Wants a call in May.')
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(toast).toHaveText('Note saved')
  await page.getByLabel('Status', { exact: true }).selectOption('contacted')
  await page.getByRole('button', { name: 'Save status' }).click()
  await expect(toast).toHaveText(/^(Note saved · )?Status change saved$/)
  await screenshot(page, 'toast-status-change')
  await expect(page.getByText(/Note or status change/)).toHaveCount(0)
})

test('on a phone, the consultant sets what the reports say a fix is worth; a bad value is named', async ({
  page,
}) => {
  const admin = await createAdmin('payoff-owner')
  await signInAs(page, admin.email)
  await page.goto(`${baseURL()}/audit-admin?tab=audits`)
  await page.getByText('What the reports say a fix is worth').click()
  const rate = page.getByLabel('Hourly rate a report starts with ($)')
  await expect(rate).toHaveValue(/^\d+$/)
  const weeks = page.getByLabel('Working weeks a year')
  const process = page.getByRole('group', {
    name: 'Business Process Efficiency: hours a week per fix',
  })
  await expect(process.getByLabel('From')).toBeVisible()
  await expectNoSidewaysScroll(page, page.getByRole('main'))

  // A bad value: named under its field, nothing saved, what was typed kept.
  await weeks.fill('60')
  await process.getByLabel('To').fill('0.5')
  await page.getByRole('button', { name: 'Save payoff settings' }).click()
  await expect(page.getByText('Not saved: please correct the fields marked below.')).toBeVisible()
  await expect(weeks).toHaveAccessibleDescription('A whole number of weeks from 1 to 52.')
  await expect(process.getByLabel('To')).toHaveAccessibleDescription(
    'At least as many hours as the low end.',
  )
  await expect(weeks).toHaveValue('60')
  await expectAccessible(page)
  await screenshot(page, 'console-payoff-errors')

  await weeks.fill('50')
  await process.getByLabel('To').fill('6')
  await rate.fill('65')
  await page.getByRole('button', { name: 'Save payoff settings' }).click()
  await expect(
    page.getByText('Saved. Reports and mails from now on use these figures.'),
  ).toBeVisible()
  const served = await (await page.request.get(`${baseURL()}/api/payoff`)).json()
  expect(served.assumptions.hourlyRate).toBe(65)
  expect(served.assumptions.weeksPerYear).toBe(50)
  expect(served.assumptions.sectionHours['Business Process Efficiency'].high).toBe(6)

  // Back to the starting values, in one tap and a save (the other tests read the defaults too).
  await page.getByRole('button', { name: 'Use the starting values' }).click()
  await page.getByRole('button', { name: 'Save payoff settings' }).click()
  await expect(
    page.getByText('Saved. Reports and mails from now on use these figures.'),
  ).toBeVisible()
  expect((await (await page.request.get(`${baseURL()}/api/payoff`)).json()).assumptions).toEqual(
    served.defaults,
  )
})

test('the Audits tab speaks the site’s score words, and its CSV gives times on the consultant’s clock', async ({
  page,
}) => {
  const admin = await createAdmin('audits-words-owner')
  const domain = `words-${randomBytes(4).toString('hex')}.example`
  const id = await submitAudit(`lead@${domain}`, 85)
  await signInAs(page, admin.email)
  await page.goto(`${baseURL()}/audit-admin?tab=audits`)

  await expect(
    page.getByRole('heading', { level: 1, name: 'Business Efficiency Audits' }),
  ).toBeVisible()
  await expect(page).toHaveTitle(/^Business Efficiency Audits · Console · /)
  const counters = page.locator('.admin-counters')
  for (const words of [
    'Total audits',
    'Strong (80% and above)',
    'Room to improve (60-79%)',
    'Needs attention (under 60%)',
  ]) {
    await expect(counters.getByText(words, { exact: true })).toBeVisible()
  }
  await expect(page.getByText(/^(High|Medium|Low)\b/)).toHaveCount(0)
  await expect(page.getByText(/Digital Strategy/)).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'audits-words')

  const listed = page.waitForResponse((res) => decodeURIComponent(res.url()).includes(domain))
  await page.getByRole('searchbox', { name: 'Filter by email' }).fill(domain)
  await listed
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const rows = parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''))
  expect(rows[0]).toEqual(['Email', 'Overall Score', `Timestamp (${CONSULTANT_ZONE})`, 'Audit ID'])
  const su = await superuser()
  const created = (await su.collection('audits').getOne(id)).created as string
  // What a clock in New York showed when the audit came in ('sv-SE' writes 2026-11-21 04:05:01).
  const onTheClock = new Date(created.replace(' ', 'T')).toLocaleString('sv-SE', {
    timeZone: CONSULTANT_ZONE,
  })
  expect(rows.slice(1)).toEqual([[`lead@${domain}`, '85', onTheClock, id]])
})

test.describe('the Console link and the landing after sign-in', () => {
  test('a member made an admin while signed in sees Console when they come back to the app, without signing in again', async ({
    page,
  }) => {
    const member = await createUser({ label: 'soon-owner' })
    await signInAs(page, member.email)
    await page.clock.install()
    const recordReads: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/collections/users/records/')) recordReads.push(req.url())
    })
    await page.goto(`${baseURL()}/`)
    // The prerendered Menu button opens the menu once the app has taken the page over.
    await waitForApp(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect.poll(() => recordReads.length).toBe(1)
    await expect(nav.getByRole('link', { name: 'Console' })).toHaveCount(0)

    promoteAdmin(member.email)
    // Coming back to the tab within the minute asks the server nothing more...
    for (const event of ['focus', 'visibilitychange']) {
      await page.evaluate((name) => {
        const target = name === 'focus' ? window : document
        target.dispatchEvent(new Event(name))
      }, event)
    }
    await page.waitForTimeout(500)
    expect(recordReads).toHaveLength(1)
    await expect(nav.getByRole('link', { name: 'Console' })).toHaveCount(0)

    // ...after it, the account is read again and the Console link is there.
    await page.clock.setSystemTime(Date.now() + 61_000)
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(nav.getByRole('link', { name: 'Console' })).toBeVisible()
    expect(recordReads).toHaveLength(2)
    await screenshot(page, 'nav-console-after-promotion')
    await nav.getByRole('link', { name: 'Console' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  })

  test('a member promoted meanwhile sees Console on opening the site', async ({ page }) => {
    const member = await createUser({ label: 'opened-owner' })
    await signInAs(page, member.email)
    promoteAdmin(member.email)
    await page.goto(`${baseURL()}/`)
    await waitForApp(page)
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Console' }),
    ).toBeVisible()
  })

  test('an admin signing in lands on the console, a member on the dashboard', async ({ page }) => {
    const admin = await createAdmin('landing-owner')
    const member = await createUser({ label: 'landing-member' })
    for (const [who, landing, heading] of [
      [admin.email, /\/audit-admin$/, 'Today'],
      [member.email, /\/dashboard$/, 'Dashboard'],
    ] as const) {
      await page.goto(`${baseURL()}/login`)
      await page.getByLabel('Email', { exact: true }).fill(who)
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expect(page).toHaveURL(landing)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await page.evaluate(() => localStorage.clear())
    }
  })
})
