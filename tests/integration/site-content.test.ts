// The site's content against a real PocketBase and a real SMTP receiver: anyone reads the live
// version, only the site admin reads and changes the draft, publishes and rolls back (guests 401,
// members 403, nothing changed); a bad field answers 400 naming it and changes nothing; a publish
// is what the next results mail says (the phone and its tel: link), a roll back brings the old
// words back, and hostile text shows as text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits } from '../../scripts/pocketbase.mjs'
import { SITE_CONTENT_DEFAULTS } from '../../src/config/site-content'
import type { SiteContent } from '../../src/config/site-content'
import { createUser, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { auditSubmission, eventually, newestMailTo, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { pngSize, solidPng } from './support/png'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

let receiver: SmtpReceiver
let server: MailServer
let admin: TestUser
let member: TestUser

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port)
  await exemptLoopbackFromRateLimits(server.url, server.su.authStore.token)
  admin = await createUser({ isAdmin: true, verified: true, url: server.url, label: 'site-admin' })
  member = await createUser({ verified: true, url: server.url, label: 'site-member' })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

function call(method: string, path: string, body?: unknown, token = admin.pb.authStore.token) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function live(): Promise<{ version: number; content: SiteContent }> {
  const res = await fetch(`${server.url}/api/site`)
  expect(res.status).toBe(200)
  return res.json()
}

async function draft(): Promise<{ content: SiteContent; changed: boolean; liveVersion: number }> {
  const res = await call('GET', '/api/site/draft')
  expect(res.status).toBe(200)
  return res.json()
}

/** A free audit's results mail, queued now and delivered: its text and HTML. */
async function resultsMail(label: string): Promise<{ text: string; html: string }> {
  const email = uniqueEmail(label)
  const submission = auditSubmission({ email })
  await server.guest.collection('audits').create(submission)
  await server.runAuditJobs()
  await server.flush()
  await eventually(async () => receiver.mailsTo(email).length === 1)
  const [mail] = receiver.mailsTo(email)
  return { text: mail.text, html: mail.html }
}

describe('the site content', () => {
  it('is version 1, the defaults, for anyone; only the site admin reaches the rest', async () => {
    expect(await live()).toMatchObject({ version: 1, content: SITE_CONTENT_DEFAULTS })

    const writes: [string, string, unknown][] = [
      ['GET', '/api/site/draft', undefined],
      ['PATCH', '/api/site/draft', { phone: '(603) 555-0199' }],
      ['POST', '/api/site/publish', {}],
      ['GET', '/api/site/versions', undefined],
      ['POST', '/api/site/rollback', { version: 1 }],
    ]
    for (const [method, path, body] of writes) {
      expect((await call(method, path, body, '')).status, `${method} ${path} guest`).toBe(401)
      expect(
        (await call(method, path, body, member.pb.authStore.token)).status,
        `${method} ${path} member`,
      ).toBe(403)
    }
    // Nobody reaches the rows through the records API, not even the admin.
    for (const collection of ['site_versions', 'site_drafts']) {
      const res = await call('GET', `/api/collections/${collection}/records`)
      expect([403, 404]).toContain(res.status)
    }
    expect(await live()).toMatchObject({ version: 1, content: SITE_CONTENT_DEFAULTS })
    expect((await draft()).changed).toBe(false)
  })

  it('refuses a bad field with 400 naming it, and keeps the draft as it was', async () => {
    const cases: [unknown, string][] = [
      [{ phone: 'call me maybe' }, 'phone'],
      [{ phone: '12' }, 'phone'],
      [{ social: [{ label: 'Site', url: 'javascript:alert(1)' }] }, 'social.0.url'],
      [
        { booking: { ...SITE_CONTENT_DEFAULTS.booking, strategyCallUrl: 'http://calendly.com/x' } },
        'booking.strategyCallUrl',
      ],
      [
        { packages: [{ ...SITE_CONTENT_DEFAULTS.packages[0], price: 'cheap' }] },
        'packages.0.price',
      ],
      [{ hero: { headline: 'x'.repeat(500), lead: 'Hello' } }, 'hero.headline'],
      [{ layout: 'grid' }, 'layout'],
    ]
    for (const [body, field] of cases) {
      const res = await call('PATCH', '/api/site/draft', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      const answer = await res.json()
      expect(Object.keys(answer.data)).toEqual([field])
      expect(typeof answer.data[field].message).toBe('string')
    }
    const after = await draft()
    expect(after.changed).toBe(false)
    expect(after.content).toEqual(SITE_CONTENT_DEFAULTS)
  })

  it('publishes the draft as a new version that the next results mail says, and rolls back', async () => {
    const before = await resultsMail('site-before')
    expect(before.text).toContain(`Call Alex at ${SITE_CONTENT_DEFAULTS.phone}`)
    expect(before.html).toContain('href="tel:+16035550142"')

    const packages = SITE_CONTENT_DEFAULTS.packages.map((p, i) =>
      i === 0 ? { ...p, price: '$1,499' } : p,
    )
    const saved = await call('PATCH', '/api/site/draft', { phone: '(603) 555-0199', packages })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ changed: true, liveVersion: 1 })
    // A draft is not live.
    expect((await live()).content.phone).toBe(SITE_CONTENT_DEFAULTS.phone)

    const published = await call('POST', '/api/site/publish', {})
    expect(published.status).toBe(200)
    expect(await published.json()).toEqual({ version: 2, changed: true })
    const now = await live()
    expect(now.version).toBe(2)
    expect(now.content.phone).toBe('(603) 555-0199')
    expect(now.content.packages[0].price).toBe('$1,499')
    // Sent twice (a retry, a second tap): still one version.
    expect(await (await call('POST', '/api/site/publish', {})).json()).toEqual({
      version: 2,
      changed: false,
    })

    const after = await resultsMail('site-after')
    expect(after.text).toContain('Call Alex at (603) 555-0199')
    expect(after.html).toContain('href="tel:+16035550199"')
    expect(after.html).not.toContain('555-0142')

    const versions = await (await call('GET', '/api/site/versions')).json()
    expect(versions.live).toBe(2)
    expect(versions.versions.map((v: { version: number }) => v.version)).toEqual([2, 1])
    expect(versions.versions[0].publishedBy).toBe(admin.email)
    expect(versions.versions[0].publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/)

    const refused = await call('POST', '/api/site/rollback', { version: 9 })
    expect(refused.status).toBe(400)
    expect(Object.keys((await refused.json()).data)).toEqual(['version'])

    const rolled = await call('POST', '/api/site/rollback', { version: 1 })
    expect(rolled.status).toBe(200)
    expect(await rolled.json()).toEqual({ version: 3, changed: true })
    expect(await live()).toMatchObject({ version: 3, content: SITE_CONTENT_DEFAULTS })
    const history = await (await call('GET', '/api/site/versions')).json()
    expect(history.versions[0]).toMatchObject({ version: 3, rolledBackFrom: 1 })
    expect((await draft()).content).toEqual(SITE_CONTENT_DEFAULTS)

    const back = await resultsMail('site-back')
    expect(back.text).toContain(`Call Alex at ${SITE_CONTENT_DEFAULTS.phone}`)
  })

  it("takes the console's queued edits as site_edits records: checked, applied once", async () => {
    const edit = (id: string, changes: unknown, token = admin.pb.authStore.token) =>
      call('POST', '/api/collections/site_edits/records', { id, changes }, token)
    const id = 'siteedit0000001'
    // A guest and a member meet the create rule: PocketBase's 400, and nothing changes.
    for (const token of ['', member.pb.authStore.token]) {
      expect((await edit(id, { phone: '(603) 555-0111' }, token)).status).toBe(400)
    }
    const bad = await edit(id, { phone: 'nope', hours: ['Mon-Fri 9-5'] })
    expect(bad.status).toBe(400)
    expect(Object.keys((await bad.json()).data)).toEqual(['phone'])
    expect((await draft()).changed).toBe(false)

    expect((await edit(id, { phone: '(603) 555-0111' })).status).toBe(200)
    expect((await draft()).content.phone).toBe('(603) 555-0111')
    // A second edit of another field keeps the first.
    expect((await edit('siteedit0000002', { hours: ['Monday to Friday, 8 to 5'] })).status).toBe(
      200,
    )
    // The first one sent again (the outbox did not hear the answer): refused as a repeated id,
    // which the outbox counts as delivered, and nothing changes.
    const again = await edit(id, { phone: '(603) 555-0122' })
    expect(again.status).toBe(400)
    expect((await again.json()).data.id.code).toBe('validation_not_unique')
    const now = await draft()
    expect(now.content).toMatchObject({
      phone: '(603) 555-0111',
      hours: ['Monday to Friday, 8 to 5'],
    })
    expect(now.changed).toBe(true)
    // Drop it: the next test starts from the live content.
    expect(await (await call('POST', '/api/site/rollback', { version: 1 })).json()).toMatchObject({
      changed: false,
    })
    expect((await draft()).changed).toBe(false)
  })

  it('shows hostile text as text in the mails', async () => {
    // At most 60 characters, like every owner name.
    const hostile = 'Alex"><img src=x onerror=alert(1)></script><script>x'
    expect((await call('PATCH', '/api/site/draft', { ownerName: hostile })).status).toBe(200)
    expect((await call('POST', '/api/site/publish', {})).status).toBe(200)
    expect((await live()).content.ownerName).toBe(hostile)
    const mail = await resultsMail('site-hostile')
    expect(mail.html).not.toMatch(/<img src=x|<script>/i)
    expect(mail.html).toContain('Call Alex&quot;&gt;&lt;img at')
    expect(mail.text).toContain('Call Alex"><img at')
    expect((await call('POST', '/api/site/rollback', { version: 1 })).status).toBe(200)
  })

  it("takes pictures from the site admin only, checked as images, and serves PocketBase's thumbs", async () => {
    const upload = (file: Blob, name: string, token = admin.pb.authStore.token) => {
      const form = new FormData()
      form.append('image', file, name)
      return fetch(`${server.url}/api/collections/site_images/records`, {
        method: 'POST',
        headers: token ? { authorization: token } : {},
        body: form,
      })
    }
    const photo = new Blob([solidPng(1400, 1000, [40, 90, 70])], { type: 'image/png' })
    // A guest and a member are refused before their upload is read; nothing is kept.
    for (const token of ['', member.pb.authStore.token]) {
      expect((await upload(photo, 'shop.png', token)).status).toBe(403)
    }
    expect((await server.su.collection('site_images').getList(1, 1)).totalItems).toBe(0)
    // Text named like a picture is not a picture; nor is a picture over the size limit taken.
    const fake = await upload(new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'x.png')
    expect(fake.status).toBe(400)
    expect(Object.keys((await fake.json()).data)).toEqual(['image'])
    const huge = await upload(
      new Blob([solidPng(10, 10, [0, 0, 0]), new Uint8Array(5 * 1024 * 1024)], {
        type: 'image/png',
      }),
      'huge.png',
    )
    expect([400, 413]).toContain(huge.status)
    expect((await server.su.collection('site_images').getList(1, 1)).totalItems).toBe(0)

    const taken = await upload(photo, 'Shop front.png')
    expect(taken.status).toBe(200)
    const record = (await taken.json()) as { id: string; image: string; uploadedBy: string }
    expect(record.uploadedBy).toBe(admin.email)
    const picture = `${record.id}/${record.image}`
    // The page's sizes, made by PocketBase from the upload.
    for (const width of [560, 1120]) {
      const res = await fetch(`${server.url}/api/files/site_images/${picture}?thumb=${width}x0`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({
        width,
        height: Math.round((width * 1000) / 1400),
      })
    }
    // Nobody lists, changes or deletes the pictures through the API.
    expect((await call('GET', '/api/collections/site_images/records')).status).toBe(403)
    expect(
      (await call('DELETE', `/api/collections/site_images/records/${record.id}`)).status,
    ).toBeGreaterThanOrEqual(403)

    const study = SITE_CONTENT_DEFAULTS.caseStudies[0]
    const missing = await call('PATCH', '/api/site/draft', {
      caseStudies: [{ ...study, picture: `${record.id}/other_x1y2z3w4v5.png` }],
    })
    expect(missing.status).toBe(400)
    expect(Object.keys((await missing.json()).data)).toEqual(['caseStudies.0.picture'])
    const saved = await call('PATCH', '/api/site/draft', {
      caseStudies: [{ ...study, picture, pictureAlt: 'The café from Main Street' }],
    })
    expect(saved.status).toBe(200)
    expect((await call('POST', '/api/site/publish', {})).status).toBe(200)
    expect((await live()).content.caseStudies[0]).toMatchObject({ picture })
    expect((await call('POST', '/api/site/rollback', { version: 1 })).status).toBe(200)
  })

  it('names the business as published in the account mails PocketBase builds', async () => {
    const name = 'Birch & Pine <Efficiency>'
    expect((await call('PATCH', '/api/site/draft', { businessName: name })).status).toBe(200)
    expect((await call('POST', '/api/site/publish', {})).status).toBe(200)
    const user = await createUser({ url: server.url, label: 'site-reset' })
    await server.guest.collection('users').requestPasswordReset(user.email)
    const mail = await newestMailTo(server, receiver, user.email, /Reset your/)
    expect(mail.subject).toBe(`Reset your ${name} password`)
    // Escaped in the brand bar, the title and the footer; never the first version's name.
    expect(mail.html).toContain('Birch &amp; Pine &lt;Efficiency&gt;')
    expect(mail.html).not.toContain('<Efficiency>')
    expect(mail.html).not.toContain(SITE_CONTENT_DEFAULTS.businessName)
    expect(mail.html).not.toMatch(/\{BUSINESS_NAME(_HTML)?\}/)
    expect((await call('POST', '/api/site/rollback', { version: 1 })).status).toBe(200)
  })
})
