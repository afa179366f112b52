// The consultant's console in Chromium against the real server: who may see /audit-admin,
// counters over all audits, the filter, View Details, the CSV export, live audits (also after
// the realtime connection drops), the Processed toggle, retrying failed mail from the top bar,
// and axe-core; People on a phone holds leads only, never the consultant, and names the
// newsletter form someone came through. (The shell on a phone and offline: console.spec.ts.)
import { readFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { expect, test } from './support/csp-guard'
import type { Page } from '@playwright/test'
import PocketBase from 'pocketbase'
import { questionById } from '../../src/audit/index'
import { submitAudit } from './support/free-audit'
import { parseCsv } from '../unit/admin/parse-csv'
import {
  baseURL,
  createUser,
  decideSignUps,
  DESKTOP,
  expectAccessible,
  MOBILE,
  promoteAdmin,
  screenshot,
  signInAs,
  superuser,
  TEST_PASSWORD,
  ONLINE_ONLY,
} from './support/helpers'

test.use(ONLINE_ONLY)

const ADMIN_PATH = '/audit-admin'

/**
 * Signs the browser in as `email` the way the SDK itself stores a session (localStorage
 * 'pocketbase_auth' = {token, record}), set once before the app's first script runs.
 */
async function createAdmin() {
  const user = await createUser({ label: 'owner' })
  promoteAdmin(user.email)
  return user
}

function uniqueDomain(label: string) {
  return `${label}-${randomBytes(4).toString('hex')}.example`
}

/** Types into the filter and waits until the table's list came back for exactly that text. */
async function filterByEmail(page: Page, text: string) {
  const listed = page.waitForResponse((res) => {
    const url = decodeURIComponent(res.url())
    return url.includes('/records?') && url.includes(`email ~ "${text}"`)
  })
  await page.getByRole('searchbox', { name: 'Filter by email' }).fill(text)
  await listed
}

function counter(page: Page, name: 'total' | 'high' | 'medium' | 'low') {
  return page.getByTestId(`counter-${name}`)
}

const auditRows = (page: Page) =>
  page.getByRole('region', { name: 'Audit submissions' }).locator('tbody tr')

test.describe('who may see /audit-admin', () => {
  test('a guest is sent to sign in and comes back to the console as the admin', async ({
    page,
  }) => {
    const admin = await createAdmin()
    await page.goto(`${baseURL()}${ADMIN_PATH}`)
    await expect(page).toHaveURL(/\/login\?next=%2Faudit-admin$/)

    await page.getByLabel('Email', { exact: true }).fill(admin.email)
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(new RegExp(`${ADMIN_PATH}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
    await expect(page).toHaveTitle(/^Today · Console · /)
  })

  test('a signed-in non-admin sees a plain "not authorised" page and no data', async ({ page }) => {
    const member = await createUser({ label: 'member' })
    await signInAs(page, member.email)
    await page.goto(`${baseURL()}${ADMIN_PATH}`)
    await expect(page.getByRole('heading', { name: 'Not authorised' })).toBeVisible()
    await expect(page.getByText(`You are signed in as ${member.email}.`)).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0)
    await expect(page.getByTestId('counter-total')).toHaveCount(0)
    await expectAccessible(page)
  })

  test('a user promoted after signing in is let in without signing in again', async ({ page }) => {
    const user = await createUser({ label: 'later-owner' })
    await signInAs(page, user.email)
    promoteAdmin(user.email)
    await page.goto(`${baseURL()}${ADMIN_PATH}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  })
})

test.describe('the console', () => {
  test('counts every audit, filters, pages, opens details and exports the matching rows', async ({
    page,
  }) => {
    const admin = await createAdmin()
    const domain = uniqueDomain('leads')
    // 55 audits (more than one page of 50) across every band, edges included.
    const scores = [59, 60, 79, 80, 100, 33, 91]
    const seeded: { id: string; email: string; score: number }[] = []
    for (let i = 0; i < 55; i++) {
      const email = `lead-${String(i).padStart(2, '0')}@${domain}`
      const score = scores[i % scores.length]
      seeded.push({ id: await submitAudit(email.toUpperCase(), score), email, score })
    }
    const expected = {
      total: 55,
      high: seeded.filter((a) => a.score >= 80).length,
      medium: seeded.filter((a) => a.score >= 60 && a.score < 80).length,
      low: seeded.filter((a) => a.score < 60).length,
    }

    await signInAs(page, admin.email)
    await page.setViewportSize(DESKTOP)
    await page.goto(`${baseURL()}${ADMIN_PATH}?tab=audits`)
    await expect(page.getByRole('heading', { name: 'Business Efficiency Audits' })).toBeVisible()

    // Unfiltered, the counters cover every audit on the server, not one page of 50.
    await expect
      .poll(async () => Number(await counter(page, 'total').textContent()))
      .toBeGreaterThanOrEqual(55)
    await expect(auditRows(page)).toHaveCount(50)

    // The filter is a case-insensitive "contains", done by the server.
    await filterByEmail(page, domain.toUpperCase())
    await expect(counter(page, 'total')).toHaveText(String(expected.total))
    await expect(counter(page, 'high')).toHaveText(String(expected.high))
    await expect(counter(page, 'medium')).toHaveText(String(expected.medium))
    await expect(counter(page, 'low')).toHaveText(String(expected.low))
    await expect(auditRows(page)).toHaveCount(50)
    await expect(page.getByText('1–50 of 55 audits · page 1 of 2')).toBeVisible()
    // On a 320 px phone the count has a line of its own above Previous and Next.
    await page.setViewportSize({ width: 320, height: 700 })
    const pager = page.getByRole('navigation', { name: 'Pages of audits' })
    const [count, previous, next] = await Promise.all([
      pager.getByText('1–50 of 55 audits · page 1 of 2').boundingBox(),
      pager.getByRole('button', { name: 'Previous' }).boundingBox(),
      pager.getByRole('button', { name: 'Next' }).boundingBox(),
    ])
    expect(count!.y + count!.height).toBeLessThanOrEqual(previous!.y)
    expect(Math.abs(previous!.y - next!.y)).toBeLessThan(2)
    expect(count!.height).toBeLessThan(3 * 24)
    expect(next!.x + next!.width).toBeLessThanOrEqual(320)
    await pager.scrollIntoViewIfNeeded()
    await screenshot(page, 'admin-pager')
    await page.setViewportSize(DESKTOP)

    // Newest first: the last one submitted leads, with its person's status and a link to them.
    const newest = seeded[seeded.length - 1]
    const firstRow = auditRows(page).first()
    await expect(firstRow.getByRole('rowheader')).toHaveText(newest.email)
    await expect(firstRow).toContainText(`${newest.score}%`)
    await expect(firstRow.getByRole('cell').filter({ hasText: 'New' })).toHaveCount(1)
    await expect(firstRow.getByRole('link', { name: newest.email })).toHaveAttribute(
      'href',
      /\/audit-admin\?tab=audits&person=[a-z0-9]{15}$/,
    )

    await page.getByRole('button', { name: 'Next' }).click()
    await expect(auditRows(page)).toHaveCount(5)
    await expect(auditRows(page).last().getByRole('rowheader')).toHaveText(seeded[0].email)
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(auditRows(page)).toHaveCount(50)

    // View Details: an accessible dialog; Escape closes it and focus returns to the button.
    const viewButton = firstRow.getByRole('button', { name: /View Details/ })
    await viewButton.click()
    const dialog = page.getByRole('dialog', { name: 'Audit details' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('link', { name: newest.email })).toBeVisible()
    await expect(dialog).toContainText(newest.id)
    await expect(dialog).toContainText('Free Efficiency Audit')
    await expect(dialog.getByRole('heading', { name: 'Section scores' })).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Top recommendations' })).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Answers' })).toBeVisible()
    await expect(dialog.getByText(questionById('primary_goal')!.text)).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'admin-details')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(viewButton).toBeFocused()

    // Export CSV: every row matching the filter (55, not the 50 shown), spec columns, dated name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^audit-submissions-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
    const rows = parseCsv(text)
    // Times on the browser's clock, its zone named (newcomer-console.spec.ts checks the times).
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(rows[0]).toEqual(['Email', 'Overall Score', `Timestamp (${zone})`, 'Audit ID'])
    expect(
      rows
        .slice(1)
        .map(([email, score, , id]) => ({ id, email, score: Number(score) }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual([...seeded].sort((a, b) => a.id.localeCompare(b.id)))
    await expect(page.getByText('Exported 55 audits.')).toBeVisible()

    // An empty result says so.
    await filterByEmail(page, `nobody-${domain}`)
    await expect(page.getByText('No audit submissions found.')).toBeVisible()
    await expect(counter(page, 'total')).toHaveText('0')
  })

  test('a new audit appears within seconds without a reload, also after the connection drops', async ({
    page,
  }) => {
    const admin = await createAdmin()
    const domain = uniqueDomain('live')
    await submitAudit(`first@${domain}`, 70)
    // Keep a handle on every EventSource the page opens, so the test can cut the line.
    await page.addInitScript(() => {
      const Native = window.EventSource
      const opened: EventSource[] = []
      ;(window as unknown as { __eventSources: EventSource[] }).__eventSources = opened
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init)
          opened.push(this)
        }
      }
    })
    await signInAs(page, admin.email)
    await page.goto(`${baseURL()}${ADMIN_PATH}?tab=audits`)
    await filterByEmail(page, domain)
    await expect(auditRows(page)).toHaveCount(1)
    await expect(counter(page, 'total')).toHaveText('1')
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

    await submitAudit(`second@${domain}`, 85)
    await expect(auditRows(page).first().getByRole('rowheader')).toContainText(`second@${domain}`)
    await expect(auditRows(page).first()).toContainText('New')
    await expect(counter(page, 'total')).toHaveText('2')
    await expect(counter(page, 'high')).toHaveText('1')
    // The worker's server is its own: no other test's audit arrives in the same batch.
    await expect(page.getByText(/^1 new audit just arrived\.$/)).toBeVisible()

    // The line drops and stays down for a moment; an audit arrives meanwhile.
    await page.route('**/api/realtime', (route) =>
      route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.continue(),
    )
    await page.evaluate(() => {
      for (const es of (window as unknown as { __eventSources: EventSource[] }).__eventSources) {
        es.close()
        es.onerror?.(new Event('error'))
      }
    })
    await submitAudit(`during-drop@${domain}`, 40)
    // The SDK tries the line again after the audit was made, and fails: still two rows.
    await page.waitForEvent('requestfailed', (req) => req.url().includes('/api/realtime'))
    await expect(auditRows(page)).toHaveCount(2)

    // When the line is back, the SDK reconnects by itself and the console catches up.
    await page.unroute('**/api/realtime')
    await expect(auditRows(page)).toHaveCount(3, { timeout: 10_000 })
    await expect(counter(page, 'low')).toHaveText('1')
    await submitAudit(`after-drop@${domain}`, 90)
    await expect(auditRows(page)).toHaveCount(4)
    await expect(auditRows(page).first().getByRole('rowheader')).toContainText(
      `after-drop@${domain}`,
    )

    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true)
  })

  test('messages: unprocessed first, the Processed toggle persists, the audit link opens it', async ({
    page,
  }) => {
    const admin = await createAdmin()
    const domain = uniqueDomain('writer')
    const auditId = await submitAudit(`asker@${domain}`, 64)
    const guest = new PocketBase(baseURL())
    guest.autoCancellation(false)
    await guest.collection('contacts').create({
      name: 'Earlier Writer',
      email: `earlier@${domain}`,
      message: 'Do you work with inns?',
      source: 'portfolio_website',
    })
    const later = await guest.collection('contacts').create({
      name: 'Audit Asker',
      email: `asker@${domain}`,
      message: '=HYPERLINK("http://evil.example")\nPlease call me.',
      source: 'business_efficiency_audit',
      auditId,
    })

    await signInAs(page, admin.email)
    await page.goto(`${baseURL()}${ADMIN_PATH}`)
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Messages' })
      .click()
    await expect(page).toHaveURL(/tab=messages/)
    await filterByEmail(page, domain)
    const rows = page.getByRole('region', { name: 'Messages' }).locator('tbody tr')
    await expect(rows).toHaveCount(2)
    await expect(rows.first().getByRole('rowheader')).toHaveText('Audit Asker')
    // Visitor text is shown as text, never as markup.
    await expect(rows.first()).toContainText('=HYPERLINK("http://evil.example")')

    const toggle = rows.first().getByRole('checkbox', { name: /Processed/ })
    await toggle.check()
    await expect(toggle).toBeEnabled()
    const su = await superuser()
    await expect
      .poll(async () => (await su.collection('contacts').getOne(later.id)).processed)
      .toBe(true)

    await page.reload()
    await filterByEmail(page, domain)
    // Processed messages go below the unprocessed ones, and stay ticked.
    await expect(rows.last().getByRole('rowheader')).toHaveText('Audit Asker')
    await expect(rows.last().getByRole('checkbox', { name: /Processed/ })).toBeChecked()
    await expect(rows.first().getByRole('checkbox', { name: /Processed/ })).not.toBeChecked()
    // At 1280 px the whole table fits its box: nothing is cut off or needs a sideways scroll.
    await page.setViewportSize({ width: 1280, height: 800 })
    const messages = page.getByRole('region', { name: 'Messages' })
    expect(await messages.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    await screenshot(page, 'admin-messages')

    await rows
      .last()
      .getByRole('button', { name: /View audit/ })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Audit details' })
    await expect(dialog).toContainText(auditId)
    await expect(dialog).toContainText('64%')
    await page.keyboard.press('Escape')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''))
    expect(csv).toHaveLength(3)
    // The formula is neutralised in the file.
    expect(csv.find((r) => r[0] === 'Audit Asker')?.[2]).toBe(
      `'=HYPERLINK("http://evil.example")\nPlease call me.`,
    )
  })

  test('subscribers and failed mail: the list, and Retry re-queues a failed e-mail', async ({
    page,
  }) => {
    const admin = await createAdmin()
    const domain = uniqueDomain('news')
    const guest = new PocketBase(baseURL())
    await guest
      .collection('newsletter_subscriptions')
      .create({ email: `reader@${domain}`, source: 'footer' })
    await decideSignUps()
    const su = await superuser()
    const failed = await su.collection('deliveries').create({
      recipient: `bounced@${domain}`,
      subject: 'Your Business Efficiency Audit results',
      // Kept as it was rendered: a retry sends these words again.
      html: '<p>Your results</p>',
      text: 'Your results',
      kind: 'visitor_results',
      channel: 'mail',
      class: 'visitor',
      status: 'failed',
      attempts: 5,
      lastError: 'connection refused',
    })

    await signInAs(page, admin.email)
    await page.goto(`${baseURL()}${ADMIN_PATH}?tab=subscribers`)
    await filterByEmail(page, domain)
    const rows = page.getByRole('region', { name: 'Subscribers' }).locator('tbody tr')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(`reader@${domain}`)
    await expect(rows.first()).toContainText('Footer')

    // The mail line in the top bar: mail goes out here (the test server's receiver answers),
    // and how many mails failed, which opens them.
    const bar = page.getByRole('banner')
    await expect(
      bar.getByRole('region', { name: 'Mail', exact: true }).getByRole('status').first(),
    ).toHaveText(/^Mail: (last sent|nothing sent yet)/)
    await bar.getByRole('button', { name: /failed e-mails?$/ }).click()
    const failedMail = page.getByRole('dialog', { name: /Failed e-mails/ })
    await expect(failedMail).toContainText(`bounced@${domain}`)
    await expect(failedMail).toContainText('connection refused')
    await failedMail.getByRole('button', { name: `Retry the e-mail to bounced@${domain}` }).click()
    await expect(
      page.getByText(`The e-mail to bounced@${domain} is back in the queue.`),
    ).toBeVisible()
    // Back in the queue, the dispatcher sends it within seconds (the test server's receiver
    // takes it).
    await expect
      .poll(async () => (await su.collection('deliveries').getOne(failed.id)).status)
      .toBe('sent')
  })

  // The console at two sizes, each a test of its own (axe on a whole page is slow on a busy host).
  for (const size of [MOBILE, DESKTOP]) {
    test(`at ${size.width}px the console passes axe, filters and opens an audit's details`, async ({
      page,
    }) => {
      const admin = await createAdmin()
      const domain = uniqueDomain('look')
      for (const [i, score] of [92, 74, 41].entries())
        await submitAudit(`owner-${i}@${domain}`, score)
      await signInAs(page, admin.email)
      await page.setViewportSize(size)
      await page.goto(`${baseURL()}${ADMIN_PATH}?tab=audits`)
      await expect(auditRows(page).first()).toBeVisible()
      await expectAccessible(page)
      await screenshot(page, 'admin-audits')
      await filterByEmail(page, domain)
      await expect(auditRows(page)).toHaveCount(3)
      await screenshot(page, 'admin-audits-filtered')
      await auditRows(page)
        .first()
        .getByRole('button', { name: /View Details/ })
        .click()
      await expect(page.getByRole('dialog', { name: 'Audit details' })).toContainText('41%')
      await screenshot(page, 'admin-dialog', { fullPage: false })
      await page.getByRole('button', { name: 'Close' }).click()
      await expect(page.getByRole('dialog')).toBeHidden()
    })
  }

  test('the tab bar works from the keyboard', async ({ page }) => {
    const admin = await createAdmin()
    await signInAs(page, admin.email)
    await page.setViewportSize(DESKTOP)
    await page.goto(`${baseURL()}${ADMIN_PATH}?tab=audits`)
    const tabs = page.getByRole('navigation', { name: 'Console' })
    await expect(tabs.getByRole('link', { name: 'Audits' })).toHaveAttribute('aria-current', 'page')
    await tabs.getByRole('link', { name: 'Audits' }).focus()
    await page.keyboard.press('Tab')
    await expect(tabs.getByRole('link', { name: 'Messages' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/tab=messages$/)
    await expect(tabs.getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
    await expectAccessible(page)
  })

  test('says "Loading...", then "Failed to fetch audit data" with a Try Again that recovers', async ({
    page,
  }) => {
    const admin = await createAdmin()
    await submitAudit(`${randomBytes(3).toString('hex')}@${uniqueDomain('state')}`, 50)
    await signInAs(page, admin.email)
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    // No live updates here: audits other tests create would refetch the list by themselves and
    // take the error away before Try Again is pressed (that recovery is tested above).
    await page.route('**/api/realtime*', (route) => route.abort('connectionrefused'))
    // The first list request waits (Loading...), then fails as if the server were unreachable.
    await page.route('**/api/collections/audits/records?*', async (route) => {
      await held
      await route.abort('connectionrefused')
    })
    await page.goto(`${baseURL()}${ADMIN_PATH}?tab=audits`)
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible()
    release()
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch audit data' })
    await expect(alert).toBeVisible()
    await expectAccessible(page)

    await page.unroute('**/api/collections/audits/records?*')
    await alert.getByRole('button', { name: 'Try Again' }).click()
    await expect(auditRows(page).first()).toBeVisible()
    await expect(alert).toBeHidden()
  })
})

test.describe('People holds leads only', () => {
  test('the consultant is not a lead (People, the CSV export); a newsletter sign-up names its form as first source', async ({
    page,
  }) => {
    // Signed up, then promoted with `npm run admin -- promote`, as the README's quick start does.
    const admin = await createAdmin()
    const domain = uniqueDomain('leads')
    const lead = `lead@${domain}`
    const reader = `reader@${domain}`
    await submitAudit(lead, 70)
    const guest = new PocketBase(baseURL())
    guest.autoCancellation(false)
    await guest.collection('newsletter_subscriptions').create({ email: reader, source: 'footer' })
    await decideSignUps()

    await page.setViewportSize(MOBILE)
    await signInAs(page, admin.email)
    await page.goto(`${baseURL()}${ADMIN_PATH}?tab=people`)
    await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible()
    const rows = page.getByRole('region', { name: 'People' }).locator('tbody tr')
    await expect(rows.filter({ hasText: lead })).toHaveCount(1)
    await expect(rows.filter({ hasText: admin.email })).toHaveCount(0)

    // The consultant tries the site's forms like a visitor would: still not a lead.
    await submitAudit(admin.email, 55)
    await guest.collection('contacts').create({
      name: 'The Consultant',
      email: admin.email,
      message: 'Testing the form.',
      source: 'portfolio_website',
    })

    await page.reload()
    const search = page.getByRole('searchbox', { name: 'Search by name or e-mail' })
    await search.fill(admin.email)
    await expect(page.getByText('No people match.')).toBeVisible()
    await screenshot(page, 'people-no-consultant')

    // The export (everyone, no filter) holds the leads and not the consultant.
    await search.fill('')
    await expect(rows.filter({ hasText: lead })).toHaveCount(1)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    const csv = parseCsv(
      (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''),
    ).filter((row) => row.length > 1)
    const header = csv[0]
    const emails = csv.slice(1).map((row) => row[header.indexOf('Email')])
    expect(emails).toEqual(expect.arrayContaining([lead, reader]))
    expect(emails).not.toContain(admin.email)
    const firstSource = csv.find((row) => row[0] === reader)?.[header.indexOf('First Source')]
    expect(firstSource).toBe('Newsletter sign-up (Footer)')

    // The person's page says it too.
    await search.fill(reader)
    await expect(rows).toHaveCount(1)
    await rows.filter({ hasText: reader }).getByRole('link').first().click()
    await expect(page.getByRole('region', { name: 'Facts' })).toContainText(
      'Newsletter sign-up (Footer)',
    )
    await screenshot(page, 'person-first-source')
  })
})
