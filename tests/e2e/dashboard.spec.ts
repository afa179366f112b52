// The member's dashboard on a 390 px phone against the real server: it greets by name (set in
// Settings), offers the strategy call on Overview and on each report, and compares the latest of
// two audits with the one before, overall and per section, with the hours a week the payoff model
// counts as won back since the first; axe-core on every tab. An admin's own
// dashboard lists the admin's audits only.
import PocketBase from 'pocketbase'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/csp-guard'
import { hoursAtStake, hoursRecovered, hoursText } from '../../src/audit/payoff'
import type { PayoffAssumptions } from '../../src/audit/payoff'
import { messages } from '../../src/config/messages'
import { bandWord } from '../../src/config/score-bands'
import { answersScoring } from '../unit/admin/audit-answers'
import {
  baseURL,
  createUser,
  expectAccessible,
  MOBILE,
  promoteAdmin,
  screenshot,
  TEST_PASSWORD,
  ONLINE_ONLY,
} from './support/helpers'

test.use(ONLINE_ONLY)

async function memberAudit(email: string, score: number, password = TEST_PASSWORD) {
  const pb = new PocketBase(baseURL())
  await pb.collection('users').authWithPassword(email, password)
  return pb.collection('audits').create({
    flow: 'member',
    email,
    user: pb.authStore.record!.id,
    answers: answersScoring(score),
    completedAt: new Date().toISOString(),
  })
}

async function signIn(page: Page, email: string, landing = /\/dashboard$/) {
  await page.goto(`${baseURL()}/login`)
  const main = page.getByRole('main')
  await main.getByLabel('Email', { exact: true }).fill(email)
  await main.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(landing)
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name })

type SavedAudit = Awaited<ReturnType<typeof memberAudit>>

/** The payoff model's hours a week won back from `first` to `latest`, with the server's assumptions. */
async function hoursWonBack(page: Page, first: SavedAudit, latest: SavedAudit): Promise<string> {
  const { assumptions } = (await (await page.request.get(`${baseURL()}/api/payoff`)).json()) as {
    assumptions: PayoffAssumptions
  }
  const won = hoursRecovered(
    hoursAtStake(first.answers, first.scores.sectionScores, assumptions),
    hoursAtStake(latest.answers, latest.scores.sectionScores, assumptions),
  )
  expect(won.high).toBeGreaterThan(0)
  return `Won back since your first audit: ${hoursText(won)}`
}

/** A comparison's first row: the overall score now, how it moved, and what it was. */
async function expectOverall(comparison: Locator, now: number, moved: string, was: number) {
  const overall = comparison.getByRole('listitem').first()
  for (const text of ['Overall', `${now}%`, moved, `(was ${was}%)`]) {
    await expect(overall).toContainText(text)
  }
}

test('the dashboard greets by name, offers the call and compares the last two audits', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE)
  const user = await createUser({ verified: true, label: 'compare' })
  const before = await memberAudit(user.email, 45)
  const latest = await memberAudit(user.email, 52)
  expect(latest.overallScore).toBe(52)

  await signIn(page, user.email)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Welcome, Casey!' })).toBeVisible()
  await expect(main.getByRole('button', { name: messages.bookCall })).toBeVisible()

  const comparison = main.getByRole('region', { name: 'Since your last audit' })
  await expect(comparison).toContainText('Ref #0002')
  await expect(comparison).toContainText('against Ref #0001')
  await expectOverall(comparison, 52, 'up 7 points', 45)
  // With two audits the one before is the first: the hours the payoff model counts as won back.
  await expect(comparison).toContainText(await hoursWonBack(page, before, latest))
  // Every section both audits scored, each with the way it moved, in words.
  const sections = Object.entries(latest.scores.sectionScores as Record<string, number>)
  await expect(comparison.getByRole('listitem')).toHaveCount(sections.length + 1)
  for (const [name, score] of sections) {
    const was = (before.scores.sectionScores as Record<string, number>)[name]
    const row = comparison.getByRole('listitem').filter({ hasText: name })
    await expect(row).toContainText(`${score}%`)
    await expect(row).toContainText(
      score === was ? 'no change' : `${score > was ? 'up' : 'down'} ${Math.abs(score - was)}`,
    )
  }
  await expectAccessible(page)
  await screenshot(page, 'dashboard-compare')

  // Each report offers the call too, filled in with the member's name and e-mail.
  await tab(page, 'My Audits').click()
  const card = page.locator('.audit-card').first()
  // The latest audit's seven sections at a glance, each with its band in words.
  const rows = card.locator('.audit-card__scores .score-row')
  await expect(rows).toHaveCount(sections.length + 1)
  for (const [name, score] of sections) {
    const row = rows.filter({ has: page.getByText(name, { exact: true }) })
    await expect(row).toContainText(`${score}% ${bandWord(score)}`)
  }
  await card.getByRole('button', { name: /View details/ }).click()
  await expect(card.getByRole('button', { name: messages.bookCall })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'dashboard-report')

  // The name comes from Settings: changed there, the greeting follows.
  await tab(page, 'Settings').click()
  const name = main.getByLabel('Full name')
  await expect(name).toHaveValue('Casey Tester')
  await name.fill('')
  await main.getByRole('button', { name: 'Save Name' }).click()
  await expect(name).toHaveAccessibleDescription('Please enter your name.')
  await name.fill('Dana Whitcomb')
  await main.getByRole('button', { name: 'Save Name' }).click()
  await expect(main.getByText('Your name is saved.')).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Delete Your Account' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'dashboard-settings')
  await tab(page, 'Overview').click()
  await expect(main.getByRole('heading', { name: 'Welcome, Dana!' })).toBeVisible()
})

test('a member with three audits sees the progress since the first', async ({ page }) => {
  await page.setViewportSize(MOBILE)
  const user = await createUser({ verified: true, label: 'progress' })
  const first = await memberAudit(user.email, 30)
  await memberAudit(user.email, 45)
  const latest = await memberAudit(user.email, 52)

  await signIn(page, user.email)
  const main = page.getByRole('main')
  await expect(main.getByRole('region', { name: 'Since your last audit' })).toContainText(
    '(was 45%)',
  )
  const progress = main.getByRole('region', { name: 'Since your first audit' })
  await expect(progress).toContainText('Ref #0003')
  await expect(progress).toContainText('Ref #0001')
  await expectOverall(progress, 52, 'up 22 points', 30)
  await expect(progress).toContainText(await hoursWonBack(page, first, latest))
  await expect(main.getByRole('region', { name: 'Since your last audit' })).not.toContainText(
    'Won back',
  )
  for (const [name, score] of Object.entries(
    latest.scores.sectionScores as Record<string, number>,
  )) {
    const was = (first.scores.sectionScores as Record<string, number>)[name]
    await expect(progress.getByRole('listitem').filter({ hasText: name })).toContainText(
      `${score}%`,
    )
    await expect(progress.getByRole('listitem').filter({ hasText: name })).toContainText(
      `(was ${was}%)`,
    )
  }
  await expectAccessible(page)
  await screenshot(page, 'dashboard-progress')
})

test("an admin's own dashboard lists the admin's audits, not every visitor's", async ({ page }) => {
  const admin = await createUser({ verified: true, label: 'own-admin' })
  promoteAdmin(admin.email)
  const visitor = await createUser({ verified: true, label: 'visitor' })
  await memberAudit(visitor.email, 60)
  await memberAudit(admin.email, 70)

  // An admin signing in lands on the console; their own dashboard is a page away.
  await signIn(page, admin.email, /\/audit-admin$/)
  await page.goto(`${baseURL()}/dashboard`)
  await expect(page.getByText('Total audits').locator('..')).toContainText('1')
  await tab(page, 'My Audits').click()
  await expect(page.locator('.audit-card')).toHaveCount(1)
  await expect(page.locator('.audit-card')).toContainText('70%')
  // The admin reaches the console from the site's navigation.
  await page.setViewportSize(MOBILE)
  await page.getByRole('button', { name: 'Menu' }).click()
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Console' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible()
  // The console has its own shell: no public header or footer.
  await expect(page.locator('.site-header, .site-footer')).toHaveCount(0)
})
