// Newsletter issues against the real server (pb_hooks/newsletter-issues.pb.js,
// server/newsletter/issue-routes.ts): who may touch them, drafts created and autosaved with ids
// made on the device (the newest edit wins, a sent issue no longer changes), the schedule on the
// consultant's clock, the refusal to send without a postal address, the signed click redirect,
// unsubscribes counted per issue, and the small body limit of every route. The send itself:
// tests/integration/newsletter-send.test.ts.
import { createHmac } from 'node:crypto'
import type PocketBase from 'pocketbase'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUser, guestClient, pbUrl, recordId, superuserClient, uniqueEmail } from './helpers'

let admin: PocketBase
let su: PocketBase
let member: PocketBase

beforeAll(async () => {
  admin = (await createUser({ isAdmin: true, verified: true, label: 'nl-admin' })).pb
  member = (await createUser({ verified: true, label: 'nl-member' })).pb
  su = await superuserClient()
})

async function newIssue(content = { subject: 'Tips', preheader: 'Short', body: '## Hi\n\nText.' }) {
  const id = recordId()
  await admin.collection('newsletter_issues').create({ id, ...content })
  return id
}

async function post(path: string, body: unknown, client: PocketBase | null = admin) {
  return fetch(`${pbUrl()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(client ? { authorization: client.authStore.token } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

describe('who may touch issues', () => {
  it.each([
    ['a guest', () => guestClient()],
    ['a signed-in member', () => member],
  ])('%s can neither list nor create issues, edits or clicks', async (_who, client) => {
    const pb = client()
    await expect(pb.collection('newsletter_issues').getList(1, 1)).resolves.toMatchObject({
      totalItems: 0,
    })
    await expect(
      pb.collection('newsletter_issues').create({ id: recordId(), subject: 'x' }),
    ).rejects.toMatchObject({ status: 400 })
    await expect(
      pb
        .collection('newsletter_issue_edits')
        .create({ issue: recordId(), editedAt: new Date().toISOString() }),
    ).rejects.toMatchObject({ status: 400 })
    await expect(pb.collection('newsletter_link_clicks').getList(1, 1)).resolves.toMatchObject({
      totalItems: 0,
    })
  })

  it.each([
    ['GET', '/api/newsletter/settings'],
    ['POST', '/api/newsletter/issues/aaaaaaaaaaaaaaa/test'],
    ['POST', '/api/newsletter/issues/aaaaaaaaaaaaaaa/send'],
    ['POST', '/api/newsletter/issues/aaaaaaaaaaaaaaa/schedule'],
    ['GET', '/api/newsletter/issues/aaaaaaaaaaaaaaa/results'],
  ])('%s %s answers 403 to a member and to a guest', async (method, path) => {
    for (const token of [member.authStore.token, '']) {
      const res = await fetch(`${pbUrl()}${path}`, {
        method,
        headers: { authorization: token, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      })
      expect(res.status).toBe(403)
    }
  })

  it('POST /api/newsletter/run is for superusers only', async () => {
    expect((await post('/api/newsletter/run', {})).status).toBe(403)
    expect((await post('/api/newsletter/run', {}, su)).status).toBe(200)
  })

  it('an admin cannot edit an issue directly, nor set its status or counters', async () => {
    const id = recordId()
    const created = await admin.collection('newsletter_issues').create({
      id,
      subject: 'S',
      status: 'sent',
      slug: 'chosen',
      recipients: 99,
      pageHtml: '<script>x</script>',
    })
    expect(created).toMatchObject({ status: 'draft', slug: '', recipients: 0, pageHtml: '' })
    await expect(
      admin.collection('newsletter_issues').update(id, { subject: 'other' }),
    ).rejects.toMatchObject({ status: 403 })
  })
})

describe('drafts saved from the console', () => {
  it('applies the newest edit and ignores one typed earlier that arrives late', async () => {
    const id = await newIssue()
    const edit = (subject: string, at: string) =>
      admin.collection('newsletter_issue_edits').create({
        id: recordId(),
        issue: id,
        subject,
        preheader: '',
        body: `Body of ${subject}`,
        editedAt: at,
      })
    await edit('second', '2030-01-01T10:00:02Z')
    await edit('first', '2030-01-01T10:00:01Z')
    const issue = await admin.collection('newsletter_issues').getOne(id)
    expect(issue).toMatchObject({ subject: 'second', body: 'Body of second' })
  })

  it('a re-sent edit (the same id) is "already delivered", not applied twice', async () => {
    const id = await newIssue()
    const editId = recordId()
    const body = {
      id: editId,
      issue: id,
      subject: 'A',
      body: 'a',
      editedAt: new Date().toISOString(),
    }
    await admin.collection('newsletter_issue_edits').create(body)
    await expect(admin.collection('newsletter_issue_edits').create(body)).rejects.toMatchObject({
      status: 400,
      response: { data: { id: { code: 'validation_not_unique' } } },
    })
  })

  it('keeps the 20 newest edits of an issue', async () => {
    const id = await newIssue()
    for (let i = 0; i < 25; i++) {
      await admin.collection('newsletter_issue_edits').create({
        issue: id,
        subject: `v${i}`,
        editedAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString(),
      })
    }
    const edits = await admin
      .collection('newsletter_issue_edits')
      .getFullList({ filter: admin.filter('issue = {:id}', { id }) })
    expect(edits).toHaveLength(20)
    expect((await admin.collection('newsletter_issues').getOne(id)).subject).toBe('v24')
  })

  it('refuses an edit of a sent issue, naming `issue`, and of one that does not exist', async () => {
    const id = await newIssue()
    await su.collection('newsletter_issues').update(id, { status: 'sent' })
    for (const issue of [id, recordId()]) {
      const err = await admin
        .collection('newsletter_issue_edits')
        .create({ issue, subject: 'late', editedAt: new Date().toISOString() })
        .catch((e: unknown) => e)
      expect(err).toMatchObject({ status: 400 })
      expect(Object.keys((err as { response: { data: object } }).response.data)).toEqual(['issue'])
    }
    expect((await admin.collection('newsletter_issues').getOne(id)).subject).toBe('Tips')
  })

  it('an admin deletes a draft (with its edits) but not a sent issue', async () => {
    const draft = await newIssue()
    await admin
      .collection('newsletter_issue_edits')
      .create({ issue: draft, subject: 'x', editedAt: new Date().toISOString() })
    await admin.collection('newsletter_issues').delete(draft)
    const left = await su
      .collection('newsletter_issue_edits')
      .getFullList({ filter: su.filter('issue = {:id}', { id: draft }) })
    expect(left).toHaveLength(0)
    const sent = await newIssue()
    await su.collection('newsletter_issues').update(sent, { status: 'sent' })
    await expect(admin.collection('newsletter_issues').delete(sent)).rejects.toMatchObject({
      status: 404,
    })
  })
})

describe('schedule and send without a postal address', () => {
  it('the settings say sending is off, and both send and schedule refuse, naming `issue`', async () => {
    const settings = await admin.send('/api/newsletter/settings', { method: 'GET' })
    expect(settings).toMatchObject({
      canSend: false,
      postalAddress: '',
      timeZone: 'America/New_York',
    })
    const id = await newIssue()
    for (const [path, body] of [
      [`/api/newsletter/issues/${id}/send`, {}],
      [`/api/newsletter/issues/${id}/schedule`, { at: '2099-01-01T09:00' }],
    ] as const) {
      const res = await post(path, body)
      expect(res.status).toBe(400)
      const answer = (await res.json()) as { data: { issue: { message: string } } }
      expect(answer.data.issue.message).toMatch(/MAIL_POSTAL_ADDRESS/)
    }
    expect((await admin.collection('newsletter_issues').getOne(id)).status).toBe('draft')
  })

  it.each([
    ['not a time', 'tomorrow at nine'],
    ['a date that does not exist', '2099-02-30T09:00'],
    ['a time in the past', '2020-01-01T09:00'],
  ])('refuses %s, naming `at`', async (_what, at) => {
    const id = await newIssue()
    const res = await post(`/api/newsletter/issues/${id}/schedule`, { at })
    expect(res.status).toBe(400)
    expect(Object.keys(((await res.json()) as { data: object }).data)).toEqual(['at'])
  })

  it('answers 404 for an issue that does not exist', async () => {
    expect((await post(`/api/newsletter/issues/${recordId()}/send`, {})).status).toBe(404)
  })
})

describe('small bodies only', () => {
  it.each([
    '/api/newsletter/issues/aaaaaaaaaaaaaaa/send',
    '/api/newsletter/issues/aaaaaaaaaaaaaaa/schedule',
    '/api/newsletter/issues/aaaaaaaaaaaaaaa/test',
    '/api/newsletter/run',
  ])('POST %s with 64 KiB answers 413', async (path) => {
    const res = await post(path, JSON.stringify({ at: 'x'.repeat(64 * 1024) }), su)
    expect(res.status).toBe(413)
  })
})

describe('the signed click redirect', () => {
  /** The key the server signs with: the generated one in app_secrets. */
  async function signingKey() {
    const row = await su
      .collection('app_secrets')
      .getFirstListItem(su.filter('name = {:n}', { n: 'newsletter_links' }))
    return String(row.value)
  }
  const click = (issue: string, url: string, s: string) =>
    fetch(`${pbUrl()}/api/newsletter/click?i=${issue}&u=${encodeURIComponent(url)}&s=${s}`, {
      redirect: 'manual',
    })

  it('counts a click and goes on to the address; a changed address or issue is refused', async () => {
    const id = await newIssue()
    const url = 'https://example.com/tip?x=1'
    const s = createHmac('sha256', await signingKey())
      .update(`click:${id}:${url}`)
      .digest('hex')
    const ok = await click(id, url, s)
    expect(ok.status).toBe(302)
    expect(ok.headers.get('location')).toBe(url)
    await click(id, url, s)
    const counted = await admin
      .collection('newsletter_link_clicks')
      .getFirstListItem(admin.filter('issue = {:id}', { id }))
    expect(counted).toMatchObject({ url, clicks: 2 })
    for (const res of [
      await click(id, 'https://evil.example/', s),
      await click(recordId(), url, s),
      await click(
        id,
        url,
        s.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      ),
      await click(id, 'javascript:alert(1)', s),
    ]) {
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
    }
  })
})

describe('unsubscribes counted per issue', () => {
  it('the unsubscribe link of an issue counts once for that issue', async () => {
    const id = await newIssue()
    const email = uniqueEmail('nl-leaver')
    const sub = await su
      .collection('newsletter_subscriptions')
      .create({ email, source: 'footer', status: 'active' })
    await su.collection('newsletter_subscriptions').update(sub.id, { status: 'active' })
    const key = (
      await su
        .collection('app_secrets')
        .getFirstListItem(su.filter('name = {:n}', { n: 'newsletter_links' }))
    ).value as string
    const token = `${sub.id}.${createHmac('sha256', key).update(`unsubscribe:${sub.id}:${email}`).digest('hex')}`
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${pbUrl()}/api/newsletter/unsubscribe?token=${token}&issue=${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(res.status).toBe(200)
    }
    const row = await su.collection('newsletter_subscriptions').getOne(sub.id)
    expect(row).toMatchObject({ status: 'unsubscribed', unsubscribedIssue: id })
    expect(row.unsubscribedAt).not.toBe('')
  })

  it('a visitor cannot sign up with an unsubscribe already recorded', async () => {
    const res = await guestClient()
      .collection('newsletter_subscriptions')
      .create({ email: uniqueEmail('nl-preset'), source: 'footer', unsubscribedIssue: 'x' })
      .catch((e: { status: number }) => e)
    expect(res).toMatchObject({ status: 400 })
  })
})
