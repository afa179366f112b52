// The funnel from a real browser against the real server: a visit from a campaign link sends one
// anonymous `visit` (a keepalive request answered with the session's visit token), the audit's
// steps follow through the outbox, the audit carries
// the landing's source as its first touch (shown on the person page), and opening the scheduler
// counts `booking_opened`. Nothing stored names the visitor.
import { randomBytes } from 'node:crypto'
import { expect, test } from './support/csp-guard'
import { answerEverySection } from './audit-support'
import { baseURL, personOf, superuser, ONLINE_ONLY } from './support/helpers'
import { messages } from '../../src/config/messages'

test.use(ONLINE_ONLY)

test('a campaign visit, the audit steps and the booking are counted, and the audit keeps its source', async ({
  page,
}) => {
  const campaign = `e2e-${randomBytes(4).toString('hex')}`
  const email = `funnel-${randomBytes(4).toString('hex')}@inn.example`
  const su = await superuser()
  const events = (name: string) =>
    su
      .collection('events')
      .getFullList({ filter: su.filter('name = {:name} && created >= {:since}', { name, since }) })
  const since = new Date(Date.now() - 1000).toISOString().replace('T', ' ')

  await page.goto(
    `${baseURL()}/free-audit?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`,
    { referer: 'https://www.google.com/search?q=north+country' },
  )
  await expect
    .poll(async () => (await events('visit')).filter((e) => e.utmCampaign === campaign))
    .toHaveLength(1)
  const [visit] = (await events('visit')).filter((e) => e.utmCampaign === campaign)
  expect(visit).toMatchObject({
    path: '/free-audit',
    referrer: 'google.com',
    utmSource: 'newsletter',
    utmMedium: 'email',
  })

  // The visit's answer: this session's visit token, which a reported booking must carry.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('funnel:visit-token')))
    .toMatch(/^[0-9a-z]+\.[0-9a-f]{64}$/)

  // Another page in the same session is not a second visit.
  await page.goto(`${baseURL()}/free-audit?utm_campaign=${campaign}-again`)
  await page.getByRole('button', { name: 'Start the Free Audit' }).click()
  await answerEverySection(page)
  const form = page.locator('form.audit-teaser__form')
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Get My Results' }).click()
  await expect(page.getByText('Your results have been sent to your email!')).toBeVisible()

  for (const step of ['audit_started', 'audit_completed', 'email_given']) {
    await expect.poll(async () => (await events(step)).length, { message: step }).toBeGreaterThan(0)
  }
  expect((await events('visit')).filter((e) => e.utmCampaign === `${campaign}-again`)).toHaveLength(
    0,
  )

  const audit = await su
    .collection('audits')
    .getFirstListItem(su.filter('email = {:e}', { e: email }))
  expect(audit.firstTouch).toEqual({
    path: '/free-audit',
    referrer: 'google.com',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: campaign,
  })
  const person = await personOf(email)
  expect(person.firstTouch).toMatchObject({ utmCampaign: campaign })

  await page.getByRole('button', { name: messages.bookCall }).first().click()
  await expect.poll(async () => (await events('booking_opened')).length).toBeGreaterThan(0)

  // No event holds anything about the visitor.
  for (const event of await su
    .collection('events')
    .getFullList({ filter: su.filter('created >= {:since}', { since }) })) {
    expect(JSON.stringify(event)).not.toContain(email)
  }
})
