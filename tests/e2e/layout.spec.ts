// The layout at every width a visitor brings, signed in and out, on every public page: the nav
// stays on one line, nothing scrolls sideways, and nothing fixed or sticky sits over a control
// (the sticky header excepted: content scrolls under it by design). Checked with the page at
// its top and at its end, where the floating scroll-to-top button shows; on a short page the
// footer sits at the bottom of the window. Each page loads once and is resized through the
// widths (a load per width cost CI minutes and checked nothing more: the layout is CSS, and the
// two parts that measure in script listen for resizes). With no service worker: it changes where
// a page's files come from, not how the page is laid out, and installing it (the whole build
// precached) in every context took a quarter of these tests' time; the offline specs test it.
import type { Browser, Page } from '@playwright/test'
import PocketBase from 'pocketbase'
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  createUser,
  promoteAdmin,
  screenshot,
  shareOf,
  superuser,
  TEST_PASSWORD,
  ONLINE_ONLY,
} from './support/helpers'

const WIDTHS = [320, 390, 768, 1024, 1280, 1920]
const PAGES = [
  '/',
  '/free-audit',
  '/digital-audit',
  '/contact',
  '/call',
  '/privacy',
  '/terms',
  '/login',
  '/signup',
  '/dashboard',
  '/audit-admin',
  '/no-such-page',
]
// Taller windows make short pages: the footer must still reach the bottom.
const HEIGHT = 1000

interface LayoutProblems {
  navLines: string[]
  sidewaysScroll: number
  covered: string[]
  /** On a page shorter than the window: the gap between the footer and the window's bottom. */
  gapUnderFooter: number
}

/** What is wrong with the layout as the page is now (scroll position included). */
function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'
    }
    // Nav items whose words wrap onto a second line.
    const navLines = Array.from(document.querySelectorAll('.site-nav a, .site-nav button'))
      .filter(visible)
      .filter((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)))
        return tops.size > 1
      })
      .map((el) => el.textContent?.trim() ?? '')

    // Fixed or sticky elements other than the site header.
    const floating = Array.from(document.querySelectorAll('body *')).filter((el) => {
      const { position } = getComputedStyle(el)
      return (
        (position === 'fixed' || position === 'sticky') &&
        !el.closest('.site-header') &&
        visible(el)
      )
    })
    const interactive = Array.from(
      document.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]'),
    ).filter((el) => visible(el) && !floating.some((f) => f.contains(el)))
    const covered: string[] = []
    for (const el of interactive) {
      const box = el.getBoundingClientRect()
      const x = box.left + box.width / 2
      const y = box.top + box.height / 2
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue
      const top = document.elementFromPoint(x, y)
      const cover = top && floating.find((f) => f.contains(top))
      if (cover) covered.push(`${el.textContent?.trim() || el.tagName} under ${cover.className}`)
    }
    const footer = document.querySelector('.site-footer')
    const short = document.documentElement.scrollHeight <= innerHeight
    const gapUnderFooter =
      short && footer ? Math.round(innerHeight - footer.getBoundingClientRect().bottom) : 0
    return {
      navLines,
      sidewaysScroll: document.documentElement.scrollWidth - innerWidth,
      covered,
      gapUnderFooter,
    }
  })
}

/**
 * Two frames: the layout after a resize, and any resize handler's re-measure, are drawn. Or half
 * a second where Chromium draws no frame (it happened once in CI, the page otherwise idle, and
 * the test waited for its timeout): the checks after this force their own layout.
 */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        setTimeout(done, 500)
        requestAnimationFrame(() => requestAnimationFrame(() => done()))
      }),
  )

/**
 * One page at every width: loaded once, then the window resized (the layout is CSS, and the two
 * components that measure in script, the console's tab strip and the scroll-to-top button, listen
 * for resizes), checked at its top and at its end each time.
 */
async function checkAtEveryWidth(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT })
  await page.goto(`${baseURL()}${path}`)
  await expect(page.locator('main h1').first()).toBeVisible()
  const scrollTop = page.getByRole('button', { name: 'Scroll to top' })
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT })
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    // Back at the top the scroll-to-top button goes away (it is not part of the top's layout).
    await expect(scrollTop).toBeHidden()
    await settled(page)
    const where = `${path} at ${width}px`
    expect(await layoutProblems(page), `${where}, top`).toEqual({
      navLines: [],
      sidewaysScroll: 0,
      covered: [],
      gapUnderFooter: 0,
    })
    // At the end, with the scroll-to-top button there once the app runs (a page still growing,
    // e.g. with data arriving, is scrolled to its new end).
    const scrollable = await page.evaluate(
      () => document.documentElement.scrollHeight > innerHeight,
    )
    await expect
      .poll(
        async () => {
          await page.evaluate(() =>
            window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
          )
          return !scrollable || (await scrollTop.isVisible())
        },
        { intervals: [50] },
      )
      .toBe(true)
    expect((await layoutProblems(page)).covered, `${where}, end`).toEqual([])
  }
}

// One test per page and sign-in state, so the workers share them.
test.describe.configure({ mode: 'parallel' })
test.use(ONLINE_ONLY)

for (const path of PAGES) {
  test(`signed out, ${path}: one-line nav, no sideways scroll, nothing over a control, at every width`, async ({
    page,
  }) => {
    await checkAtEveryWidth(page, path)
  })

  test(`signed in, ${path}: one-line nav, no sideways scroll, nothing over a control, at every width`, async ({
    page,
  }) => {
    const user = await createUser({ label: 'layout' })
    const pb = new PocketBase(baseURL())
    await pb.collection('users').authWithPassword(user.email, TEST_PASSWORD)
    const session = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record })
    await page.addInitScript((value) => localStorage.setItem('pocketbase_auth', value), session)
    await page.goto(`${baseURL()}/`)
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeAttached()
    await checkAtEveryWidth(page, path)
  })
}

test("on a phone, 'Please specify...' opens in view, above the sticky Previous/Next bar", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${baseURL()}/free-audit`)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  await page
    .getByRole('group', { name: /What matters most/ })
    .getByText('Something else')
    .click()
  const field = page.getByPlaceholder('Please specify...')
  await expect(field).toBeVisible()
  // Where the (smooth) scroll that brings it into view ends, however long it takes.
  await expect
    .poll(async () => {
      const fieldBox = (await field.boundingBox())!
      const barBox = (await page.locator('.audit-nav').boundingBox())!
      return { top: fieldBox.y >= 0, aboveTheBar: fieldBox.y + fieldBox.height <= barBox.y }
    })
    .toEqual({ top: true, aboveTheBar: true })
})

/** How far the page reaches past the window's right edge (0: nothing sideways). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/**
 * The console's filter drop-downs on which some choice would show cut off ("Last 30 da"): each is
 * measured against a copy of itself as wide as its longest option needs, in the same place.
 */
const clippedFilters = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLSelectElement>('.admin-toolbar select')).flatMap(
      (select) => {
        const shown = select.getBoundingClientRect().width
        if (shown === 0) return []
        const probe = select.cloneNode(true) as HTMLSelectElement
        probe.removeAttribute('id')
        Object.assign(probe.style, {
          position: 'absolute',
          visibility: 'hidden',
          width: 'max-content',
        })
        select.after(probe)
        const needed = probe.getBoundingClientRect().width
        probe.remove()
        return needed > shown + 0.5 ? [select.labels[0]?.textContent ?? select.name] : []
      },
    ),
  )

/** A page of the console or the dashboard, signed in as `email`, with its long data. */
interface SignedInWorld {
  long: string
  admin: string
  member: string
  personId: string
}

async function signedInWorld(label: string): Promise<SignedInWorld> {
  // Long unbroken addresses and words, the way they break layouts.
  const long = `a-very-long-address-of-a-white-mountains-business-${Date.now()}-${label}`
  const admin = await createUser({ label: `${long}-owner` })
  promoteAdmin(admin.email)
  const guest = new PocketBase(baseURL())
  guest.autoCancellation(false)
  const visitor = `${long}@an-equally-long-domain-name-for-testing.example`
  await guest.collection('contacts').create({
    name: 'Wendell Longfellow-Featherstonehaugh',
    email: visitor,
    message: `https://example.com/${'very-long-path-segment-'.repeat(8)} please call`,
    source: 'portfolio_website',
  })
  const su = await superuser()
  const person = await su
    .collection('people')
    .getFirstListItem(su.filter('email = {:e}', { e: visitor }))
  const member = await createUser({ verified: true, label: `${long}-member` })
  return { long, admin: admin.email, member: member.email, personId: person.id }
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const pb = new PocketBase(baseURL())
  await pb.collection('users').authWithPassword(email, TEST_PASSWORD)
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const session = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record })
  await context.addInitScript((value) => localStorage.setItem('pocketbase_auth', value), session)
  return context.newPage()
}

/**
 * Each of `paths` loaded once, then checked at every width by resizing the window: nothing
 * sideways, no filter cut off, the dashboard's tabs whole; a screenshot at each width.
 */
async function checkSignedInPages(
  view: Page,
  paths: readonly string[],
  prepare: (path: string) => Promise<void>,
) {
  for (const path of paths) {
    await view.setViewportSize({ width: WIDTHS[0], height: 900 })
    await view.goto(`${baseURL()}${path}`)
    await expect(view.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await expect(view.getByText('Loading...')).toHaveCount(0)
    await prepare(path)
    for (const width of WIDTHS) {
      await view.setViewportSize({ width, height: 900 })
      await settled(view)
      expect(await sideways(view), `${path} at ${width}px`).toBe(0)
      expect.soft(await clippedFilters(view), `${path} at ${width}px`).toEqual([])
      if (path.startsWith('/dashboard')) {
        // The three tabs side by side, none cut off at the edge of a strip that scrolls.
        const tabs = view.getByRole('tablist')
        expect
          .soft(await tabs.evaluate((el) => el.scrollWidth - el.clientWidth), `${path} tabs`)
          .toBe(0)
      }
      await screenshot(view, `widths-${path.replace(/[^a-z0-9]+/g, '_')}`)
    }
  }
}

// The console's tabs and a person's page, in parts that run side by side (layout.spec.ts runs
// its tests in parallel): every page at six widths in one test came near its hang guard on a busy
// two-core host. Each part reads the tab bar as the console draws it, so a tab added later is
// checked with no change here.
const CONSOLE_PARTS = 4
for (let part = 0; part < CONSOLE_PARTS; part++) {
  test(`the console and a person, part ${part + 1} of ${CONSOLE_PARTS}: nothing sideways, no filter cut off, at every width`, async ({
    browser,
  }) => {
    const world = await signedInWorld(`console-${part}`)
    const adminPage = await signedInPage(browser, world.admin)
    await adminPage.goto(`${baseURL()}/audit-admin`)
    // The tab links once the console has drawn them (read before, the list came out empty and
    // the tabs went unchecked).
    const tabLinks = adminPage.getByRole('navigation', { name: 'Console' }).getByRole('link')
    await expect(tabLinks.first()).toBeVisible()
    const tabs = await tabLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
    expect(tabs.length).toBeGreaterThanOrEqual(CONSOLE_PARTS)
    const pages = [...tabs, `/audit-admin?person=${world.personId}`]
    await checkSignedInPages(adminPage, shareOf(pages, part, CONSOLE_PARTS), async () => {})
    await adminPage.close()
  })
}

test('the dashboard, settings and /call: nothing sideways, at every width', async ({ browser }) => {
  const world = await signedInWorld('member')
  const memberPage = await signedInPage(browser, world.member)
  await memberPage.route(/calendly/, (route) => route.abort('connectionrefused'))
  const memberPages = ['/dashboard', '/dashboard?tab=audits', '/dashboard?tab=settings', '/call']
  await checkSignedInPages(memberPage, memberPages, async (path) => {
    if (path === '/dashboard?tab=settings') {
      // The card after a change-e-mail request, with a long new address in its answer.
      await memberPage.getByLabel('New address').fill(`${world.long}@another-long-domain.example`)
      await memberPage.getByRole('button', { name: 'Send Confirmation Link' }).click()
      await expect(memberPage.getByText(/a confirmation link is on its way/)).toBeVisible()
    }
    if (path === '/call')
      await expect(memberPage.getByText('The scheduler could not load.')).toBeVisible()
  })
  await memberPage.close()
})
