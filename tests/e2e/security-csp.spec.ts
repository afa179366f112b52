// The app under its Content-Security-Policy, in Chromium against `npm start`: every
// route renders with no CSP violation, the service worker and the scheduler embed still work, the
// PocketBase dashboard still works, and the policy really refuses what it should.
import { test as plain } from '@playwright/test'
import { E2E_SUPERUSER } from './support/env'
import { baseURL } from './support/helpers'
import { expect, recordCspViolations, test } from './support/csp-guard'

const ROUTES = [
  '/',
  '/free-audit',
  '/digital-audit',
  '/digital-strategy-audit',
  '/login',
  '/signup',
  '/call',
  '/contact',
  '/privacy',
  '/terms',
  '/dashboard',
  '/audit-admin',
]

test.describe('the site with its CSP on', () => {
  test('every route is served with the policy and renders without a violation', async ({
    page,
  }) => {
    // The scheduler on /call: the test machine has no internet, so a stand-in answers.
    await page.route('https://assets.calendly.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.Calendly = { initInlineWidget() {} }',
      }),
    )
    for (const path of ROUTES) {
      const response = await page.goto(`${baseURL()}${path}`)
      expect(response?.headers()['content-security-policy'], path).toContain("default-src 'self'")
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible()
    }
  })

  test('the service worker installs and controls the page', async ({ page }) => {
    await page.goto(`${baseURL()}/`)
    await expect
      .poll(
        () => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)),
        {
          timeout: 20_000,
        },
      )
      .toBe(true)
    await page.reload()
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  })

  test("the scheduler's script and booking frame are allowed", async ({ page }) => {
    // Stand-ins for the provider (no internet here): its widget frames its booking page.
    await page.route('https://assets.calendly.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.Calendly = { initInlineWidget({ url, parentElement }) {
          const frame = document.createElement('iframe'); frame.title = 'Scheduler'; frame.src = url;
          parentElement.append(frame) } }`,
      }),
    )
    await page.route('https://calendly.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Booking</title><p>Pick a time</p>',
      }),
    )
    await page.goto(`${baseURL()}/call`)
    const frame = page.frameLocator('iframe[title="Scheduler"]')
    await expect(frame.getByText('Pick a time')).toBeVisible()
  })
})

test.describe('the PocketBase dashboard at /_/', () => {
  test('still loads and signs a superuser in', async ({ page }) => {
    await page.goto(`${baseURL()}/_/`)
    await expect(page.getByRole('heading', { name: 'Superuser login' })).toBeVisible()
    await page.getByRole('textbox', { name: /Email/ }).fill(E2E_SUPERUSER.email)
    await page.getByRole('textbox', { name: /Password/ }).fill(E2E_SUPERUSER.password)
    await page.getByRole('button', { name: 'Login' }).click()
    // The collections sidebar lists the app's collections once signed in.
    await expect(page.getByText('audits', { exact: true }).first()).toBeVisible({ timeout: 20_000 })
  })
})

// The guard itself must see violations, or a green run would prove nothing.
plain.describe('the policy refuses', () => {
  plain(
    'inline script, eval, a foreign script and a foreign frame - and the guard sees each',
    async ({ context }) => {
      const violations = await recordCspViolations(context)
      const page = await context.newPage()
      // A same-origin script (allowed) that tries eval, and a foreign one (refused).
      await page.route(`${baseURL()}/csp-probe.js`, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: "try { window.__evalRan = eval('true') } catch (e) { window.__evalRan = false }; window.__probeRan = true",
        }),
      )
      await page.route('https://evil.example/**', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'window.__foreignRan = true' }),
      )
      await page.goto(`${baseURL()}/privacy`)
      await page.evaluate(() => {
        const add = (element: HTMLElement) => document.body.append(element)
        const inline = document.createElement('script')
        inline.textContent = 'window.__inlineRan = true'
        add(inline)
        const probe = document.createElement('script')
        probe.src = '/csp-probe.js'
        add(probe)
        const foreign = document.createElement('script')
        foreign.src = 'https://evil.example/x.js'
        add(foreign)
        const frame = document.createElement('iframe')
        frame.src = 'https://evil.example/frame'
        add(frame)
      })
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __probeRan?: boolean }).__probeRan))
        .toBe(true)
      const ran = await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>
        return {
          inline: w.__inlineRan === true,
          eval: w.__evalRan === true,
          foreign: w.__foreignRan === true,
        }
      })
      expect(ran).toEqual({ inline: false, eval: false, foreign: false })
      await expect
        .poll(() =>
          violations
            .filter((v) => v.via === 'event')
            .map((v) => v.detail.split(' ')[0])
            .sort(),
        )
        .toEqual(['frame-src', 'script-src', 'script-src-elem', 'script-src-elem'])
      // Chromium also logs each refused load (not the caught eval) to the console.
      const logged = violations.filter((v) => v.via === 'console').map((v) => v.detail)
      expect(logged).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Executing inline script violates/),
          expect.stringMatching(/^Loading the script 'https:\/\/evil\.example\/x\.js' violates/),
          expect.stringMatching(/^Framing 'https:\/\/evil\.example\/' violates/),
        ]),
      )
    },
  )
})
