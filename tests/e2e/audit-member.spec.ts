// The signed-in audit in Chromium against the real server: the gate
// while signed out, `next` bringing the visitor back after signing in through /login, the
// finished audit stored with the user, and the audit in /dashboard. axe-core on every step.
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  createUser,
  expectAccessible,
  MOBILE,
  superuser,
  ONLINE_ONLY,
} from './support/helpers'
import {
  answer,
  draftSavedAt,
  lastSection,
  next,
  readReport,
  sectionHeading,
} from './audit-support'
import { messages } from '../../src/config/messages'

test.use({ ...ONLINE_ONLY, viewport: MOBILE })

test('signed out: the gate; sign in with next; the audit is stored with the user and shows on the dashboard', async ({
  page,
}) => {
  const user = await createUser({ label: 'member-audit' })
  await page.goto(`${baseURL()}/digital-strategy-audit`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in required' })).toBeVisible()
  await expect(
    page.getByText('Please create an account or sign in to take the Business Efficiency Audit.'),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    '/signup?next=%2Fdigital-strategy-audit',
  )
  await expectAccessible(page)

  await page.getByRole('link', { name: 'I already have an account' }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Fdigital-strategy-audit$/)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/digital-strategy-audit$/)

  await expect(
    page.getByRole('heading', { level: 1, name: 'Business Efficiency Audit' }),
  ).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Start Audit' }).click()
  await expect(sectionHeading(page, 0)).toBeVisible()
  await expect(page.getByText('Section 1 of 7')).toBeVisible()
  await answer(page, 'primary_goal', 'improve_efficiency')
  await answer(page, 'lead_generation', 'multiple_channels')
  await expectAccessible(page)
  await next(page, 1)
  // Progress survives a reload for a signed-in user too.
  await draftSavedAt(page, 1)
  await page.reload()
  await expect(sectionHeading(page, 1)).toBeVisible()
  for (let section = 2; section <= lastSection; section++) await next(page, section)
  await page.getByRole('button', { name: 'Get My Report' }).click()

  const shown = await readReport(page)
  await expect(page.getByText('Your audit is saved to your dashboard.')).toBeVisible()
  // On a phone: right after the score and again at the end of the report.
  const bookCall = page.getByRole('button', { name: messages.bookCall })
  await expect(bookCall).toHaveCount(2)
  await expect(bookCall.first()).toBeVisible()
  await expectAccessible(page)

  const su = await superuser()
  const row = await su.collection('audits').getOne(shown.auditId)
  expect(row).toMatchObject({
    flow: 'member',
    user: user.id,
    email: user.email,
    overallScore: shown.overallScore,
  })
  expect(row.scores.sectionScores).toEqual(shown.sectionScores)

  await page.getByRole('link', { name: 'Go to Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
  await page.getByRole('tab', { name: 'My Audits' }).click()
  const card = page.locator('.audit-card').filter({ hasText: 'Taken in your dashboard' })
  await expect(card).toHaveCount(1)
  await expect(card.getByText(`${shown.overallScore}%`).first()).toBeVisible()

  // Back in the audit, the report is still there until 'Take Audit Again' (which asks nothing:
  // the report stays in the dashboard).
  await page.goto(`${baseURL()}/digital-audit`)
  expect((await readReport(page)).auditId).toBe(shown.auditId)
  await page.getByRole('button', { name: 'Take Audit Again' }).click()
  await expect(page.getByRole('button', { name: 'Start Audit' })).toBeVisible()
})
