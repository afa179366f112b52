// Accounts and the dashboard in Chromium against the real server: sign-up with `next`, sign
// out, sign in, an audit in My Audits, the .txt download, the dashboard offline from its cache,
// account deletion, and axe-core on /login, /signup and /dashboard.
import { readFile } from 'node:fs/promises'
import { expect, test } from './support/csp-guard'
import type { Page } from '@playwright/test'
import PocketBase from 'pocketbase'
import { messages } from '../../src/config/messages'
import {
  baseURL,
  createUser,
  decideSignUps,
  DESKTOP,
  expectAccessible,
  MOBILE,
  screenshot,
  superuser,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/helpers'

const ANSWERS = {
  primary_goal: { value: 'increase_leads', score: 10 },
  lead_generation: { value: 'word_of_mouth', score: 5 },
  lead_tracking: { value: 'spreadsheets', score: 5 },
}

/** Signs in through the login form and waits for the dashboard. */
async function signInThroughForm(page: Page, email: string, password = TEST_PASSWORD) {
  await page.goto(`${baseURL()}/login`)
  await main(page).getByLabel('Email', { exact: true }).fill(email)
  await main(page).getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** The user's own SDK session in Node: creates a member audit the way the audit UI will. */
async function createMemberAuditAs(email: string, password = TEST_PASSWORD): Promise<string> {
  const pb = new PocketBase(baseURL())
  await pb.collection('users').authWithPassword(email, password)
  const audit = await pb.collection('audits').create({
    flow: 'member',
    email,
    user: pb.authStore.record!.id,
    answers: ANSWERS,
    completedAt: new Date().toISOString(),
  })
  return audit.id
}

async function createFreeAudit(email: string): Promise<string> {
  const audit = await new PocketBase(baseURL()).collection('audits').create({
    flow: 'free',
    email,
    answers: ANSWERS,
    completedAt: new Date().toISOString(),
  })
  return audit.id
}

/** The page's own content: the footer has a newsletter e-mail field too. */
const main = (page: Page) => page.getByRole('main')

/** What this browser keeps: the user's dashboard cache row, outbox size, saved session. */
async function localTraces(page: Page, userId: string) {
  return page.evaluate(async (id) => {
    const open = indexedDB.open('north-country-offline')
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const ask = <T>(store: string, read: (s: IDBObjectStore) => IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        const req = read(db.transaction(store).objectStore(store))
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
    const cached = await ask('cache', (s) => s.get(id))
    const outbox = await ask('outbox', (s) => s.count())
    db.close()
    return { cached: cached ?? null, outbox, session: localStorage.getItem('pocketbase_auth') }
  }, userId)
}

async function openMyAudits(page: Page) {
  await page.getByRole('tab', { name: 'My Audits' }).click()
  await expect(page.getByRole('heading', { name: 'My Audits' })).toBeVisible()
}

test.describe('sign-up and sign-in', () => {
  test('sign up with next, sign out, sign in again', async ({ page }) => {
    const email = uniqueEmail('signup')
    await page.goto(`${baseURL()}/signup?next=${encodeURIComponent('/dashboard?tab=settings')}`)
    await main(page).getByLabel('Full name').fill('Morgan Maple')
    await main(page).getByLabel('Email', { exact: true }).fill(email)
    await main(page).getByLabel('Password', { exact: true }).fill('short12')
    const password = main(page).getByLabel('Password', { exact: true })
    const terms = main(page).getByLabel(/I agree to the Terms/)
    // A too-short password is flagged under its field as the visitor leaves it, before any send.
    await main(page).getByLabel('Confirm Password').focus()
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(password).toHaveAccessibleDescription(
      /At least 8 characters\. Password must be at least 8 characters long\./,
    )
    await expect(terms).not.toHaveAttribute('aria-invalid', 'true')
    await main(page).getByLabel('Confirm Password').fill('short12')

    // Sent: every problem at once, each under its field, focus on the first; nothing typed goes.
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(terms).toHaveAccessibleDescription(
      'You must agree to the Terms and Privacy Policy to continue.',
    )
    await expect(password).toBeFocused()
    await expect(main(page).getByLabel('Full name')).toHaveValue('Morgan Maple')
    await expect(main(page).getByLabel('Email', { exact: true })).toHaveValue(email)
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expectAccessible(page)

    await terms.check()
    await password.fill(TEST_PASSWORD)
    await main(page).getByLabel('Confirm Password').fill(`${TEST_PASSWORD}x`)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(main(page).getByLabel('Confirm Password')).toHaveAccessibleDescription(
      'Passwords do not match.',
    )
    await expect(page).toHaveURL(/\/signup\?next=/)

    await main(page).getByLabel('Confirm Password').fill(TEST_PASSWORD)
    await main(page)
      .getByLabel(/business growth tips/)
      .check()
    await page.getByRole('button', { name: 'Create Account' }).click()

    // `next` is honoured, and the session is live (settings show the new e-mail).
    await expect(page).toHaveURL(/\/dashboard\?tab=settings$/)
    await expect(main(page).getByText(`You sign in with ${email}.`)).toBeVisible()
    await expect(page.getByText('Your email is not verified yet.', { exact: false })).toBeVisible()

    const su = await superuser()
    const user = await su
      .collection('users')
      .getFirstListItem(su.filter('email = {:email}', { email }))
    expect(user).toMatchObject({
      fullName: 'Morgan Maple',
      newsletterConsent: true,
      isAdmin: false,
      verified: false,
    })
    expect(user.agreedToTermsAt).not.toBe('')
    await expect
      .poll(
        async () => {
          // The sign-up form's newsletter choice is a sign-up decided after its answer; it goes
          // through the outbox (loaded after the sign-up) while the dashboard opens.
          await decideSignUps()
          const rows = await su
            .collection('newsletter_subscriptions')
            .getFullList({ filter: su.filter('email = {:email}', { email }) })
          return rows.map((s) => s.source)
        },
        { timeout: 30_000 },
      )
      .toEqual(['signup'])

    // Sign out from the nav: the session and this user's cache go; the dashboard asks to sign
    // in again, with `next`.
    await expect.poll(async () => (await localTraces(page, user.id)).cached).not.toBeNull()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect
      .poll(() => localTraces(page, user.id))
      .toMatchObject({ cached: null, session: null })
    await page.goto(`${baseURL()}/dashboard`)
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)

    await main(page).getByLabel('Email', { exact: true }).fill(email)
    await main(page).getByLabel('Password', { exact: true }).fill('wrong-password-1')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.')
    await main(page).getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Morgan!' })).toBeVisible()
  })

  test('a taken e-mail gets a message that does not confirm the account exists', async ({
    page,
  }) => {
    const existing = await createUser({ label: 'taken' })
    await page.goto(`${baseURL()}/signup`)
    await main(page).getByLabel('Full name').fill('Someone Else')
    await main(page).getByLabel('Email', { exact: true }).fill(existing.email)
    // Someone else trying the address, with their own password.
    await main(page).getByLabel('Password', { exact: true }).fill('someone-elses-pw')
    await main(page).getByLabel('Confirm Password').fill('someone-elses-pw')
    await main(page)
      .getByLabel(/I agree to the Terms/)
      .check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      "We couldn't create an account with these details. If you already have an account, sign in or reset your password.",
    )
    await expect(page).toHaveURL(/\/signup$/)
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible() // not signed in
    const su = await superuser()
    const account = await su.collection('users').getOne(existing.id)
    expect(account.fullName).toBe('Casey Tester') // the existing account is untouched
  })

  test('forgot password answers the same for a registered and an unknown e-mail', async ({
    page,
  }) => {
    const user = await createUser({ label: 'reset' })
    await page.goto(`${baseURL()}/login`)
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    const answers: string[] = []
    for (const email of [user.email, uniqueEmail('nobody')]) {
      await main(page).getByLabel('Email for the reset link').fill(email)
      await page.getByRole('button', { name: 'Send Reset Link' }).click()
      const status = page.getByText('If an account exists for that email')
      await expect(status).toBeVisible()
      answers.push(await status.innerText())
    }
    expect(answers[0]).toBe(answers[1])
  })

  test('the sign-up link keeps `next`, and offline both pages point to the free audit', async ({
    page,
    context,
  }) => {
    await page.goto(`${baseURL()}/login?next=${encodeURIComponent('/digital-audit')}`)
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fdigital-audit',
    )

    for (const path of ['/login', '/signup']) {
      await page.goto(`${baseURL()}${path}`)
      await expect(page.getByText('Signing in needs an internet connection.')).toBeHidden()
      await context.setOffline(true)
      await expect(page.getByText('Signing in needs an internet connection.')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Take the Free Audit' })).toHaveAttribute(
        'href',
        '/free-audit',
      )
      await context.setOffline(false)
      await expect(page.getByText('Signing in needs an internet connection.')).toBeHidden()
    }
  })
})

test.describe('the dashboard', () => {
  test("shows exactly the user's audits, opens details, downloads the .txt and deletes an audit", async ({
    page,
  }) => {
    const user = await createUser({ verified: true, label: 'dash' })
    const other = await createUser({ verified: true, label: 'other' })
    await createMemberAuditAs(user.email)
    await createFreeAudit(user.email)
    await createMemberAuditAs(other.email)
    await createFreeAudit(other.email)

    await signInThroughForm(page, user.email)
    await expect(page.getByRole('heading', { name: 'Welcome, Casey!' })).toBeVisible()
    await expect(page.getByText('Total audits').locator('..')).toContainText('2')
    await openMyAudits(page)

    const cards = page.locator('.audit-card')
    await expect(cards).toHaveCount(2)
    // Newest first; numbered oldest-first.
    // One name for the audit, however it was taken; how is said in plain words.
    await expect(cards.nth(0).getByRole('heading')).toHaveText(
      /Ref #0002\s*Business Efficiency Audit/,
    )
    await expect(cards.nth(0)).toContainText('Taken as the free audit')
    await expect(cards.nth(1).getByRole('heading')).toHaveText(
      /Ref #0001\s*Business Efficiency Audit/,
    )
    await expect(cards.nth(1)).toContainText('Taken in your dashboard')
    await expect(page.getByRole('link', { name: 'Take the Audit Again' })).toHaveAttribute(
      'href',
      '/digital-audit',
    )
    await expect(cards.nth(1)).toContainText('Business Goals & Lead Generation')
    await expect(cards.nth(1)).toContainText('Overall score')

    const memberCard = cards.nth(1)
    await memberCard.getByRole('button', { name: /View details/ }).click()
    await memberCard.getByText('Recommendations', { exact: true }).click()
    await expect(memberCard.getByText('Top 3 Recommendations')).toBeVisible()
    // The next step on each report, and the short reference to quote; no record internals.
    await expect(memberCard.getByRole('button', { name: messages.bookCall })).toBeVisible()
    await expect(memberCard.getByText('Audit reference')).toBeVisible()
    await expect(memberCard.locator('pre')).toHaveCount(0)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      memberCard.getByRole('button', { name: 'Download as .txt' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^efficiency-audit-\d{4}-\d{2}-\d{2}\.txt$/)
    const text = await readFile(await download.path(), 'utf8')
    expect(text).toContain('Ref #0001 - Taken in your dashboard')
    expect(text).toContain(`E-mail: ${user.email}`)
    expect(text).toMatch(/Overall score: \d+%/)

    // Only the user's own member audit can be deleted, and it asks first.
    await expect(cards.nth(0).getByRole('button', { name: /^Delete/ })).toHaveCount(0)
    await memberCard.getByRole('button', { name: /^Delete/ }).click()
    await memberCard.getByRole('button', { name: 'Keep It' }).click()
    await expect(cards).toHaveCount(2)
    await memberCard.getByRole('button', { name: /^Delete/ }).click()
    await memberCard.getByRole('button', { name: 'Delete Audit' }).click()
    await expect(cards).toHaveCount(1)
    await expect(cards.nth(0)).toContainText('Taken as the free audit')
  })

  test('an audit made in the signed-in flow appears in My Audits, and the dashboard works offline from its cache', async ({
    page,
    context,
  }) => {
    const user = await createUser({ label: 'offline' })
    await signInThroughForm(page, user.email)
    await openMyAudits(page)
    await expect(page.getByText('No audits yet.')).toBeVisible()

    // The signed-in audit UI is another issue: create the member audit with the user's own
    // session through the API (the server fills in and scores the answers), then refresh.
    await createMemberAuditAs(user.email)
    await page.reload()
    await openMyAudits(page)
    await expect(page.locator('.audit-card')).toHaveCount(1)
    await expect(page.locator('.audit-card').getByRole('heading')).toHaveText(
      /Ref #0001\s*Business Efficiency/,
    )
    await expect(page.getByText(/^Last updated /)).toBeVisible()

    // Offline: leave the dashboard and come back inside the SPA; the cache still has the audit.
    // (The service worker finishes installing first: cut off mid-install, it never activates,
    // and the full reload offline below would have nothing to serve it.)
    await page.evaluate(() => navigator.serviceWorker.ready)
    await context.setOffline(true)
    // The home page is in the main bundle; other pages' chunks may not be loaded yet.
    await page.getByRole('link', { name: 'About' }).first().click()
    await expect(page).toHaveURL(/\/#about$/)
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await openMyAudits(page)
    await expect(
      page.getByText(/You're offline\. Showing your audits as last updated /),
    ).toBeVisible()
    await expect(page.locator('.audit-card')).toHaveCount(1)
    await expect(page.locator('.audit-card')).toContainText('Ref #0001')

    // A full reload offline too, once the service worker controls the page (it precaches the
    // app shell and every route's chunk).
    await context.setOffline(false)
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true)
    await context.setOffline(true)
    await page.reload()
    await openMyAudits(page)
    await expect(
      page.getByText(/You're offline\. Showing your audits as last updated /),
    ).toBeVisible()
    await expect(page.locator('.audit-card')).toHaveCount(1)
    await expect(page.getByRole('heading', { name: /Ref #0001/ })).toBeVisible()
    await page.setViewportSize(MOBILE)
    await screenshot(page, 'dashboard-offline')
    await context.setOffline(false)
  })

  test('an audit still waiting in the outbox is listed as waiting, then as saved once sent', async ({
    page,
    context,
  }) => {
    const user = await createUser({ label: 'waiting' })
    await signInThroughForm(page, user.email)
    await openMyAudits(page)
    await expect(page.getByText('No audits yet.')).toBeVisible()

    // Offline, a member audit lands in the outbox (as the signed-in audit UI will queue it;
    // that UI is another issue, so the item is written straight into IndexedDB here).
    await context.setOffline(true)
    const auditId = 'w' + Math.random().toString(36).slice(2, 16).padEnd(14, '0')
    await page.evaluate(
      async ({ id, email, userId, answers }) => {
        const open = indexedDB.open('north-country-offline')
        const db: IDBDatabase = await new Promise((resolve, reject) => {
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(open.error)
        })
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('outbox', 'readwrite')
          tx.objectStore('outbox').add({
            id,
            collection: 'audits',
            payload: {
              flow: 'member',
              email,
              user: userId,
              answers,
              otherTexts: {},
              completedAt: new Date().toISOString(),
            },
            ownerId: userId,
            status: 'queued',
            attempts: 0,
            nextAttemptAt: 0,
            createdAt: Date.now(),
            seq: 1,
          })
          tx.oncomplete = () => resolve()
          tx.onerror = () => reject(tx.error)
        })
        db.close()
      },
      { id: auditId, email: user.email, userId: user.id, answers: ANSWERS },
    )
    await page.getByRole('link', { name: 'About' }).first().click()
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await openMyAudits(page)
    const card = page.locator('.audit-card')
    await expect(card).toHaveCount(1)
    await expect(card.getByRole('heading')).toHaveText(/Ref #0001\s*Business Efficiency/)
    await expect(card.getByText('Waiting to be sent')).toBeVisible()
    await expect(card).toContainText('Overall score') // scored on the device meanwhile

    // Back online the outbox sends it; the same audit is now the server's, listed once.
    await context.setOffline(false)
    await expect(card.getByText('Waiting to be sent')).toBeHidden({ timeout: 20_000 })
    await expect(card).toHaveCount(1)
    const su = await superuser()
    await expect(su.collection('audits').getOne(auditId)).resolves.toMatchObject({
      user: user.id,
      flow: 'member',
    })
  })

  test('deleting the account: cancel, wrong password, then gone for good', async ({ page }) => {
    const user = await createUser({ verified: true, label: 'leaver' })
    const auditId = await createMemberAuditAs(user.email)
    const freeId = await createFreeAudit(user.email)
    await signInThroughForm(page, user.email)
    await openMyAudits(page)
    await expect(page.locator('.audit-card')).toHaveCount(2)
    await page.getByRole('tab', { name: 'Settings' }).click()

    const confirmText =
      'Are you sure you want to delete your account? This will permanently delete all your data including audit history. This action cannot be undone.'
    const dialog = page.getByRole('dialog', { name: 'Delete Account' })

    // An empty password cancels.
    await page.getByRole('button', { name: 'Delete Account', exact: true }).click()
    await expect(dialog.getByText(confirmText)).toBeVisible()
    await dialog.getByRole('button', { name: 'Yes, Delete My Account' }).click()
    await dialog.getByRole('button', { name: 'Delete Account Permanently' }).click()
    await expect(page.getByText('Account deletion cancelled.', { exact: true })).toBeVisible()

    // A wrong password deletes nothing.
    await page.getByRole('button', { name: 'Delete Account', exact: true }).click()
    await dialog.getByRole('button', { name: 'Yes, Delete My Account' }).click()
    await dialog.getByLabel('Enter your current password to confirm').fill('not-the-password')
    await dialog.getByRole('button', { name: 'Delete Account Permanently' }).click()
    await expect(page.getByText('Incorrect password. Account deletion cancelled.')).toBeVisible()
    const su = await superuser()
    await expect(su.collection('users').getOne(user.id)).resolves.toBeTruthy()

    // The right password: everything goes, and the home page says so.
    await page.getByRole('button', { name: 'Delete Account', exact: true }).click()
    await dialog.getByRole('button', { name: 'Yes, Delete My Account' }).click()
    await dialog.getByLabel('Enter your current password to confirm').fill(TEST_PASSWORD)
    await dialog.getByRole('button', { name: 'Delete Account Permanently' }).click()
    await expect(page).toHaveURL(`${baseURL()}/`)
    await expect(
      page.getByText('Account and all data have been permanently deleted.'),
    ).toBeVisible()
    await screenshot(page, 'home-account-deleted')
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()

    for (const id of [auditId, freeId]) {
      await expect(su.collection('audits').getOne(id)).rejects.toMatchObject({ status: 404 })
    }
    await expect(su.collection('users').getOne(user.id)).rejects.toMatchObject({ status: 404 })

    // Nothing of the user is left in this browser.
    const local = await localTraces(page, user.id)
    expect(local.cached).toBeNull()
    expect(local.outbox).toBe(0)
    expect(local.session ?? '').not.toContain(user.id)

    // And the account no longer signs in.
    await page.goto(`${baseURL()}/login`)
    await main(page).getByLabel('Email', { exact: true }).fill(user.email)
    await main(page).getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.')
  })
})

test.describe('accessibility and layout', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`login, signup and dashboard at ${viewport.width}px pass axe-core`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto(`${baseURL()}/login`)
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
      await page.getByRole('button', { name: 'Forgot password?' }).click()
      await expectAccessible(page)
      await screenshot(page, 'login')

      await page.goto(`${baseURL()}/signup`)
      await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
      await page.getByRole('button', { name: 'Create Account' }).click() // every field's problem shown
      await expectAccessible(page)
      await screenshot(page, 'signup')

      const user = await createUser({ verified: false, label: `axe${viewport.width}` })
      await createMemberAuditAs(user.email)
      await signInThroughForm(page, user.email)
      await expectAccessible(page)
      await screenshot(page, 'dashboard-overview')
      await openMyAudits(page)
      await page
        .locator('.audit-card')
        .first()
        .getByRole('button', { name: /View details/ })
        .click()
      await expectAccessible(page)
      await screenshot(page, 'dashboard-audits')
      await page.getByRole('tab', { name: 'Settings' }).click()
      await expectAccessible(page)
      await screenshot(page, 'dashboard-settings')
      await page.getByRole('button', { name: 'Delete Account', exact: true }).click()
      await page.getByRole('button', { name: 'Yes, Delete My Account' }).click()
      await expectAccessible(page)
      await screenshot(page, 'dashboard-delete-dialog')
    })
  }
})
