// Shared helpers for browser tests: the server's URL, superuser API access, test users,
// admin promotion through the real `npm run admin` script, axe checks and screenshots.
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'
import PocketBase from 'pocketbase'
import { E2E_SUPERUSER } from './env'
import { envFlag } from './env-flag'

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run through `npm run test:e2e`')
  return url
}

export async function superuser(): Promise<PocketBase> {
  const pb = new PocketBase(baseURL())
  pb.autoCancellation(false)
  await pb.collection('_superusers').authWithPassword(E2E_SUPERUSER.email, E2E_SUPERUSER.password)
  return pb
}

/**
 * The person of `email`, read as a superuser once there is one. An audit's person comes from the
 * audit's job, moments after the save (server/leads/audit-saved.ts); a message's, with its save.
 */
export async function personOf(email: string) {
  const su = await superuser()
  const find = () =>
    su
      .collection('people')
      .getFirstListItem(su.filter('email = {:email}', { email }))
      .catch(() => null)
  await expect.poll(find, { timeout: 30_000, message: `the person of ${email}` }).not.toBeNull()
  return (await find())!
}

/**
 * Newsletter sign-ups are answered at once and decided later, outside any request (a cron job
 * every minute): makes the waiting decisions now, as a superuser.
 */
export async function decideSignUps(): Promise<void> {
  const su = await superuser()
  const res = await fetch(`${baseURL()}/api/newsletter/signups/run`, {
    method: 'POST',
    headers: { authorization: su.authStore.token },
  })
  if (!res.ok) throw new Error(`deciding sign-ups failed: ${res.status} ${await res.text()}`)
}

export function uniqueEmail(label = 'visitor'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`
}

export const TEST_PASSWORD = 'correct-horse-42'

/** Creates a user through the API (as superuser). */
export async function createUser(opts: { verified?: boolean; label?: string } = {}) {
  const su = await superuser()
  const email = uniqueEmail(opts.label ?? 'user')
  const record = await su.collection('users').create({
    email,
    password: TEST_PASSWORD,
    passwordConfirm: TEST_PASSWORD,
    fullName: 'Casey Tester',
    verified: opts.verified ?? true,
  })
  return { id: record.id as string, email, password: TEST_PASSWORD }
}

/** Grants isAdmin with the real `npm run admin -- promote` script against the test data dir. */
export function promoteAdmin(email: string) {
  const res = spawnSync(process.execPath, ['scripts/admin.mjs', 'promote', email], {
    env: { ...process.env, PB_DATA: process.env.E2E_PB_DATA },
    encoding: 'utf8',
  })
  if (res.status !== 0) throw new Error(`promote failed: ${res.stdout}${res.stderr}`)
}

/**
 * No serious or critical axe-core violation on the current page. `exclude`: selectors axe skips
 * (a sandboxed frame without scripts, which axe cannot enter, e.g. the newsletter's preview).
 *
 * Axe reports its violations only, and on a page with no frame it runs in the page itself (the
 * builder's legacy mode). By default the builder opens a blank page for every check, to put
 * together what axe found in each frame: half of each check's 1.3 s here. A page with a frame
 * (the booking dialog's scheduler, the newsletter's preview) is checked the default way.
 */
export async function expectAccessible(page: Page, exclude: string[] = []) {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ['violations'] })
  for (const selector of exclude) builder.exclude(selector)
  const results = await builder.analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

const SCREENSHOT_DIR = join(process.cwd(), 'tests/e2e/screenshots')

/**
 * Screenshots are for a person to look at, and only taken with E2E_SCREENSHOTS=1: the tests check
 * nothing in them, and the 90 or so of a whole run (most of them whole pages, a second or more of
 * a busy two-core machine each) cost CI minutes.
 */
const SCREENSHOTS = envFlag('E2E_SCREENSHOTS')

/**
 * With E2E_SCREENSHOTS=1, writes tests/e2e/screenshots/<name>-<w>x<h>.png (kept out of git): the
 * whole page, or with `fullPage: false` what the window shows (fixed parts included).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const size = page.viewportSize()
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-${size?.width}x${size?.height}.png`),
    fullPage,
  })
}

/**
 * Part `part` (from 0) of `parts` of a long drill's list: every `parts`-th item, so the parts are
 * as even as they can be and each item is in exactly one of them.
 */
export function shareOf<T>(items: readonly T[], part: number, parts: number): T[] {
  return items.filter((_, i) => i % parts === part)
}

/**
 * For a spec of what the site, the console and the server do online (`test.use(...)`): no service
 * worker. Installing it precaches the whole build, about 3 s of CPU per new context on two cores,
 * and changes where a page's files come from, not what an online page does; the offline and PWA
 * specs (and the others, which keep it) test it.
 */
export const ONLINE_ONLY = { serviceWorkers: 'block' } as const

export const MOBILE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

/**
 * Waits until the app has taken over the prerendered page (hydrated): before that its buttons do
 * nothing, so a test that then cuts the network would only test the network's timing.
 */
export async function waitForApp(page: Page) {
  await expect
    .poll(() =>
      page
        .getByRole('contentinfo')
        .locator('form')
        .evaluate((form) => (form as HTMLFormElement & { appReady?: boolean }).appReady === true),
    )
    .toBe(true)
}

/**
 * Waits until React owns `target` (e.g. a page's heading): hydrated, or rendered by the app. A
 * page's own code comes lazily, after the app that waitForApp waits for; React marks each element
 * it has taken over (its `__reactFiber$` key).
 */
export async function waitForHydrated(target: Locator) {
  await expect
    .poll(() =>
      target.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
      ),
    )
    .toBe(true)
}

/** Signs `page` in as `email` before its first load (the SDK's session in localStorage). */
export async function signInAs(page: Page, email: string, password = TEST_PASSWORD) {
  const pb = new PocketBase(baseURL())
  await pb.collection('users').authWithPassword(email, password)
  const session = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record })
  await page.addInitScript((value) => {
    if (!localStorage.getItem('pocketbase_auth')) localStorage.setItem('pocketbase_auth', value)
  }, session)
}
