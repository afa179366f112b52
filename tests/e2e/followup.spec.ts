// The follow-up sequence in Chromium against the real server: the console's Follow-up tab edits
// a mail, previews it for a person and sends the admin a test (a real mail); a person's page
// shows the next follow-up and stops it; and a booking the scheduler reports on the free audit's
// report page, or on the booking page a results mail's link opens (the link's token recorded,
// the scheduler filled in), marks that person Call booked. The scheduler cannot load here (no
// internet): its script and its booking page are served by Playwright on the scheduler's own
// origins, and the booking page tells the page about the booking exactly as the real embed does
// (a `calendly.event_scheduled` message from https://calendly.com).
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import PocketBase from 'pocketbase'
import { messages } from '../../src/config/messages'
import { site } from '../../src/config/site'
import { answersScoring } from '../unit/admin/audit-answers'
import { lastSection, next, readReport } from './audit-support'
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  createUser,
  DESKTOP,
  expectAccessible,
  MOBILE,
  personOf,
  promoteAdmin,
  screenshot,
  signInAs,
  superuser,
  ONLINE_ONLY,
} from './support/helpers'
import { flushMailQueue, waitForMail } from './support/mailbox'

test.use(ONLINE_ONLY)

/** A person with a free audit scoring `score` (no proof yet that the address is theirs). */
async function seedPerson(label: string, score = 48) {
  const email = `${label}-${randomBytes(4).toString('hex')}@shop.example`
  const guest = new PocketBase(baseURL())
  guest.autoCancellation(false)
  await guest.collection('audits').create({
    flow: 'free',
    email,
    answers: answersScoring(score),
    otherTexts: {},
    newsletterSubscription: false,
    completedAt: new Date().toISOString(),
  })
  const person = await personOf(email)
  return { email, personId: person.id as string }
}

let adminEmail = ''

test.beforeAll(async () => {
  const admin = await createUser({ label: 'followup-owner' })
  promoteAdmin(admin.email)
  adminEmail = admin.email
})

test('the Follow-up tab: edit a mail, preview it for a person, send me a test', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  // A long address: the picker's option must not widen the page on a phone.
  const { email } = await seedPerson('preview-for-someone-with-a-rather-long-address')
  await signInAs(page, adminEmail)
  await page.goto(`${baseURL()}/audit-admin?tab=followup`)
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Follow-up' }),
  ).toHaveAttribute('aria-current', 'page')
  const first = page.getByRole('group', { name: 'Follow-up 1' })
  await expect(first.getByLabel('Days after the audit')).toHaveValue('2')
  await expect(
    page.getByRole('group', { name: 'Follow-up 2' }).getByLabel('Days after the audit'),
  ).toHaveValue('7')

  // A mail without its booking link is refused, naming the field; the text stays.
  const text = first.getByLabel('Text')
  await text.fill('Hi {{firstName}}, no link here.')
  await page.getByRole('button', { name: 'Save follow-ups' }).click()
  await expect(page.getByText('Not saved: please correct the fields marked below.')).toBeVisible()
  await expect(text).toHaveAttribute('aria-invalid', 'true')
  await expect(first.getByText(/Put \{\{bookingLink\}\} in the mail exactly once/)).toBeVisible()
  await expect(text).toHaveValue('Hi {{firstName}}, no link here.')

  await first.getByLabel('Subject').fill('{{weakestSection}}: one idea for you')
  await text.fill(
    'Hi {{firstName}},\n\nYou scored {{score}}% ({{band}}). Start with {{weakestSection}}: {{recommendation}}\n\n{{bookingLink}}\n\nAlex',
  )
  await page.getByRole('button', { name: 'Save follow-ups' }).click()
  await expect(page.getByText('Saved. Mails not yet sent follow the new settings.')).toBeVisible()

  const preview = page.getByRole('region', { name: 'Preview and test' })
  await preview.getByLabel('Find a person').fill(email)
  await preview.getByLabel('Person', { exact: true }).selectOption({ label: email })
  await preview.getByRole('button', { name: 'Preview' }).click()
  await expect(preview.locator('p', { hasText: 'Subject:' })).toContainText(': one idea for you')
  const body = preview.getByRole('document', { name: 'Preview of the follow-up e-mail' })
  await expect(body).toContainText('You scored 48%')
  await expect(body.getByRole('link', { name: messages.bookCall })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'followup-tab')
  // On a 320 px phone the picker, naming the person by name and address, stays on the screen.
  await page.setViewportSize({ width: 320, height: 700 })
  const picker = preview.getByLabel('Person', { exact: true })
  await picker.scrollIntoViewIfNeeded()
  const box = (await picker.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(320)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await screenshot(page, 'followup-tab')
  await page.setViewportSize(DESKTOP)

  await preview.getByRole('button', { name: 'Send me a test' }).click()
  await expect(preview.getByText(`A test is on its way to ${adminEmail}`)).toBeVisible()
  await flushMailQueue()
  const mail = await waitForMail(adminEmail, /^\[Test\] .*: one idea for you$/)
  expect(mail.text).toContain('You scored 48%')
  expect(mail.text).toContain('This is a test of a follow-up')

  // Back to the shipped texts, for the other tests.
  await page.getByRole('button', { name: 'Use the default texts' }).click()
  await page.getByRole('button', { name: 'Save follow-ups' }).click()
  await expect(page.getByText('Saved. Mails not yet sent follow the new settings.')).toBeVisible()
})

test("a person's page shows the next follow-up and stops it", async ({ page }) => {
  await page.setViewportSize(MOBILE)
  const { email, personId } = await seedPerson('stop-me', 62)
  // A confirmed newsletter shows the address is theirs.
  const su = await superuser()
  const subscription = await su
    .collection('newsletter_subscriptions')
    .create({ email, source: 'footer' })
  await su.collection('newsletter_subscriptions').update(subscription.id, { status: 'active' })

  await signInAs(page, adminEmail)
  await page.goto(`${baseURL()}/audit-admin?person=${personId}`)
  const section = page.getByRole('region', { name: 'Follow-up e-mails' })
  await expect(section).toContainText('Next: follow-up 1 of 2')
  await expect(section).toContainText('The address is theirs: they confirmed the newsletter.')
  await expectAccessible(page)
  await screenshot(page, 'person-followups')

  page.once('dialog', (dialog) => void dialog.accept())
  await section.getByRole('button', { name: 'Stop follow-ups' }).click()
  await expect(section).toContainText('Stopped by you (after 0 of 2)')
  await expect(section.getByRole('button', { name: 'Stop follow-ups' })).toHaveCount(0)
  const sequence = await su
    .collection('followups')
    .getFirstListItem(su.filter('person = {:p}', { p: personId }))
  expect(sequence).toMatchObject({ stopReason: 'consultant' })
})

test('a booking reported on the report page marks the person Call booked', async ({ page }) => {
  await page.setViewportSize(MOBILE)
  const email = `booker-${randomBytes(4).toString('hex')}@shop.example`
  const scheduler = await fakeScheduler(page)

  await page.goto(`${baseURL()}/free-audit`)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  for (let section = 1; section <= lastSection; section++) await next(page, section)
  await page.getByRole('button', { name: 'Get My Report' }).click()
  const form = page.locator('form.audit-teaser__form')
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Get My Results' }).click()
  await readReport(page)
  await expect(page.getByText('Your results have been sent to your email!')).toBeVisible()

  await page.getByRole('button', { name: messages.bookCall }).first().click()
  const dialog = page.getByRole('dialog', { name: messages.bookCall })
  await dialog
    .frameLocator('iframe[title="Scheduler"]')
    .getByRole('button', { name: 'Confirm booking' })
    .click()
  // The scheduler was filled in with the audit's e-mail.
  expect(new URL(scheduler.bookedWith()).searchParams.get('email')).toBe(email)

  const su = await superuser()
  await expect
    .poll(async () => {
      const person = await su
        .collection('people')
        .getFirstListItem(su.filter('email = {:email}', { email }))
      return person.status
    })
    .toBe('call_booked')
  const person = await su
    .collection('people')
    .getFirstListItem(su.filter('email = {:email}', { email }))
  const sequence = await su
    .collection('followups')
    .getFirstListItem(su.filter('person = {:p}', { p: person.id }))
  expect(sequence.stopReason).toBe('booked')

  // The consultant sees it on the person's page, as the site's doing.
  await signInAs(page, adminEmail)
  await page.goto(`${baseURL()}/audit-admin?person=${person.id}`)
  await expect(page.locator('.admin-timeline')).toContainText(
    'Status set to Call booked by the site: they booked a call through the scheduler',
  )
})

/**
 * The scheduler, served on its own origins as the real embed works: its script sets up an inline
 * frame of the booking page, whose button books and tells the embedding page with the
 * `calendly.event_scheduled` message. Returns the booking page's address once it was opened.
 */
async function fakeScheduler(page: Page) {
  await page.route(site.booking.scriptUrl, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.Calendly = { initInlineWidget({ url, parentElement }) {
        const frame = document.createElement('iframe'); frame.title = 'Scheduler';
        frame.src = url; parentElement.append(frame) } }`,
    }),
  )
  let bookedWith = ''
  await page.route(`${site.booking.origin}/**`, (route) => {
    bookedWith = route.request().url()
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><button id="book">Confirm booking</button><script>
        document.getElementById('book').onclick = () => parent.postMessage({ event: 'calendly.event_scheduled',
          payload: { event: { uri: 'https://api.calendly.com/scheduled_events/E1' },
                     invitee: { uri: 'https://api.calendly.com/scheduled_events/E1/invitees/I1' } } }, '*')
      </script>`,
    })
  })
  return { bookedWith: () => bookedWith }
}

test("the results mail's booking link: the page books for its person, with their e-mail", async ({
  page,
}) => {
  const email = `from-mail-${randomBytes(4).toString('hex')}@shop.example`
  const guest = new PocketBase(baseURL())
  await guest.collection('audits').create({
    flow: 'free',
    email,
    answers: answersScoring(50),
    otherTexts: {},
    newsletterSubscription: false,
    completedAt: new Date().toISOString(),
  })
  await flushMailQueue()
  const mail = await waitForMail(email, /audit results/i)
  const link = /https?:\/\/\S+\/book\?ref=\S+/.exec(mail.text)?.[0] ?? ''
  expect(link).toContain('utm_campaign=audit-results')
  const scheduler = await fakeScheduler(page)

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: messages.bookCall })).toBeVisible()
  await page
    .frameLocator('iframe[title="Scheduler"]')
    .getByRole('button', { name: 'Confirm booking' })
    .click()
  const booked = new URL(scheduler.bookedWith())
  expect(booked.searchParams.get('email')).toBe(email)
  expect(booked.searchParams.get('utm_campaign')).toBe('audit-results')
  // The token is not left in the address bar to be bookmarked or shared.
  expect(page.url()).not.toContain('ref=')

  const su = await superuser()
  const personOf = () =>
    su.collection('people').getFirstListItem(su.filter('email = {:email}', { email }))
  await expect.poll(async () => (await personOf()).status).toBe('call_booked')
  const sequence = await su
    .collection('followups')
    .getFirstListItem(su.filter('person = {:p}', { p: (await personOf()).id }))
  expect(sequence).toMatchObject({ provenBy: 'results_link', stopReason: 'booked' })
})
