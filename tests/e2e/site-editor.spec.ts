// The console's Site tab on a 390 px phone against the real server: the consultant changes the
// phone and a package's price (a bad phone is shown under the field and refused before anything
// is sent; a price typed and not saved is still there after a look at People), saves each section
// into the draft, previews it, publishes it as the next version, sees it in the versions and rolls
// back; with no signal, in the first session, a saved section waits on the device, survives a
// reload, reaches the server when the connection is back and is then published; and a case
// study's picture is uploaded, published and shown on the page. The draft and the live content
// are read through the API where the page cannot show them. Each test leaves the site's words as
// they were (its server is shared with the worker's other specs).
import PocketBase from 'pocketbase'
import type { Locator, Page } from '@playwright/test'
import type { PublishedSiteAnswer, SiteDraftAnswer } from '../../src/backend/site-api'
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  createUser,
  DESKTOP,
  expectAccessible,
  MOBILE,
  promoteAdmin,
  screenshot,
  signInAs,
  TEST_PASSWORD,
} from './support/helpers'
import { waitUntilOutboxEmpty } from './support/outbox'
import { solidPng } from '../integration/support/png'

/** A publish or a roll back renders the public pages first: a few seconds, at most 40. */
const RENDERED = { timeout: 45_000 }

async function consultantApi(email: string) {
  const pb = new PocketBase(baseURL())
  pb.autoCancellation(false)
  await pb.collection('users').authWithPassword(email, TEST_PASSWORD)
  return {
    live: () => pb.send<PublishedSiteAnswer>('/api/site', {}),
    draft: () => pb.send<SiteDraftAnswer>('/api/site/draft', {}),
    /** Puts the live words back to `content`'s version and drops the draft. */
    restore: async (version: number) => {
      await pb.send('/api/site/rollback', { method: 'POST', body: { version } })
    },
  }
}

/** A new site admin on a phone, in the Site tab; the live content as it was before. */
async function openSiteTab(page: Page, label: string) {
  await page.setViewportSize(MOBILE)
  const admin = await createUser({ label })
  promoteAdmin(admin.email)
  const api = await consultantApi(admin.email)
  const before = await api.live()
  await signInAs(page, admin.email)
  await page.goto(`${baseURL()}/audit-admin?tab=site`)
  return { admin, api, before }
}

/** Publish changes, confirmed; the tab says which version went live. */
async function publishFromTab(page: Page, version: number) {
  const publishCard = page.getByRole('region', { name: 'Publish' })
  await publishCard.getByRole('button', { name: 'Publish changes' }).click()
  await page
    .getByRole('dialog', { name: 'Publish these changes?' })
    .getByRole('button', { name: 'Publish', exact: true })
    .click()
  await expect(publishCard).toContainText(`Published as version ${version}.`, RENDERED)
}

/** A section of the tab, opened. */
async function section(page: Page, title: string): Promise<Locator> {
  const region = page.getByRole('region', { name: new RegExp(`^${title}`) })
  const toggle = region.getByRole('button', { name: new RegExp(`^${title}`) })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  return region
}

test('the Site tab on a phone: edit, a bad phone refused, save, preview, publish, versions, roll back', async ({
  page,
}) => {
  const { admin, api, before } = await openSiteTab(page, 'site-owner')
  const next = before.version + 1
  await expect(page.getByRole('heading', { level: 1, name: 'Your site' })).toBeVisible()
  const publishCard = page.getByRole('region', { name: 'Publish' })
  await expect(publishCard).toContainText(
    `The draft is the same as the live site (version ${before.version}).`,
  )
  await expect(publishCard.getByRole('button', { name: 'Publish changes' })).toBeDisabled()

  // A phone that cannot make a call link: said under the field once it is left, and not saved.
  const business = await section(page, 'Your business')
  const phone = business.getByLabel('Phone', { exact: true })
  await phone.fill('call me maybe')
  await phone.blur()
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toHaveAccessibleDescription(/Use digits, spaces and dashes only\./)
  await business.getByRole('button', { name: /^Save/ }).click()
  await expect(business).toContainText('Not saved: please correct the problem marked above.')
  await expect(phone).toBeFocused()
  await expect(phone).toHaveValue('call me maybe')
  await screenshot(page, 'site-editor-bad-phone')
  expect((await api.draft()).changed).toBe(false)

  await phone.fill('(603) 555-0199')
  await expect(phone).not.toHaveAttribute('aria-invalid')
  await expect(business.getByRole('button', { name: /^Your business/ })).toContainText(
    'Unsaved changes',
  )
  await business.getByRole('button', { name: /^Save/ }).click()
  await expect(business).toContainText('Saved to the draft.')
  await expect(publishCard).toContainText('Draft saved.')
  await expect(publishCard).toContainText(
    `Draft differs from the live site (version ${before.version}).`,
  )
  await expect(publishCard).toContainText(`Last saved by ${admin.email}`)
  // Publish is far above this Save on a phone: one tap brings it, ready to press.
  const publishButton = publishCard.getByRole('button', { name: 'Publish changes' })
  await expect(publishButton).not.toBeInViewport()
  await business.getByRole('button', { name: 'Go to Publish' }).click()
  await expect(publishButton).toBeFocused()
  await expect(publishButton).toBeInViewport({ ratio: 1 })

  // A package's price, in its own section.
  const packages = await section(page, 'Packages and prices')
  const price = packages.getByRole('group', { name: 'Package 2' }).getByLabel('Price', {
    exact: true,
  })
  await price.fill('849 dollars')
  await price.blur()
  await expect(price).toHaveAccessibleDescription(/Write the price in dollars, like \$1,299\./)
  await price.fill('$849')
  // A look at another tab loses nothing typed: back in the Site tab, the price is still there,
  // its section open and marked unsaved.
  const tabBar = page.getByRole('navigation', { name: 'Console' })
  await tabBar.getByRole('link', { name: 'People', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible()
  await tabBar.getByRole('link', { name: 'Site', exact: true }).click()
  await expect(price).toHaveValue('$849')
  await expect(packages.getByRole('button', { name: /^Packages and prices/ })).toContainText(
    'Unsaved changes',
  )
  await packages.getByRole('button', { name: /^Save/ }).click()
  await expect(packages).toContainText('Saved to the draft.')
  const draft = await api.draft()
  expect(draft.changed).toBe(true)
  expect(draft.content.phone).toBe('(603) 555-0199')
  expect(draft.content.packages[1].price).toBe('$849')
  expect(draft.content.packages[1].id).toBe(before.content.packages[1].id)
  expect((await api.live()).content.phone).toBe(before.content.phone)
  await expectAccessible(page)
  await screenshot(page, 'site-editor-saved')

  // Preview: the real pages with the saved draft, then back to the tab.
  await publishCard.getByRole('link', { name: 'Preview the draft' }).click()
  await expect(page.getByRole('complementary', { name: 'Preview' })).toContainText(
    'Preview of your draft',
  )
  await expect(page.locator('footer a[href="tel:+16035550199"]').first()).toBeVisible()
  await page.getByRole('link', { name: 'Back to the Site tab' }).click()
  await expect(publishCard).toContainText(
    `Draft differs from the live site (version ${before.version}).`,
  )

  // Publish, with a confirmation.
  await publishCard.getByRole('button', { name: 'Publish changes' }).click()
  const confirm = page.getByRole('dialog', { name: 'Publish these changes?' })
  await expect(confirm).toContainText(`Your draft becomes version ${next} of your site.`)
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(publishCard).toContainText(`Published as version ${next}.`, RENDERED)
  await expect(publishCard).toContainText(
    `The draft is the same as the live site (version ${next}).`,
  )
  // The pages this phone keeps for offline changed: the app offers its new version at once.
  const update = page.getByRole('status').filter({ hasText: 'A new version is available' })
  await expect(update).toBeVisible(RENDERED)
  await update.getByRole('button', { name: 'Later' }).click()
  // The public home page as a visitor without JavaScript gets it: rendered again with the words.
  const home = async () => (await fetch(`${baseURL()}/`)).text()
  expect(await home()).toContain('(603) 555-0199')
  const live = await api.live()
  expect(live.version).toBe(next)
  expect(live.content.phone).toBe('(603) 555-0199')
  expect(live.content.packages[1].price).toBe('$849')

  // The versions, newest first; roll back to the one before.
  const versions = page.getByRole('region', { name: 'Versions' })
  const items = versions.getByRole('listitem')
  await expect(items.first()).toContainText(`Version ${next}Live`)
  await expect(items.first()).toContainText(`by ${admin.email}`)
  await expect(items.nth(1)).toContainText(`Version ${before.version}`)
  await screenshot(page, 'site-editor-published')
  await items.nth(1).getByRole('button', { name: 'Roll back to this' }).click()
  const rollback = page.getByRole('dialog', { name: `Roll back to version ${before.version}?` })
  await expect(rollback).toContainText(`as version ${next + 1}`)
  await rollback.getByRole('button', { name: 'Roll back', exact: true }).click()
  await expect(versions).toContainText(
    `Rolled back: version ${next + 1} is live, with the words of version ${before.version}.`,
    RENDERED,
  )
  await expect(items.first()).toContainText(`Version ${next + 1}Live`)
  await expect(items.first()).toContainText(`Rolled back from version ${before.version}`)
  await expect(publishCard).not.toContainText('Published as version')
  // The form follows: the phone and the price are the old ones again.
  await expect(phone).toHaveValue(before.content.phone)
  await section(page, 'Packages and prices') // closed again after the preview's page load
  await expect(price).toHaveValue(before.content.packages[1].price)
  expect(await home()).not.toContain('(603) 555-0199')
  const back = await api.live()
  expect(back.version).toBe(next + 1)
  expect(back.content).toEqual(before.content)
  await screenshot(page, 'site-editor-rolled-back')
})

test('the Site tab offline: a saved section waits on the device, survives a reload, is sent when back, then published', async ({
  page,
  context,
}) => {
  const { api, before } = await openSiteTab(page, 'site-offline')
  // The first session, no reload: the tab's code is loaded, the draft is on the device from this
  // load, and the service worker this visit installed answers the reload below with no signal.
  await page.evaluate(() => navigator.serviceWorker.ready)
  const publishCard = page.getByRole('region', { name: 'Publish' })
  await expect(publishCard).toContainText(`(version ${before.version}).`)

  await context.setOffline(true)
  const review = await section(page, 'Efficiency Review')
  await review.getByLabel('Price', { exact: true }).fill('$249')
  await review.getByRole('button', { name: /^Save/ }).click()
  await expect(review).toContainText(
    "Saved on this device. It goes to the server when you're back online.",
  )
  await expect(publishCard).toContainText(
    "Saving when you're back online: 1 change is kept on this device.",
  )
  await expect(review.getByRole('button', { name: /^Efficiency Review/ })).toContainText(
    'Waiting to send',
  )
  await expect(publishCard.getByRole('button', { name: 'Publish changes' })).toBeDisabled()
  await expect(publishCard).toContainText('Publishing needs the connection.')
  await expect(page.getByRole('region', { name: 'Versions' })).toContainText(
    'Rolling back needs the connection.',
  )
  await screenshot(page, 'site-editor-offline')

  // A reload with no signal: the draft from the device, the change still waiting, shown.
  await page.reload()
  await expect(publishCard).toContainText('Offline: showing the draft as synced')
  await expect(publishCard).toContainText(
    "Saving when you're back online: 1 change is kept on this device.",
  )
  const reopened = await section(page, 'Efficiency Review')
  await expect(reopened.getByLabel('Price', { exact: true })).toHaveValue('$249')
  expect((await api.draft()).content.efficiencyReview.price).toBe(
    before.content.efficiencyReview.price,
  )

  // Back online: it reaches the server, and then it can be published.
  await context.setOffline(false)
  await waitUntilOutboxEmpty(page)
  await expect(publishCard).toContainText('Draft saved.')
  await expect(publishCard).toContainText(
    `Draft differs from the live site (version ${before.version}).`,
  )
  expect((await api.draft()).content.efficiencyReview.price).toBe('$249')
  await publishFromTab(page, before.version + 1)
  expect((await api.live()).content.efficiencyReview.price).toBe('$249')

  // The worker's other specs meet the site's words as they were.
  await api.restore(before.version)
  expect((await api.live()).content).toEqual(before.content)
})

test("a case study's picture: uploaded on the phone, published, shown on the page", async ({
  page,
  browser,
}) => {
  const { api, before } = await openSiteTab(page, 'site-picture')
  const caseStudy = await section(page, 'Case study')
  const study = caseStudy.getByRole('group', { name: 'Case study 1' })
  // The first version's case study has the picture that ships with the site. Not a picture:
  // said at once, nothing sent.
  await study.getByLabel('Replace the picture').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  })
  await expect(study).toContainText('Choose a photo saved as JPEG, PNG or WebP.')
  await study.getByLabel('Replace the picture').setInputFiles({
    name: 'Shop front.png',
    mimeType: 'image/png',
    buffer: Buffer.from(solidPng(1400, 1000, [40, 90, 70])),
  })
  await expect(study).toContainText('Picture uploaded.')
  await study.getByLabel('What the picture shows (optional)').fill('The café from Main Street')
  await caseStudy.getByRole('button', { name: /^Save/ }).click()
  await expect(caseStudy).toContainText('Saved to the draft.')
  const picture = (await api.draft()).content.caseStudies[0].picture
  expect(picture).toMatch(/^[a-z0-9]{15}\/[^/]+\.png$/)
  await screenshot(page, 'site-editor-picture')
  await publishFromTab(page, before.version + 1)

  // The page as served names PocketBase's thumbs; the browser shows the picture.
  const html = await (await fetch(`${baseURL()}/`)).text()
  expect(html).toContain(`/api/files/site_images/${picture}?thumb=560x0`)
  expect(html).toContain('alt="The café from Main Street"')
  // A visitor's first visit (the consultant's own browser gets the new pages with the worker's
  // update, offered on its next open).
  const visitor = await browser.newPage({ viewport: MOBILE })
  await visitor.goto(`${baseURL()}/#portfolio`)
  const shown = visitor.getByRole('img', { name: 'The café from Main Street' })
  await shown.scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      shown.evaluate(
        (img: HTMLImageElement) =>
          img.complete && img.naturalWidth > 0 && img.currentSrc.includes('?thumb='),
      ),
    )
    .toBe(true)
  await screenshot(visitor, 'site-picture-home')
  await visitor.close()

  await api.restore(before.version)
  expect((await api.live()).content).toEqual(before.content)
})

test('on a computer, Publish stays in view beside a long section, and the versions come after the sections', async ({
  page,
}) => {
  await openSiteTab(page, 'site-desk')
  await page.setViewportSize(DESKTOP)
  const publishCard = page.getByRole('region', { name: 'Publish' })
  const publish = publishCard.getByRole('button', { name: 'Publish changes' })
  await expect(publish).toBeInViewport()

  // The first section's Save is thousands of pixels down; Publish is still beside it, whole and
  // under the console's bar, not behind it.
  const save = (await section(page, 'Your business')).getByRole('button', { name: 'Save' })
  await save.scrollIntoViewIfNeeded()
  await expect(save).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
  await expect(publish).toBeInViewport({ ratio: 1 })
  const title = publishCard.getByRole('heading', { name: 'Publish' })
  expect(
    await title.evaluate((heading) => {
      const box = heading.getBoundingClientRect()
      return document.elementFromPoint(box.left + 4, box.top + box.height / 2) === heading
    }),
  ).toBe(true)

  // The versions list grows with every publish: it follows the sections, as on a phone.
  const lastSection = await page.getByRole('region', { name: /^Social links/ }).boundingBox()
  const versions = await page.getByRole('region', { name: 'Versions' }).boundingBox()
  expect(versions!.y).toBeGreaterThan(lastSection!.y + lastSection!.height)
  await screenshot(page, 'site-editor-publish-in-view')
})
