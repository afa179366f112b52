// Stored XSS, in Chromium against the real server: markup typed into every text
// field a visitor can fill (audit other-text, contact name and message, sign-up full name, and
// the user agent a script can forge) is shown as text in the report, the admin console, the
// dashboard and the e-mails. No dialog opens, no script runs, no element is injected, and (the
// CSP guard) nothing even tries. Also: no `dangerouslySetInnerHTML` / innerHTML in the app.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import PocketBase from 'pocketbase'
import type { Page } from '@playwright/test'
import { answer, lastSection, next, question } from './audit-support'
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  promoteAdmin,
  superuser,
  TEST_PASSWORD,
  uniqueEmail,
  ONLINE_ONLY,
} from './support/helpers'

test.use(ONLINE_ONLY)

/** Every payload sets window.__xss or opens a dialog if it ever runs. */
const PAYLOAD = `<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=2;alert(2)</script>"><svg onload=alert(3)>`
/** No spaces: the audit greets a member by the first word of their name. */
const SHORT_PAYLOAD = `<svg/onload=alert(1)>`

/** Fails the test if a dialog ever opens on the page. */
function guardDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return dialogs
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  // The page's own content travels as JSON data (`script type="application/json"`), never run.
  await expect(
    page.locator(
      'img[src="x"], svg[onload], body script:not([src]):not([type="application/json"])',
    ),
  ).toHaveCount(0)
}

/** Signs the browser in the way the SDK stores a session, before the app's first script. */
async function signInAs(page: Page, email: string, password = TEST_PASSWORD) {
  const pb = new PocketBase(baseURL())
  await pb.collection('users').authWithPassword(email, password)
  const session = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record })
  await page.addInitScript((value) => {
    if (!localStorage.getItem('pocketbase_auth')) localStorage.setItem('pocketbase_auth', value)
  }, session)
}

test('visitor markup stays text in the report, the console, the dashboard and the e-mails', async ({
  page,
  browser,
}) => {
  const dialogs = guardDialogs(page)
  const visitorEmail = uniqueEmail('xss-visitor')

  // 1. A visitor takes the free audit with markup as the "other" answer.
  await page.goto(`${baseURL()}/free-audit`)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  await answer(page, 'primary_goal', 'other')
  await page.getByPlaceholder('Please specify...').fill(PAYLOAD)
  for (let section = 1; section <= lastSection; section++) await next(page, section)
  const last = question('technology_integration')
  await answer(page, last.id, last.options[0].value)
  await page.getByRole('button', { name: 'Get My Report' }).click()
  const teaser = page.locator('form.audit-teaser__form')
  await teaser.getByLabel('Email').fill(visitorEmail)
  await teaser.getByRole('button', { name: 'Get My Results' }).click()
  await expect(page.getByText('Your results have been sent to your email!')).toBeVisible()
  await expectNothingRan(page, dialogs)

  // 2. ...and writes through the report's contact form with markup as name and message.
  await page.getByLabel('Name').fill(PAYLOAD)
  await page.getByLabel('Email', { exact: true }).last().fill(visitorEmail)
  await page.getByLabel('Message').fill(`${PAYLOAD}\nPlease call me.`)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText(/Your message has been sent successfully/)).toBeVisible()
  await expectNothingRan(page, dialogs)

  const su = await superuser()
  const [audit] = await su
    .collection('audits')
    .getFullList({ filter: su.filter('email = {:email}', { email: visitorEmail }) })
  expect(audit.otherTexts).toEqual({ primary_goal: PAYLOAD })
  const [contact] = await su
    .collection('contacts')
    .getFullList({ filter: su.filter('email = {:email}', { email: visitorEmail }) })
  expect(contact.name).toBe(PAYLOAD)

  // A script can also forge its user agent: store one made of markup.
  const forged = new PocketBase(baseURL())
  const forgedAudit = await forged.collection('audits').create({
    flow: 'free',
    email: visitorEmail,
    answers: { primary_goal: 'other' },
    otherTexts: { primary_goal: PAYLOAD },
    userAgent: PAYLOAD,
  })

  // 3. A member signs up with markup as their full name and saves an audit.
  const member = { email: uniqueEmail('xss-member'), password: TEST_PASSWORD }
  const memberPage = await page.context().newPage()
  const memberDialogs = guardDialogs(memberPage)
  await memberPage.goto(`${baseURL()}/signup`)
  await memberPage.getByLabel('Full name').fill(SHORT_PAYLOAD)
  await memberPage.getByLabel('Email', { exact: true }).fill(member.email)
  await memberPage.getByLabel('Password', { exact: true }).fill(member.password)
  await memberPage.getByLabel('Confirm Password').fill(member.password)
  await memberPage.getByLabel(/I agree to the Terms/).check()
  await memberPage.getByRole('button', { name: 'Create Account' }).click()
  await expect(memberPage).toHaveURL(/\/dashboard$/)
  await memberPage.goto(`${baseURL()}/digital-audit`)
  await expect(memberPage.getByText(`Welcome, ${SHORT_PAYLOAD}`)).toBeVisible()
  const memberPb = new PocketBase(baseURL())
  const session = await memberPb.collection('users').authWithPassword(member.email, member.password)
  await memberPb.collection('audits').create({
    flow: 'member',
    user: session.record.id,
    email: member.email,
    answers: { primary_goal: 'other' },
    otherTexts: { primary_goal: PAYLOAD },
    userAgent: PAYLOAD,
  })

  // 4. The dashboard greets with the name as text and opens that audit's details (the stored
  // record itself is not shown to members).
  await memberPage.goto(`${baseURL()}/dashboard`)
  await expect(
    memberPage.getByRole('heading', { name: `Welcome, ${SHORT_PAYLOAD}!` }),
  ).toBeVisible()
  await memberPage.getByRole('tab', { name: 'My Audits' }).click()
  await memberPage.getByRole('button', { name: 'View details' }).first().click()
  await memberPage.getByText('Recommendations', { exact: true }).click()
  await expectNothingRan(memberPage, memberDialogs)
  await memberPage.close()

  // 5. The consultant's console shows the audit details and the message as text.
  const owner = { email: uniqueEmail('xss-owner') }
  await su.collection('users').create({
    email: owner.email,
    password: TEST_PASSWORD,
    passwordConfirm: TEST_PASSWORD,
    verified: true,
  })
  promoteAdmin(owner.email)
  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  const adminDialogs = guardDialogs(adminPage)
  await signInAs(adminPage, owner.email)
  await adminPage.goto(`${baseURL()}/audit-admin?tab=audits`)
  await adminPage.getByRole('searchbox', { name: 'Filter by email' }).fill(visitorEmail)
  const rows = adminPage.getByRole('region', { name: 'Audit submissions' }).locator('tbody tr')
  await expect(rows).toHaveCount(2)
  for (const row of await rows.all()) {
    await row.getByRole('button', { name: /View Details/ }).click()
    const dialog = adminPage.getByRole('dialog', { name: 'Audit details' })
    await expect(dialog).toContainText(PAYLOAD)
    await expectNothingRan(adminPage, adminDialogs)
    await adminPage.keyboard.press('Escape')
  }
  await adminPage
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Messages' })
    .click()
  await adminPage.getByRole('searchbox', { name: 'Filter by email' }).fill(visitorEmail)
  const message = adminPage.getByRole('region', { name: 'Messages' }).locator('tbody tr').first()
  await expect(message.getByRole('rowheader')).toHaveText(PAYLOAD)
  await expect(message).toContainText('Please call me.')
  await expectNothingRan(adminPage, adminDialogs)
  await adminContext.close()

  // 6. Every e-mail queued for these records escapes the markup; rendered, nothing runs.
  const sources = [audit.id, contact.id, forgedAudit.id]
  // Bodies are rendered by the sender run (the cron, or this superuser route), not at create.
  const flush = await fetch(`${baseURL()}/api/mail/flush`, {
    method: 'POST',
    headers: { authorization: su.authStore.token },
  })
  expect(flush.status).toBe(200)
  const mails = await su.collection('deliveries').getFullList({
    filter: sources.map((id) => su.filter('sourceId = {:id}', { id })).join(' || '),
  })
  // Both audits name the visitor's address: one results mail per address a day.
  expect(mails.map((m) => m.kind).sort()).toEqual(
    ['owner_audit', 'owner_audit', 'owner_contact', 'visitor_results'].sort(),
  )
  const mailPage = await page.context().newPage()
  const mailDialogs = guardDialogs(mailPage)
  for (const mail of mails) {
    expect(mail.html, mail.kind).toContain('</html>')
    expect(mail.html, mail.kind).not.toContain('<img src=x')
    expect(mail.html, mail.kind).not.toContain('<script>window.__xss')
    // The subject is a plain-text header (shown as text): it only must not break the header.
    expect(mail.subject, mail.kind).not.toMatch(/[\r\n]/)
    await mailPage.setContent(mail.html)
    await expectNothingRan(mailPage, mailDialogs)
  }
  // Where a mail shows visitor text (the contact's name and message, an audit's user agent), it
  // shows it escaped; the results mail carries only the product's own words.
  const withPayload = mails.filter((m) => m.html.includes('&lt;img src=x onerror='))
  expect(withPayload.map((m) => m.kind).sort()).toEqual(['owner_audit', 'owner_contact'])
  await mailPage.close()
  await expectNothingRan(page, dialogs)
})

// The one exception: a newsletter issue on the archive page is HTML the server made with the
// Markdown renderer (`html: false`, http(s)/mailto links only; tests/unit/content/markdown.test.ts
// fuzzes it) from the consultant's own text; the page shows what the server sent as is.
const RENDERS_SERVER_HTML = ['src/features/newsletter/NewsletterArchivePage.tsx']

test('the app never renders HTML from strings (no dangerouslySetInnerHTML or innerHTML)', () => {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(tsx?|jsx?)$/.test(name) && !/\.test\./.test(name)) files.push(path)
    }
  }
  walk(join(process.cwd(), 'src'))
  expect(files.length).toBeGreaterThan(50)
  const offenders = files.filter((file) =>
    /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(|new Function\(/.test(
      readFileSync(file, 'utf8'),
    ),
  )
  expect(offenders.map((file) => relative(process.cwd(), file))).toEqual(RENDERS_SERVER_HTML)
})
