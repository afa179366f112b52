// Account enumeration in the UI: the sign-in, forgot-password and sign-up pages show
// the same text for a registered and an unregistered e-mail (the server side is
// tests/integration/enumeration.test.ts).
import type { Page } from '@playwright/test'
import { expect, test } from './support/csp-guard'
import { baseURL, createUser, uniqueEmail, ONLINE_ONLY } from './support/helpers'

test.use(ONLINE_ONLY)

const main = (page: Page) => page.getByRole('main')

test('sign-in with a wrong password says the same for a registered and an unknown e-mail', async ({
  page,
}) => {
  const registered = await createUser({ label: 'enum-ui' })
  const texts: string[] = []
  for (const email of [registered.email, uniqueEmail('enum-nobody')]) {
    await page.goto(`${baseURL()}/login`)
    await main(page).getByLabel('Email', { exact: true }).fill(email)
    await main(page).getByLabel('Password', { exact: true }).fill('wrong-password-1')
    await page.getByRole('button', { name: 'Sign In' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toBeVisible()
    texts.push(await alert.innerText())
  }
  expect(texts).toEqual(['Incorrect email or password.', 'Incorrect email or password.'])
})

test('forgot password says the same for a registered and an unknown e-mail', async ({ page }) => {
  const registered = await createUser({ label: 'enum-ui-reset' })
  const texts: string[] = []
  for (const email of [registered.email, uniqueEmail('enum-nobody')]) {
    await page.goto(`${baseURL()}/login`)
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await main(page).getByLabel('Email for the reset link').fill(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    const status = page.getByText('If an account exists for that email')
    await expect(status).toBeVisible()
    texts.push(await status.innerText())
  }
  expect(texts[0]).toBe(texts[1])
})

test('sign-up with a registered e-mail gets the neutral text and no session', async ({ page }) => {
  const registered = await createUser({ label: 'enum-ui-taken' })
  await page.goto(`${baseURL()}/signup`)
  await main(page).getByLabel('Full name').fill('Someone Else')
  await main(page).getByLabel('Email', { exact: true }).fill(registered.email.toUpperCase())
  await main(page).getByLabel('Password', { exact: true }).fill('another-pass-77')
  await main(page).getByLabel('Confirm Password').fill('another-pass-77')
  await main(page)
    .getByLabel(/I agree to the Terms/)
    .check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toHaveText(
    "We couldn't create an account with these details. If you already have an account, sign in or reset your password.",
  )
  await expect(alert).not.toContainText(registered.email)
  await expect(page).toHaveURL(/\/signup$/)
  expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull()
})
