// The forms show the server's limits before sending: each text field a visitor fills carries
// the maxlength the server enforces, read from the one source both use (src/config/limits.ts
// and the audit engine; tests/unit/config/limits.test.ts holds the migrations to it).
import { OTHER_TEXT_MAX_LENGTH } from '../../src/audit'
import { EMAIL_MAX, textLimits } from '../../src/config/limits'
import { expect, test } from './support/csp-guard'
import { baseURL, ONLINE_ONLY } from './support/helpers'
import { answer, lastSection, next } from './audit-support'

test.use(ONLINE_ONLY)

test('the contact and newsletter forms carry the server limits', async ({ page }) => {
  await page.goto(`${baseURL()}/contact`)
  const contact = page.locator('form.contact-form')
  const { name, message } = textLimits.contacts
  await expect(contact.getByLabel('Name')).toHaveAttribute('maxlength', String(name))
  await expect(contact.getByLabel('Email')).toHaveAttribute('maxlength', String(EMAIL_MAX))
  await expect(contact.getByLabel('Message')).toHaveAttribute('maxlength', String(message))
  const newsletter = page.locator('form.newsletter--footer')
  await expect(newsletter.getByLabel('Your email address')).toHaveAttribute(
    'maxlength',
    String(EMAIL_MAX),
  )
})

test("the audit's other-text and the results e-mail carry the server limits", async ({ page }) => {
  await page.goto(`${baseURL()}/free-audit`)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  await answer(page, 'primary_goal', 'other')
  await expect(page.getByPlaceholder('Please specify...')).toHaveAttribute(
    'maxlength',
    String(OTHER_TEXT_MAX_LENGTH),
  )
  for (let section = 1; section <= lastSection; section++) await next(page, section)
  await page.getByRole('button', { name: 'Get My Report' }).click()
  const teaser = page.locator('form.audit-teaser__form')
  await expect(teaser.getByLabel('Email')).toHaveAttribute('maxlength', String(EMAIL_MAX))
})
