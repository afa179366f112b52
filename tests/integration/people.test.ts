// The lead workspace's people against the real PocketBase (pb_hooks/people.pb.js, server/people/):
// one person per e-mail whatever the case or the kind of record, counts and scores kept by the
// server, notes and status changes, the list's filters, a deleted account's data leaving the
// view; the site's admins never in it, an unverified account never shaping a person, and a
// newsletter form as the first source of someone who came through it.
import { describe, expect, it } from 'vitest'
import {
  emptyPeopleFilter,
  getFunnel,
  getPersonPage,
  listPeople,
} from '../../src/backend/people-api'
import type { PersonRecord } from '../../src/backend/types'
import { createUser, guestClient, pbUrl, recordId, superuserClient, uniqueEmail } from './helpers'
import { auditSubmission } from './support/mail-harness'
import { auditJobsDone } from './support/audit-jobs'
import { decideSignUps } from './support/newsletter-signups'

/** An audit's person is made by its job, moments after the create answers: wait for them. */
async function auditsSettled() {
  await auditJobsDone(pbUrl(), (await superuserClient()).authStore.token)
}

/** Newsletter sign-ups are answered at once and decided later: decide the waiting ones now. */
async function decide() {
  await auditsSettled()
  await decideSignUps(pbUrl(), (await superuserClient()).authStore.token)
}

async function personOf(email: string): Promise<PersonRecord | null> {
  await auditsSettled()
  const su = await superuserClient()
  const found = await su
    .collection('people')
    .getList<PersonRecord>(1, 2, { filter: su.filter('email = {:e}', { e: email.toLowerCase() }) })
  expect(found.totalItems, 'never two people for one e-mail').toBeLessThanOrEqual(1)
  return found.items[0] ?? null
}

function message(email: string, name = 'Pat Example') {
  return {
    id: recordId(),
    name,
    email,
    message: 'Could you look at our booking process?',
    source: 'portfolio_website',
  }
}

describe('people', () => {
  it('merges an audit, a message and a sign-up with the same e-mail in any case into one New person', async () => {
    const guest = guestClient()
    const lower = uniqueEmail('merge')
    const mixed = lower.replace(/^m/, 'M').replace('@example', '@Example')
    const audit = auditSubmission({ email: mixed })
    await guest.collection('audits').create({
      ...audit,
      firstTouch: { path: '/free-audit', referrer: 'google.com', utmCampaign: 'spring' },
    })
    await guest.collection('contacts').create(message(mixed, 'Pat Older'))
    await guest.collection('contacts').create(message(lower, 'Pat Newest'))
    await guest
      .collection('newsletter_subscriptions')
      .create({ id: recordId(), email: mixed, source: 'footer' })
    await decide()

    const person = await personOf(lower)
    expect(person).toMatchObject({
      email: lower,
      name: 'Pat Newest',
      status: 'new',
      auditCount: 1,
      messageCount: 2,
      latestScore: audit.overallScore,
      bestScore: audit.overallScore,
      firstTouch: { path: '/free-audit', referrer: 'google.com', utmCampaign: 'spring' },
    })
    expect(['active', 'pending']).toContain(person!.newsletter)
  })

  it("follows the newsletter sign-up's status (pending, active, unsubscribed)", async () => {
    const email = uniqueEmail('news-status')
    await guestClient()
      .collection('newsletter_subscriptions')
      .create({ id: recordId(), email, source: 'footer' })
    await decide()
    const signedUp = await personOf(email)
    expect(signedUp).toMatchObject({ newsletter: 'pending', auditCount: 0, messageCount: 0 })
    const su = await superuserClient()
    const row = await su
      .collection('newsletter_subscriptions')
      .getFirstListItem(su.filter('email = {:e}', { e: email }))
    await su.collection('newsletter_subscriptions').update(row.id, { status: 'active' })
    expect(await personOf(email)).toMatchObject({ newsletter: 'active' })
    await su.collection('newsletter_subscriptions').update(row.id, { status: 'unsubscribed' })
    expect(await personOf(email)).toMatchObject({ newsletter: 'unsubscribed' })
  })

  it('keeps the latest and the best score apart', async () => {
    const email = uniqueEmail('scores')
    const guest = guestClient()
    const first = auditSubmission({ email })
    await guest.collection('audits').create(first)
    // A later audit answered differently scores differently.
    const second = auditSubmission({ email, optionIndex: () => 0 })
    expect(second.overallScore).not.toBe(first.overallScore)
    await guest.collection('audits').create(second)
    const person = await personOf(email)
    expect(person!.auditCount).toBe(2)
    expect(person!.bestScore).toBe(Math.max(first.overallScore, second.overallScore))
    expect(person!.latestScore).toBe(second.overallScore)
  })

  it('takes an account into the person and removes the person with the deleted account and its data', async () => {
    const user = await createUser({ verified: true, label: 'leaving-person' })
    await user.pb
      .collection('audits')
      .create({ ...auditSubmission({ email: user.email, flow: 'member' }), user: user.id })
    await guestClient()
      .collection('audits')
      .create(auditSubmission({ email: user.email }))
    const before = await personOf(user.email)
    expect(before).toMatchObject({ userId: user.id, auditCount: 2 })

    const admin = await createUser({ isAdmin: true, verified: true, label: 'people-admin' })
    await admin.pb
      .collection('person_updates')
      .create({ id: recordId(), person: before!.id, kind: 'note', text: 'Wants a call in spring.' })

    const reply = await fetch(`${user.pb.baseURL}/api/account/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: user.pb.authStore.token },
      body: JSON.stringify({ password: user.password }),
    })
    expect(reply.status).toBe(200)
    expect(await personOf(user.email)).toBeNull()
    expect(await getPersonPage(admin.pb, before!.id)).toBeNull()
    const listed = await listPeople(admin.pb, 1, { ...emptyPeopleFilter, search: user.email })
    expect(listed.items).toEqual([])
  })

  it('keeps a person whose account is deleted while their messages remain, without the account', async () => {
    const user = await createUser({ verified: true, label: 'stays' })
    await guestClient().collection('contacts').create(message(user.email))
    expect(await personOf(user.email)).toMatchObject({ userId: user.id, messageCount: 1 })
    const reply = await fetch(`${user.pb.baseURL}/api/account/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: user.pb.authStore.token },
      body: JSON.stringify({ password: user.password }),
    })
    expect(reply.status).toBe(200)
    expect(await personOf(user.email)).toMatchObject({ userId: '', messageCount: 1, auditCount: 0 })
  })

  it('sets the status from the latest status change and shows notes and changes on the page', async () => {
    const email = uniqueEmail('status')
    await guestClient().collection('contacts').create(message(email))
    const person = (await personOf(email))!
    const admin = await createUser({ isAdmin: true, verified: true, label: 'status-admin' })
    const updates = admin.pb.collection('person_updates')
    await updates.create({ id: recordId(), person: person.id, kind: 'status', status: 'contacted' })
    await updates.create({
      id: recordId(),
      person: person.id,
      kind: 'note',
      text: '  Booked for Tuesday.  ',
    })
    await updates.create({
      id: recordId(),
      person: person.id,
      kind: 'status',
      status: 'call_booked',
    })

    const page = (await getPersonPage(admin.pb, person.id))!
    expect(page.person.status).toBe('call_booked')
    expect(page.messages).toHaveLength(1)
    expect(page.updates.map((u) => [u.kind, u.status || u.text])).toEqual(
      expect.arrayContaining([
        ['status', 'contacted'],
        ['note', 'Booked for Tuesday.'],
        ['status', 'call_booked'],
      ]),
    )
    // A new message later does not reset what the consultant decided.
    await guestClient().collection('contacts').create(message(email))
    expect(await personOf(email)).toMatchObject({ status: 'call_booked', messageCount: 2 })
  })

  it('filters by name or e-mail, status, score band and date, most recently active first', async () => {
    const admin = await createUser({ isAdmin: true, verified: true, label: 'filter-admin' })
    const tag = `flt${recordId().slice(0, 6)}`
    const quiet = `${tag}-quiet@example.com`
    const scored = `${tag}-scored@example.com`
    await guestClient()
      .collection('contacts')
      .create(message(quiet, `Quinn ${tag}`))
    const audit = auditSubmission({ email: scored })
    await guestClient().collection('audits').create(audit)
    await auditsSettled()

    const search = (extra: Partial<typeof emptyPeopleFilter>) =>
      listPeople(admin.pb, 1, { ...emptyPeopleFilter, search: tag, ...extra }).then((r) =>
        r.items.map((p) => p.email),
      )
    expect(await search({})).toEqual([scored, quiet])
    expect(await search({ search: `Quinn ${tag}` })).toEqual([quiet])
    expect(await search({ band: 'none' })).toEqual([quiet])
    const band = audit.overallScore >= 80 ? 'green' : audit.overallScore >= 60 ? 'yellow' : 'red'
    expect(await search({ band })).toEqual([scored])
    expect(await search({ status: 'client' })).toEqual([])
    expect(await search({ since: new Date(Date.now() + 60_000) })).toEqual([])
  })

  it('refuses a first touch that is not the known fields, naming the field', async () => {
    const err = await guestClient()
      .collection('contacts')
      .create({ ...message(uniqueEmail('touch')), firstTouch: { path: '/', email: 'x@y.z' } })
      .catch((e: { status: number; response: { data: Record<string, unknown> } }) => e)
    expect(err).toMatchObject({ status: 400 })
    expect(Object.keys((err as { response: { data: object } }).response.data)).toEqual([
      'firstTouch.email',
    ])
  })

  it('lets only the admin read the funnel report', async () => {
    const user = await createUser({ label: 'not-admin' })
    await expect(getFunnel(guestClient(), 7)).rejects.toMatchObject({ status: 401 })
    await expect(getFunnel(user.pb, 7)).rejects.toMatchObject({ status: 403 })
    const admin = await createUser({ isAdmin: true, verified: true, label: 'funnel-admin' })
    await expect(getFunnel(admin.pb, 8)).rejects.toMatchObject({ status: 400 })
    expect((await getFunnel(admin.pb, 90)).days).toBe(90)
  })
})

describe("who is a lead, and what may shape one's card", () => {
  const signUp = (email: string, fullName: string) =>
    guestClient().collection('users').create({
      email,
      password: 'correct-horse-42',
      passwordConfirm: 'correct-horse-42',
      fullName,
      agreedToTerms: true,
    })

  it("keeps the site's admins out of People, even once they write or take an audit, and removes a lead who becomes one", async () => {
    const admin = await createUser({ isAdmin: true, verified: true, label: 'consultant' })
    await guestClient().collection('contacts').create(message(admin.email, 'The Consultant'))
    await guestClient()
      .collection('audits')
      .create(auditSubmission({ email: admin.email }))
    expect(await personOf(admin.email)).toBeNull()
    const listed = await listPeople(admin.pb, 1, { ...emptyPeopleFilter, search: admin.email })
    expect(listed.items).toEqual([])

    // A lead who is later made an admin (scripts/promote) leaves People.
    const colleague = await createUser({ verified: true, label: 'colleague' })
    await guestClient().collection('contacts').create(message(colleague.email))
    expect(await personOf(colleague.email)).not.toBeNull()
    const su = await superuserClient()
    await su.collection('users').update(colleague.id, { isAdmin: true })
    expect(await personOf(colleague.email)).toBeNull()
  })

  it("never takes a name from an unverified account opened with someone else's address; a verified one's name wins", async () => {
    const email = uniqueEmail('renamed')
    await guestClient().collection('contacts').create(message(email, 'Robin Innkeeper'))
    const stranger = await signUp(email, 'Hi <img src=x onerror=alert(1)>')
    expect(await personOf(email)).toMatchObject({ name: 'Robin Innkeeper', userId: '' })

    // A sign-up alone, unverified, makes no lead either.
    const nobody = uniqueEmail('unverified-only')
    await signUp(nobody, 'Some Name')
    expect(await personOf(nobody)).toBeNull()

    // Once the address is proven, the account is theirs: its name wins.
    const su = await superuserClient()
    await su.collection('users').update(stranger.id, { verified: true })
    expect(await personOf(email)).toMatchObject({
      name: 'Hi <img src=x onerror=alert(1)>',
      userId: stranger.id,
    })
  })

  it('fills the first source of someone who came through a newsletter form with that form', async () => {
    const footer = uniqueEmail('news-footer')
    const about = uniqueEmail('news-about')
    await guestClient()
      .collection('newsletter_subscriptions')
      .create({ id: recordId(), email: footer, source: 'footer' })
    await guestClient()
      .collection('newsletter_subscriptions')
      .create({ id: recordId(), email: about, source: 'about' })
    await decide()
    expect((await personOf(footer))?.firstTouch).toEqual({
      referrer: 'Newsletter sign-up (Footer)',
    })
    expect((await personOf(about))?.firstTouch).toEqual({
      referrer: 'Newsletter sign-up (About section)',
    })

    // A later audit with its own visit keeps the first source: they came through the form.
    await guestClient()
      .collection('audits')
      .create({
        ...auditSubmission({ email: footer }),
        firstTouch: { path: '/free-audit', referrer: 'google.com' },
      })
    expect((await personOf(footer))?.firstTouch).toEqual({
      referrer: 'Newsletter sign-up (Footer)',
    })

    // Someone whose audit came first keeps the audit's visit.
    const audited = uniqueEmail('audit-first')
    await guestClient()
      .collection('audits')
      .create({
        ...auditSubmission({ email: audited }),
        firstTouch: { path: '/free-audit', referrer: 'duckduckgo.com' },
      })
    await guestClient()
      .collection('newsletter_subscriptions')
      .create({ id: recordId(), email: audited, source: 'footer' })
    await decide()
    expect((await personOf(audited))?.firstTouch).toEqual({
      path: '/free-audit',
      referrer: 'duckduckgo.com',
    })
  })
})
