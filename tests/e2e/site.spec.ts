// The marketing site in Chromium: navigation on desktop and in the mobile menu,
// the copy button, the scheduler loaded only on demand with its offline fallback, the call
// and legal pages, axe-core on every page, and screenshots of `/` at phone and desktop size.
import { expect, test } from './support/csp-guard'
import type { Page } from '@playwright/test'
import { site } from '../../src/config/site'
import { SITE_CONTENT_DEFAULTS, firstNameOf, phoneHref } from '../../src/config/site-content'
import { messages } from '../../src/config/messages'
import {
  baseURL,
  createUser,
  DESKTOP,
  expectAccessible,
  MOBILE,
  screenshot,
  superuser,
  uniqueEmail,
  waitForApp,
} from './support/helpers'
import { homeOfflineOnceLoaded, trackScripts } from './support/scripts'
import { waitForControllingServiceWorker } from './pwa-support'

// Each test stands alone (its own addresses, its own browser context): the workers share them,
// so this long file, the last in order, does not run on by itself at the end of the run.
test.describe.configure({ mode: 'parallel' })

const navTargets = [
  { label: 'What I Do', id: 'services' },
  { label: 'About', id: 'about' },
  { label: 'Pricing', id: 'pricing' },
  { label: 'My Work', id: 'portfolio' },
  { label: 'Get In Touch', id: 'contact' },
] as const

const SCHEDULER_SCRIPT = `${site.booking.scriptUrl.split('?')[0]}*`

/** The section's top sits just under the sticky header (or the page is scrolled to its end). */
async function expectSectionLanded(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate((sectionId) => {
          // The route renders in a transition: the URL can change before the section exists.
          const element = document.getElementById(sectionId)
          if (!element) return false
          const section = element.getBoundingClientRect()
          const header = document.querySelector('.site-header')!.getBoundingClientRect()
          const atEnd =
            Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight
          const underHeader = Math.abs(section.top - header.bottom) <= 2
          return (
            underHeader ||
            (atEnd && section.top >= header.bottom - 2 && section.top < window.innerHeight)
          )
        }, id),
      { message: `section #${id} is scrolled into place` },
    )
    .toBe(true)
}

/**
 * Waits until the page's fonts and images are in: those it loads at once, or with `lazy` also
 * those it loads as they come near the screen (after a scroll through the page).
 */
async function imagesLoaded(page: Page, { lazy = false } = {}) {
  await expect
    .poll(() =>
      page.evaluate(async (withLazy) => {
        await document.fonts.ready
        return Array.from(document.images)
          .filter((image) => withLazy || image.loading !== 'lazy')
          .every((image) => image.complete)
      }, lazy),
    )
    .toBe(true)
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' })
}

test.describe('navigation', () => {
  test('on desktop every nav link lands on its section, and elsewhere links go to /#section', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto(`${baseURL()}/`)
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    for (const { label, id } of navTargets) {
      await mainNav(page).getByRole('link', { name: label, exact: true }).click()
      await expectSectionLanded(page, id)
      expect(new URL(page.url()).hash).toBe(`#${id}`)
    }

    await mainNav(page).getByRole('link', { name: 'Free Audit' }).click()
    await expect(page).toHaveURL(/\/free-audit$/)
    // Leaving an audit page asks first, as the footer does; accepted, the link goes on.
    const asked: string[] = []
    page.once('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.accept()
    })
    await mainNav(page).getByRole('link', { name: 'Pricing', exact: true }).click()
    expect(asked).toEqual([
      'Leave the audit? Your answers stay on this device, so you can pick up where you left off.',
    ])
    await expect(page).toHaveURL(/\/#pricing$/)
    await expectSectionLanded(page, 'pricing')

    // A deep link with a hash lands too.
    await page.goto(`${baseURL()}/#portfolio`)
    await expectSectionLanded(page, 'portfolio')
  })

  test('in the mobile menu every link lands on its section and the menu closes after each choice', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE)
    await page.goto(`${baseURL()}/`)
    // The prerendered menu button opens the menu once the app has taken the page over.
    await waitForApp(page)
    const toggle = page.getByRole('button', { name: 'Menu' })
    await expect(mainNav(page)).toBeHidden()
    for (const { label, id } of navTargets) {
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await mainNav(page).getByRole('link', { name: label, exact: true }).click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await expect(mainNav(page)).toBeHidden()
      await expectSectionLanded(page, id)
    }

    // Escape closes it and gives focus back to the button; the button toggles it too.
    await toggle.click()
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
    await toggle.click()
    await toggle.click()
    await expect(mainNav(page)).toBeHidden()

    await toggle.click()
    await mainNav(page).getByRole('link', { name: 'Free Audit' }).click()
    await expect(page).toHaveURL(/\/free-audit$/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  test('the hero buttons: See My Solutions scrolls to services, Take Free Business Audit opens the audit', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE)
    await page.goto(`${baseURL()}/`)
    await page.getByRole('link', { name: 'See My Solutions' }).click()
    await expectSectionLanded(page, 'services')
    await page.goto(`${baseURL()}/`)
    await page.getByRole('link', { name: 'Take Free Business Audit' }).click()
    await expect(page).toHaveURL(/\/free-audit$/)
  })

  test('every package button scrolls to the contact section', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto(`${baseURL()}/`)
    const buttons = page
      .locator('#pricing')
      .getByRole('link', { name: /Get Started|Book a Review/ })
    await expect(buttons).toHaveCount(SITE_CONTENT_DEFAULTS.packages.length + 1)
    for (let i = 0; i < SITE_CONTENT_DEFAULTS.packages.length + 1; i++) {
      await page.goto(`${baseURL()}/#pricing`)
      await expectSectionLanded(page, 'pricing')
      await buttons.nth(i).click()
      await expectSectionLanded(page, 'contact')
    }
  })

  test('the scroll-to-top button appears past 80% of the page and takes the visitor to the top', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE)
    await page.goto(`${baseURL()}/`)
    const button = page.getByRole('button', { name: 'Scroll to top' })
    const scrollTo = (fraction: number) =>
      page.evaluate((f) => {
        window.scrollTo({
          top: (document.documentElement.scrollHeight - window.innerHeight) * f,
          behavior: 'instant',
        })
      }, fraction)
    await scrollTo(0.85)
    await expect(button).toBeVisible()
    // Back at 70%: it goes away again (a change to wait for, where a pause would prove nothing).
    await scrollTo(0.7)
    await expect(button).toBeHidden()
    await scrollTo(0.85)
    await expect(button).toBeVisible()
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(button).toBeHidden()
  })

  test('the footer Home link asks before leaving an audit page, and nowhere else', async ({
    page,
  }) => {
    await page.goto(`${baseURL()}/free-audit`)
    // The question is the app's: the prerendered link alone just navigates.
    await waitForApp(page)
    const footer = page.getByRole('contentinfo')
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void (dialogs.length === 1 ? dialog.dismiss() : dialog.accept())
    })
    await footer.getByRole('link', { name: 'Home', exact: true }).click()
    expect(dialogs).toEqual([
      'Leave the audit? Your answers stay on this device, so you can pick up where you left off.',
    ])
    await expect(page).toHaveURL(/\/free-audit$/)
    await footer.getByRole('link', { name: 'Home', exact: true }).click()
    await expect(page).toHaveURL(`${baseURL()}/`)
    expect(dialogs).toHaveLength(2)
    await expect(footer.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0)
  })
})

test.describe('session in the nav', () => {
  test('signed in it offers Dashboard and Sign Out; Sign Out returns to Login', async ({
    page,
  }) => {
    const user = await createUser({ label: 'nav' })
    await page.setViewportSize(DESKTOP)
    await page.goto(`${baseURL()}/`)
    // A click before the app has taken the page over is a full page load: until it lands, the
    // home page (whose contact form also has an Email field) is still the page being filled.
    await waitForApp(page)
    await mainNav(page).getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
    const main = page.getByRole('main')
    await main.getByLabel('Email', { exact: true }).fill(user.email)
    await main.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)

    await page.goto(`${baseURL()}/`)
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0)
    await mainNav(page).getByRole('button', { name: 'Sign Out' }).click()
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull()
  })
})

test.describe('footer', () => {
  test('has the logo, social links, newsletter, current year, mailto, privacy and terms', async ({
    page,
  }) => {
    await page.goto(`${baseURL()}/`)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText(SITE_CONTENT_DEFAULTS.businessName).first()).toBeVisible()
    for (const social of SITE_CONTENT_DEFAULTS.social) {
      await expect(footer.getByRole('link', { name: new RegExp(social.label) })).toHaveAttribute(
        'href',
        social.url,
      )
    }
    await expect(footer.getByLabel('Your email address')).toBeVisible()
    await expect(
      footer.getByText(`© ${new Date().getFullYear()} ${SITE_CONTENT_DEFAULTS.businessName}`),
    ).toBeVisible()
    await expect(footer.getByRole('link', { name: SITE_CONTENT_DEFAULTS.email })).toHaveAttribute(
      'href',
      `mailto:${SITE_CONTENT_DEFAULTS.email}`,
    )
    await footer.getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  })
})

test.describe('contact details', () => {
  test("the copy button copies the e-mail and shows '(Copied!)' or '(Error)' for 2 seconds", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() })
    await page.goto(`${baseURL()}/#contact`)
    const contact = page.locator('#contact')
    await expect(contact.getByText(SITE_CONTENT_DEFAULTS.location)).toBeVisible()
    // The prerendered button copies once the app has taken the page over (`load` may come first).
    await waitForApp(page)
    // How long '(Copied!)' is on the page, timed in the page from the moment it appears to the
    // moment it goes: timed here, it would lose whatever this host takes to see it and to read
    // the clipboard.
    await page.evaluate(() => {
      const shown: { from?: number; to?: number } = {}
      Object.assign(window, { copiedShown: shown })
      new MutationObserver(() => {
        const here = document.querySelector('#contact')?.textContent?.includes('(Copied!)')
        if (here && shown.from === undefined) shown.from = performance.now()
        if (!here && shown.from !== undefined) shown.to ??= performance.now()
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    const copy = contact.getByRole('button', { name: 'Copy email address' })
    await copy.click()
    await expect(contact.getByText('(Copied!)')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      SITE_CONTENT_DEFAULTS.email,
    )
    await expect(contact.getByText('(Copied!)')).toBeHidden()
    const shown = await page.evaluate(
      () => (window as unknown as { copiedShown: { from: number; to: number } }).copiedShown,
    )
    expect(shown.to - shown.from).toBeGreaterThan(1500)

    await page.evaluate(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('denied', 'NotAllowedError'))
    })
    await copy.click()
    await expect(contact.getByText('(Error)')).toBeVisible()
    await expect(contact.getByText('(Error)')).toBeHidden()
  })
})

test.describe('booking', () => {
  test('nothing of the scheduler loads on first paint', async ({ page }) => {
    const requested: string[] = []
    page.on('request', (req) => {
      if (new URL(req.url()).origin !== new URL(baseURL()).origin) requested.push(req.url())
    })
    const scripts = trackScripts(page)
    await page.goto(`${baseURL()}/`)
    // Once the app runs and has fetched all the code it fetches by itself.
    await waitForApp(page)
    await scripts.settled()
    expect(requested).toEqual([])
    await expect(page.locator('script[src*="calendly"], iframe')).toHaveCount(0)
  })

  test('with the network off, the booking button offers the booking link, a call and the e-mail', async ({
    page,
    context,
  }) => {
    // The dialog's code, fetched once the browser is idle (offline before that, the button shows
    // the same ways to book under itself instead of a dialog).
    await homeOfflineOnceLoaded(page, context, ['BookCallDialog'])
    const open = page.getByRole('button', { name: messages.bookCall }).first()
    await open.click()
    const dialog = page.getByRole('dialog', { name: messages.bookCall })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('The scheduler needs a connection')).toBeVisible()
    await expect(
      dialog.getByRole('link', { name: /Open the booking page/ }).first(),
    ).toHaveAttribute('href', SITE_CONTENT_DEFAULTS.booking.strategyCallUrl)
    await expect(
      dialog.getByRole('link', { name: SITE_CONTENT_DEFAULTS.phone }).first(),
    ).toHaveAttribute('href', phoneHref(SITE_CONTENT_DEFAULTS))
    await expect(dialog.getByRole('link', { name: SITE_CONTENT_DEFAULTS.email })).toHaveAttribute(
      'href',
      `mailto:${SITE_CONTENT_DEFAULTS.email}`,
    )
    await screenshot(page, 'booking-offline')

    // Focus stays inside the dialog; Escape closes it and returns focus to the button.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(open).toBeFocused()
    await context.setOffline(false)
  })

  test.describe('before the service worker has the site (the first seconds of a first visit)', () => {
    test.use({ serviceWorkers: 'block' })

    test('offline, the dialog still takes a call-back request, kept on the device and sent once back', async ({
      page,
      context,
    }) => {
      // Fetched once the browser is idle: the dialog, the scheduler with its call-back form, and
      // the outbox. No worker will have them: only what the page itself fetched is there.
      await homeOfflineOnceLoaded(page, context, ['SchedulerEmbed', 'app-outbox'])
      await page.getByRole('button', { name: messages.bookCall }).first().click()
      const dialog = page.getByRole('dialog', { name: messages.bookCall })
      await expect(dialog.getByText('The scheduler needs a connection.')).toBeVisible()
      const email = uniqueEmail('dialog-call-back')
      await dialog.getByLabel('Your name').fill('Robin Sugarhouse')
      await dialog.getByLabel('Phone number').fill('(603) 555-0177')
      await dialog.getByLabel('Email (to confirm the time)').fill(email)
      await dialog.getByRole('button', { name: 'Call Me Back' }).click()
      await expect(
        dialog.getByRole('status').filter({ hasText: 'saved on this device' }),
      ).toBeVisible()

      await context.setOffline(false)
      const su = await superuser()
      await expect
        .poll(
          async () =>
            (
              await su
                .collection('contacts')
                .getFullList({ filter: su.filter('email = {:e}', { e: email }) })
            ).map((c) => c.name),
          { timeout: 20_000 },
        )
        .toEqual(['Robin Sugarhouse'])
    })

    test("a scheduler whose code could not load is tried again at the dialog's next opening", async ({
      page,
    }) => {
      await page.setViewportSize(MOBILE)
      await page.route(SCHEDULER_SCRIPT, (route) => route.abort('connectionrefused'))
      const embedCode = '**/assets/SchedulerEmbed-*.js'
      await page.route(embedCode, (route) => route.abort('internetdisconnected'))
      await page.goto(`${baseURL()}/`)
      await waitForApp(page)
      const open = page.getByRole('button', { name: messages.bookCall }).first()
      const dialog = page.getByRole('dialog', { name: messages.bookCall })
      await open.click()
      await expect(dialog.getByText('The scheduler needs a connection.')).toBeVisible()
      await expect(dialog.getByLabel('Your name')).toHaveCount(0)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      // The signal is back: the next opening fetches the code, and the scheduler has its form.
      await page.unroute(embedCode)
      await open.click()
      await expect(dialog.getByText('The scheduler could not load.')).toBeVisible()
      await expect(dialog.getByLabel('Your name')).toBeVisible()
    })
  })

  test('when the scheduler script cannot load, the dialog says so instead of failing silently', async ({
    page,
  }) => {
    await page.route(SCHEDULER_SCRIPT, (route) => route.abort('connectionrefused'))
    await page.goto(`${baseURL()}/#contact`)
    await waitForApp(page)
    await page.locator('#contact').getByRole('button', { name: messages.bookCall }).click()
    const dialog = page.getByRole('dialog', { name: messages.bookCall })
    await expect(dialog.getByText('The scheduler could not load')).toBeVisible()
    await expect(dialog.getByRole('link', { name: SITE_CONTENT_DEFAULTS.email })).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  })

  test('on request the scheduler is embedded with the booking URL in month view', async ({
    page,
  }) => {
    // Stands in for the provider's script: the test is about when and how the site calls it.
    await page.route(SCHEDULER_SCRIPT, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.Calendly = { initInlineWidget({ url, parentElement }) {
          const frame = document.createElement('iframe'); frame.title = 'Scheduler'; frame.src = 'about:blank';
          frame.dataset.url = url; parentElement.append(frame) } }`,
      }),
    )
    await page.goto(`${baseURL()}/`)
    // The prerendered button opens the dialog once the app has taken the page over: on a slow
    // machine `load` (where goto returns) comes before that.
    await waitForApp(page)
    await page.getByRole('button', { name: messages.bookCall }).first().click()
    const frame = page.getByRole('dialog').locator('iframe[title="Scheduler"]')
    await expect(frame).toBeAttached()
    const url = new URL((await frame.getAttribute('data-url'))!)
    expect(`${url.origin}${url.pathname}`).toBe(SITE_CONTENT_DEFAULTS.booking.strategyCallUrl)
    expect(url.searchParams.get('hide_gdpr_banner')).toBe('1')
    expect(url.searchParams.get('month')).toMatch(/^\d{4}-\d{2}$/)
  })

  test("/call shows the friend-call scheduler, the ol' friend line and See My Website", async ({
    page,
  }) => {
    await page.route(SCHEDULER_SCRIPT, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.Calendly = { initInlineWidget({ url, parentElement }) {
          const frame = document.createElement('iframe'); frame.title = 'Scheduler'; frame.dataset.url = url;
          parentElement.append(frame) } }`,
      }),
    )
    await page.goto(`${baseURL()}/call`)
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Call' })).toBeVisible()
    await expect(
      page.getByText(`With your ol' friend ${firstNameOf(SITE_CONTENT_DEFAULTS)}.`),
    ).toBeVisible()
    const frame = page.locator('iframe[title="Scheduler"]')
    expect(await frame.getAttribute('data-url')).toContain(
      SITE_CONTENT_DEFAULTS.booking.friendCallUrl,
    )

    await page.getByRole('link', { name: 'See My Website' }).click()
    await expect(page).toHaveURL(`${baseURL()}/`)
  })
})

test.describe('/call on a patchy connection', () => {
  test('the booking link, the phone and the e-mail are in the HTML itself, under the scheduler box', async ({
    request,
  }) => {
    const html = await (await request.get(`${baseURL()}/call`)).text()
    expect(html).toContain('Loading the scheduler...')
    expect(html).toContain(`href="${SITE_CONTENT_DEFAULTS.booking.friendCallUrl}"`)
    expect(html).toContain(`href="${phoneHref(SITE_CONTENT_DEFAULTS)}"`)
    expect(html).toContain(`href="mailto:${SITE_CONTENT_DEFAULTS.email}"`)
    expect(html).toContain('Can&#x27;t see the calendar?')
  })

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px a failed scheduler offers the booking link, a call and a call-back at the top of its box`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      // The provider's script is held until the page has been looked at, then refused.
      let refuse = () => {}
      const held = new Promise<void>((resolve) => (refuse = resolve))
      await page.route(SCHEDULER_SCRIPT, async (route) => {
        await held
        await route.abort('connectionrefused')
      })
      await page.goto(`${baseURL()}/call`)
      const box = page.locator('.call-page__scheduler')
      await expect(box.getByRole('status')).toHaveText('Loading the scheduler...')
      const direct = page.getByText("Can't see the calendar?")
      await expect(direct.getByRole('link', { name: /Open the booking page/ })).toHaveAttribute(
        'href',
        SITE_CONTENT_DEFAULTS.booking.friendCallUrl,
      )
      await expect(direct.getByRole('link', { name: SITE_CONTENT_DEFAULTS.phone })).toHaveAttribute(
        'href',
        phoneHref(SITE_CONTENT_DEFAULTS),
      )
      await expect(direct.getByRole('link', { name: SITE_CONTENT_DEFAULTS.email })).toHaveAttribute(
        'href',
        `mailto:${SITE_CONTENT_DEFAULTS.email}`,
      )
      const seeWebsite = page.getByRole('link', { name: 'See My Website' })
      const before = { direct: await direct.boundingBox(), link: await seeWebsite.boundingBox() }
      await screenshot(page, 'call-loading')

      refuse()
      await expect(box.getByText('The scheduler could not load.')).toBeVisible()
      // At once, at the top of the box and above the fold: the booking page, a tap to call and
      // the call-back form.
      const fallback = box.locator('.scheduler__fallback')
      const booking = fallback.getByRole('link', { name: /Open the booking page/ })
      await expect(booking).toHaveAttribute('href', SITE_CONTENT_DEFAULTS.booking.friendCallUrl)
      await expect(booking).toBeInViewport()
      const call = fallback.getByRole('link', { name: `Call ${SITE_CONTENT_DEFAULTS.phone}` })
      await expect(call).toHaveAttribute('href', phoneHref(SITE_CONTENT_DEFAULTS))
      await expect(call).toBeInViewport()
      await expect(fallback.getByRole('form', { name: "Or I'll call you back" })).toBeInViewport()
      await expect(fallback.getByLabel('Your name')).toBeInViewport()
      await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible()
      // The box kept its height: nothing under it moved.
      expect(await direct.boundingBox()).toEqual(before.direct)
      expect(await seeWebsite.boundingBox()).toEqual(before.link)
      await expectAccessible(page)
      await screenshot(page, 'call-failed')
    })
  }

  test('offline, a call-back request waits on the device and says so again once it has gone out', async ({
    page,
    context,
  }) => {
    await page.setViewportSize(MOBILE)
    await page.route(SCHEDULER_SCRIPT, (route) => route.abort('connectionrefused'))
    const scripts = trackScripts(page)
    await page.goto(`${baseURL()}/call`)
    const form = page.locator('.call-back')
    await expect(form.getByLabel('Your name')).toBeVisible()
    const email = uniqueEmail('call-back')
    // Started while online (the outbox's code loads as the visitor starts typing).
    await form.getByLabel('Your name').fill('Pat Farmstand')
    await scripts.loaded('app-outbox')
    await context.setOffline(true)
    // Each field's problem under it; nothing typed is lost.
    await form.getByLabel('Phone number').fill('555')
    await form.getByRole('button', { name: 'Call Me Back' }).click()
    await expect(form.getByLabel('Phone number')).toHaveAccessibleDescription(
      'Please enter the whole number, with the area code.',
    )
    await expect(form.getByLabel('Email (to confirm the time)')).toHaveAccessibleDescription(
      'Please enter your e-mail address.',
    )
    await expect(form.getByLabel('Your name')).toHaveValue('Pat Farmstand')
    await form.getByLabel('Phone number').fill('(603) 555-0199')
    await form.getByLabel('Email (to confirm the time)').fill(email)
    await form.getByLabel('A good time to call (optional)').fill('after the milking, 10am')
    await form.getByRole('button', { name: 'Call Me Back' }).click()
    await expect(form.getByRole('status')).toContainText('saved on this device')

    await context.setOffline(false)
    await expect(form.getByRole('status')).toHaveText('Call-back request sent. Talk soon!', {
      timeout: 20_000,
    })
    const su = await superuser()
    const [saved] = await su
      .collection('contacts')
      .getFullList({ filter: su.filter('email = {:e}', { e: email }) })
    expect(saved).toMatchObject({
      name: 'Pat Farmstand',
      phone: '(603) 555-0199',
      source: 'call_back',
      message: 'Please call me back. A good time: after the milking, 10am',
    })
  })

  test('Try again loads the scheduler into the same box', async ({ page }) => {
    let fail = true
    await page.route(SCHEDULER_SCRIPT, (route) =>
      fail
        ? route.abort('connectionrefused')
        : route.fulfill({
            contentType: 'text/javascript',
            body: `window.Calendly = { initInlineWidget({ url, parentElement }) {
              const frame = document.createElement('iframe'); frame.title = 'Scheduler';
              frame.src = 'about:blank'; parentElement.append(frame) } }`,
          }),
    )
    await page.goto(`${baseURL()}/call`)
    const box = page.locator('.call-page__scheduler')
    await expect(box.getByText('The scheduler could not load.')).toBeVisible()
    const seeWebsite = page.getByRole('link', { name: 'See My Website' })
    const before = await seeWebsite.boundingBox()
    fail = false
    await box.getByRole('button', { name: 'Try again' }).click()
    await expect(page.locator('iframe[title="Scheduler"]')).toBeVisible()
    await expect(box.locator('.scheduler__fallback')).toHaveCount(0)
    expect(await seeWebsite.boundingBox()).toEqual(before)
    await expect(page.getByText("Can't see the calendar?")).toBeVisible()
  })
})

test.describe('pages', () => {
  test('/contact shows the contact section', async ({ page }) => {
    await page.goto(`${baseURL()}/contact`)
    await expect(
      page.getByRole('heading', { level: 1, name: "Let's find you some time back" }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
  })

  test('/privacy and /terms say what the site stores and how to delete an account', async ({
    page,
  }) => {
    await page.goto(`${baseURL()}/privacy`)
    for (const heading of [
      'What you send me, and what the server keeps',
      'What your browser keeps on your device',
      'How I use your email address',
      'Deleting your data',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    }
    await expect(page.getByText(/Delete Account/)).toBeVisible()
    await page.goto(`${baseURL()}/terms`)
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  })

  test('the home page shows the prices, the Most Popular mark and the Efficiency Review', async ({
    page,
  }) => {
    await page.goto(`${baseURL()}/`)
    const pricing = page.locator('#pricing')
    for (const pkg of SITE_CONTENT_DEFAULTS.packages) {
      await expect(pricing.getByRole('heading', { name: pkg.name })).toBeVisible()
      await expect(pricing.getByText(pkg.price, { exact: true })).toBeVisible()
    }
    await expect(pricing.getByText('Most Popular')).toHaveCount(1)
    await expect(
      pricing.getByRole('heading', { name: '90-minute Efficiency Review' }),
    ).toBeVisible()
    await expect(
      pricing.getByText(SITE_CONTENT_DEFAULTS.efficiencyReview.price, { exact: true }),
    ).toBeVisible()
    await expect(
      page.locator('.hero').getByText(`since ${SITE_CONTENT_DEFAULTS.since}`),
    ).toBeVisible()
  })
})

test.describe('accessibility and screenshots', () => {
  for (const path of ['/', '/call', '/privacy', '/terms', '/contact']) {
    test(`axe-core finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.route(SCHEDULER_SCRIPT, (route) => route.abort('connectionrefused'))
      await page.goto(`${baseURL()}${path}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectAccessible(page)
    })
  }

  test('axe-core is also clean with the mobile menu and the booking dialog open', async ({
    page,
    context,
  }) => {
    await page.setViewportSize(MOBILE)
    await page.goto(`${baseURL()}/`)
    await waitForApp(page)
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, 'home-menu')
    await page.keyboard.press('Escape')
    // The dialog offline as a visitor meets it once the service worker controls the page: its
    // scheduler and call-back form come from the precache. (Offline before that, their code
    // cannot come at all and the dialog offers the other ways to book; axe then fetches the
    // style sheets that failed and copies them as inline styles into a document of its own,
    // which the page's CSP refuses and the guard reports.)
    await waitForControllingServiceWorker(page)
    await context.setOffline(true)
    await page.getByRole('button', { name: messages.bookCall }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectAccessible(page)
    await context.setOffline(false)
  })

  for (const [name, size] of [
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`screenshot of / on a ${name} with no layout shift`, async ({ page }) => {
      await page.setViewportSize(size)
      await page.addInitScript(() => {
        ;(window as unknown as { __cls: number }).__cls = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number
            hadRecentInput: boolean
          })[]) {
            if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto(`${baseURL()}/`)
      // The shifts that count: the app taking the page over, its fonts and first images.
      await waitForApp(page)
      await imagesLoaded(page)
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
      expect(cls).toBeLessThan(0.02)
      // Scroll once through the page so lazily loaded images are in the full-page picture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
          window.scrollTo({ top: y, behavior: 'instant' })
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        window.scrollTo({ top: 0, behavior: 'instant' })
      })
      await imagesLoaded(page, { lazy: true })
      await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeHidden()
      await screenshot(page, 'home')
    })
  }
})
