// The forms show the server's limits before sending (issue #12): each text field a visitor fills
// carries the maxlength the server enforces (pb_migrations + pb_hooks/input-limits.pb.js and the
// audit engine): e-mail 254, name 200, message 5000, other-text 500.
import { OTHER_TEXT_MAX_LENGTH } from '../../src/audit'
import { expect, test } from './support/csp-guard'
import { baseURL } from './support/helpers'
import { answer, lastSection, next } from './audit-support'

test('the contact and newsletter forms carry the server limits', async ({ page }) => {
  await page.goto(`${baseURL()}/contact`)
  const contact = page.locator('form.contact-form')
  await expect(contact.getByLabel('Name')).toHaveAttribute('maxlength', '200')
  await expect(contact.getByLabel('Email')).toHaveAttribute('maxlength', '254')
  await expect(contact.getByLabel('Message')).toHaveAttribute('maxlength', '5000')
  const newsletter = page.locator('form.newsletter--footer')
  await expect(newsletter.getByLabel('Your email address')).toHaveAttribute('maxlength', '254')
})

test("the audit's other-text and the results e-mail carry the server limits", async ({ page }) => {
  await page.goto(`${baseURL()}/free-audit`)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  await answer(page, 'primary_goal', 'other')
  await expect(page.getByPlaceholder('Please specify...')).toHaveAttribute(
    'maxlength',
    String(OTHER_TEXT_MAX_LENGTH),
  )
  expect(OTHER_TEXT_MAX_LENGTH).toBe(500)
  for (let section = 1; section <= lastSection; section++) await next(page, section)
  await page.getByRole('button', { name: 'Get My Report' }).click()
  const teaser = page.locator('form.audit-teaser__form')
  await expect(teaser.getByLabel('Email')).toHaveAttribute('maxlength', '254')
})
