// Account e-mails end to end: a real SMTP receiver gets PocketBase's verification, reset and
// e-mail-change mails, and Chromium follows their links to the site's own pages. A free audit
// made with an address shows on the dashboard once that address is verified - without a reload,
// even when the link is opened on another device. Expired and reused links get their page.
import { expect, test } from './support/csp-guard'
import type { Browser, Page } from '@playwright/test'
import PocketBase from 'pocketbase'
import { paths } from '../../src/config/paths'
import { lastSection, next, question, readReport, sectionHeading } from './audit-support'
import {
  baseURL,
  createUser,
  DESKTOP,
  expectAccessible,
  MOBILE,
  screenshot,
  superuser,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/helpers'
import { countMails, linkTo, waitForMail } from './support/mailbox'

const VERIFY = /^Verify your e-mail/
const RESET = /^Reset your .* password$/
const CHANGE = /^Confirm your new e-mail/
const NEW_PASSWORD = 'spruce-and-granite-77'

const main = (page: Page) => page.getByRole('main')

/** The page at each width from the smallest phone to a wide desktop: no sideways scrolling. */
async function checkWidths(page: Page, name: string) {
  for (const width of [320, MOBILE.width, DESKTOP.width, 1920]) {
    await page.setViewportSize({ width, height: width < 720 ? 800 : 900 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0)
    await screenshot(page, name)
  }
  await page.setViewportSize(MOBILE)
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${baseURL()}${paths.login}`)
  await main(page).getByLabel('Email', { exact: true }).fill(email)
  await main(page).getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** Opens `url` in a browser context of its own: the link opened on another device. */
async function onAnotherDevice<T>(browser: Browser, url: string, run: (page: Page) => Promise<T>) {
  const context = await browser.newContext({ viewport: MOBILE })
  try {
    const page = await context.newPage()
    await page.goto(url)
    return await run(page)
  } finally {
    await context.close()
  }
}

test.describe('account e-mails', () => {
  test.use({ viewport: MOBILE })

  test('free audit with E, sign up with E, verify from the mail: the dashboard lists the audit without a reload', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('verify')

    // A free audit with e-mail E, then the report's invitation to a dashboard.
    await page.goto(`${baseURL()}${paths.freeAudit}`)
    await page.getByRole('button', { name: 'Start the Free Audit' }).click()
    await expect(sectionHeading(page, 0)).toBeVisible()
    for (let section = 1; section <= lastSection; section++) await next(page, section)
    const last = question('technology_integration')
    await page
      .getByRole('group', { name: last.text })
      .getByText(last.options[0].label, { exact: true })
      .click()
    await page.getByRole('button', { name: 'Get My Report' }).click()
    const teaser = page.locator('form.audit-teaser__form')
    await teaser.getByLabel('Email').fill(email)
    await teaser.getByRole('button', { name: 'Get My Results' }).click()
    await expect(page.getByText('Your results have been sent to your email!')).toBeVisible()
    const { auditId } = await readReport(page)
    await page.getByRole('button', { name: 'Set Up My Free Dashboard' }).click()
    await page.getByRole('link', { name: 'Create Free Dashboard' }).click()

    // Sign up with E: the verification mail is sent at once.
    await expect(page).toHaveURL(/\/signup$/)
    await main(page).getByLabel('Full name').fill('Robin Birch')
    await main(page).getByLabel('Email', { exact: true }).fill(email)
    await main(page).getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
    await main(page).getByLabel('Confirm Password').fill(TEST_PASSWORD)
    await main(page)
      .getByLabel(/I agree to the Terms/)
      .check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    const mail = await waitForMail(email, VERIFY)

    // The dashboard explains why the free audit is missing, and offers a new mail.
    const notice = page.getByRole('region', { name: 'Verify your email' })
    await expect(notice).toContainText(`We sent a link to ${email}`)
    await expect(page.getByText('Total audits')).toBeVisible()
    await expect(page.locator('.dashboard-stat dd').first()).toHaveText('0')
    await expectAccessible(page)
    await screenshot(page, 'dashboard-verify-notice')
    // PocketBase sends one verification mail per 2 minutes: the answer says so.
    await notice.getByRole('button', { name: 'Resend Verification Email' }).click()
    await expect(notice.getByRole('status')).toHaveText(
      'Verification email sent. Please check your inbox. (One goes out at most every 2 minutes: if one came just now, use that.)',
    )

    // The link, opened on another device: done, and the next step is to sign in there.
    const link = linkTo(mail, paths.verifyEmail)
    expect(link.startsWith(`${baseURL()}/verify-email/`)).toBe(true)
    expect(mail.html).not.toContain('/_/')
    await onAnotherDevice(browser, link, async (phone) => {
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Your Email Is Verified')
      await expect(phone.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
        'href',
        `${paths.login}?next=${encodeURIComponent(paths.dashboard)}`,
      )
      await expectAccessible(phone)
      await checkWidths(phone, 'verify-email-done')
    })

    // Back on the dashboard, no reload: the notice turns into a confirmation and the free
    // audit is listed.
    await expect(
      page.getByText(`Your email is verified. Free audits you took with ${email}`),
    ).toBeVisible()
    await expect(page.locator('.dashboard-stat dd').first()).toHaveText('1')
    await page.getByRole('tab', { name: 'My Audits' }).click()
    await expect(page.locator('.audit-list > li')).toHaveCount(1)
    const su = await superuser()
    expect((await su.collection('audits').getOne(auditId)).email).toBe(email)
    await expect(page.getByText('appear here once your email is verified')).toBeHidden()
  })

  test('a verification link that expired (or is not a token) says so and offers a new one', async ({
    page,
  }) => {
    const user = await createUser({ verified: false, label: 'expired-verify' })
    // A token that expired in 1970 (the server refuses it as it refuses any expired one).
    const expired = [
      { alg: 'HS256', typ: 'JWT' },
      { exp: 1, type: 'verification' },
    ]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.')
    const broken = `${baseURL()}${paths.verifyEmail}/${expired}.c2lnbmF0dXJl`

    // The connection drops as the page asks the server: said so, with a way to try again.
    const confirmUrl = '**/api/collections/users/confirm-verification'
    await page.route(confirmUrl, (route) => route.abort('internetdisconnected'))
    await page.goto(broken)
    await expect(page.getByRole('alert')).toHaveText(
      'Your email could not be verified yet. You appear to be offline. Please check your connection and try again.',
    )
    await expectAccessible(page)
    await page.unroute(confirmUrl)
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This Link Has Expired')
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    await expect(main(page).getByRole('link', { name: 'Sign In' })).toBeVisible()
    await expectAccessible(page)
    await checkWidths(page, 'verify-email-expired')

    // Signed in, the page itself sends a new link.
    await signIn(page, user.email, user.password)
    await page.goto(broken)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This Link Has Expired')
    await main(page).getByRole('button', { name: 'Send a New Link' }).click()
    await expect(main(page).getByRole('status').last()).toContainText(
      'Verification email sent. Please check your inbox.',
    )
    const mail = await waitForMail(user.email, VERIFY)
    expect(linkTo(mail, paths.verifyEmail)).not.toBe(broken)
  })

  test("reset through the mail's link, sign in with the new password; the used link says so", async ({
    page,
    context,
  }) => {
    const user = await createUser({ label: 'reset' })
    await page.goto(`${baseURL()}${paths.login}`)
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await page.getByLabel('Email for the reset link').fill(user.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText('If an account exists for that email')).toBeVisible()
    const mail = await waitForMail(user.email, RESET)
    expect(mail.html).not.toContain('/_/')
    const link = linkTo(mail, paths.resetPassword)

    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a New Password')
    await expectAccessible(page)
    await checkWidths(page, 'reset-password-form')
    const password = main(page).getByLabel('New password', { exact: true })
    const confirm = main(page).getByLabel('Confirm new password')
    const submit = page.getByRole('button', { name: 'Set New Password' })

    // The sign-up rules, said next to the fields.
    await password.fill('short')
    await confirm.fill('short')
    await submit.click()
    await expect(password).toHaveAccessibleDescription(
      'At least 8 characters. Password must be at least 8 characters long.',
    )
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await password.fill(NEW_PASSWORD)
    await confirm.fill(`${NEW_PASSWORD}x`)
    await submit.click()
    await expect(confirm).toHaveAccessibleDescription('Passwords do not match.')

    // Offline: said so, and nothing typed is lost.
    await confirm.fill(NEW_PASSWORD)
    await context.setOffline(true)
    await submit.click()
    await expect(page.getByRole('alert')).toContainText('You appear to be offline.')
    await expect(password).toHaveValue(NEW_PASSWORD)
    await expect(confirm).toHaveValue(NEW_PASSWORD)
    await context.setOffline(false)

    await submit.click()
    const done = page.getByRole('heading', { level: 1 })
    await expect(done).toHaveText('Your Password Is Changed')
    await expect(done).toBeFocused()
    await screenshot(page, 'reset-password-done')
    await page.getByRole('link', { name: 'Sign In' }).click()
    await main(page).getByLabel('Email', { exact: true }).fill(user.email)
    await main(page).getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)

    // The same link again: used, so its page offers a new one.
    await page.goto(link)
    await password.fill('another-password-9')
    await confirm.fill('another-password-9')
    await submit.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This Link Has Expired')
    await expectAccessible(page)
    await checkWidths(page, 'reset-password-expired')
    const before = countMails(user.email, RESET)
    await main(page).getByLabel('Email for the new link').fill(user.email)
    await main(page).getByRole('button', { name: 'Send a New Link' }).click()
    await expect(main(page).getByText('If an account exists for that email')).toBeVisible()
    await waitForMail(user.email, RESET, { after: before })
    // The old password no longer works; the new one does.
    const pb = new PocketBase(baseURL())
    await expect(
      pb.collection('users').authWithPassword(user.email, TEST_PASSWORD),
    ).rejects.toThrow()
    await pb.collection('users').authWithPassword(user.email, NEW_PASSWORD)
  })

  test('change e-mail from Settings through its link; a taken address gets the same answer', async ({
    page,
  }) => {
    const user = await createUser({ label: 'change' })
    const other = await createUser({ label: 'taken' })
    const newEmail = uniqueEmail('moved')
    await signIn(page, user.email, user.password)
    await page.getByRole('tab', { name: 'Settings' }).click()
    const address = main(page).getByLabel('New address')
    const send = page.getByRole('button', { name: 'Send Confirmation Link' })
    const answer = page.locator('.dashboard-change-email + [role="status"]')
    const neutral = (email: string) =>
      `If ${email} can be used, a confirmation link is on its way to it. Open it to finish the change; until then you sign in with your current email.`

    // A taken address: the same words as a free one.
    await address.fill(other.email)
    await send.click()
    await expect(answer).toHaveText(neutral(other.email))
    await expectAccessible(page)
    await checkWidths(page, 'settings-change-email')

    await address.fill(newEmail)
    await send.click()
    await expect(answer).toHaveText(neutral(newEmail))
    const mail = await waitForMail(newEmail, CHANGE)
    expect(mail.html).not.toContain('/_/')
    const link = linkTo(mail, paths.confirmEmailChange)

    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm Your New Email')
    await expect(main(page)).toContainText(`Your account moves to ${newEmail}.`)
    await expectAccessible(page)
    await checkWidths(page, 'confirm-email-change-form')
    const password = main(page).getByLabel('Current password')
    await password.fill('not-my-password')
    await page.getByRole('button', { name: 'Confirm New Email' }).click()
    await expect(password).toHaveAccessibleDescription('Incorrect password.')
    await expect(password).toHaveValue('not-my-password')
    await password.fill(user.password)
    await page.getByRole('button', { name: 'Confirm New Email' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Email Is Changed')
    await expect(main(page)).toContainText(`From now on you sign in with ${newEmail}.`)

    // The session on this device ended with the change; the new address signs in.
    await page.getByRole('link', { name: 'Sign In' }).click()
    await main(page).getByLabel('Email', { exact: true }).fill(newEmail)
    await main(page).getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Casey!' })).toBeVisible()

    // The same link again: used.
    await page.goto(link)
    await main(page).getByLabel('Current password').fill(user.password)
    await page.getByRole('button', { name: 'Confirm New Email' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This Link Has Expired')
    await expect(main(page).getByRole('link', { name: 'Go to Settings' })).toBeVisible()
    await expectAccessible(page)
    await checkWidths(page, 'confirm-email-change-expired')
  })
})
