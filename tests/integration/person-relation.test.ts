// One person, one relation; and leads added by hand. Against a real PocketBase:
//   - every audit, message (call-back requests too) and newsletter sign-up points at its person,
//     set by the server (a client's own `person` is refused) and kept on a delete;
//   - the person page is ONE request (the SDK's calls counted);
//   - the site admin adds a lead by hand (phone or e-mail, where they came from, a note): 400
//     naming each bad field and nothing saved, a retried send counted as delivered, guests and
//     members refused; the lead is a person like any other (Today shows their number; their later
//     audit joins them; a `person.created` webhook);
//   - the migration links every existing row, by the current address and an earlier one; down
//     takes the relation away and keeps everyone who has an address.
import type PocketBase from 'pocketbase'
import type { ClientResponseError } from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits } from '../../scripts/pocketbase.mjs'
import { getPersonPage } from '../../src/backend/people-api'
import type { TodayAnswer } from '../../src/backend/people-api'
import type { PersonRecord } from '../../src/backend/types'
import { createUser, guestClient, recordId, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { auditSubmission, startMailServer } from './support/mail-harness'
import { migrationDrill } from './support/migration-drill'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

let receiver: SmtpReceiver
let server: MailServer
let admin: TestUser

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, {})
  await exemptLoopbackFromRateLimits(server.url, server.su.authStore.token)
  admin = await createUser({ isAdmin: true, verified: true, url: server.url, label: 'rel-admin' })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

async function personOf(email: string): Promise<PersonRecord> {
  return server.su
    .collection('people')
    .getFirstListItem<PersonRecord>(server.su.filter('email = {:e}', { e: email }))
}

/** The `person` of a row, as stored. */
async function linkOf(collection: string, id: string): Promise<string> {
  return (await server.su.collection(collection).getOne<{ person: string }>(id)).person
}

/** The field errors of a refused request (`{}` when it did not fail with 400). */
async function fieldErrors(request: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await request
  } catch (err) {
    const e = err as ClientResponseError
    expect(e.status).toBe(400)
    const data = (e.response as { data?: Record<string, { message: string }> }).data ?? {}
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.message]))
  }
  throw new Error('the request was not refused')
}

function addLead(pb: PocketBase, body: Record<string, unknown>) {
  return pb.collection('people').create<PersonRecord>({ id: recordId(), ...body })
}

describe('one person, one relation', () => {
  it("links a person's audit, message, call-back request and sign-up, and the page is one request", async () => {
    const email = uniqueEmail('rel')
    const audit = auditSubmission({ email })
    await server.guest.collection('audits').create(audit)
    await server.runAuditJobs()
    const message = await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Rita Linked',
      email,
      message: 'About the audit',
      source: 'portfolio_website',
    })
    const callBack = await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Rita Linked',
      email,
      phone: '(603) 555-0199',
      message: 'Please call me back. A good time: mornings',
      source: 'call_back',
    })
    const sub = await server.guest
      .collection('newsletter_subscriptions')
      .create({ id: recordId(), email, source: 'footer' })
    // A sign-up is answered at once and decided moments later.
    await server.decideSignUps()
    const person = await personOf(email)
    expect(await linkOf('audits', audit.id)).toBe(person.id)
    expect(await linkOf('contacts', message.id)).toBe(person.id)
    expect(await linkOf('contacts', callBack.id)).toBe(person.id)
    expect(await linkOf('newsletter_subscriptions', sub.id)).toBe(person.id)

    // The console's page of them: one request.
    let requests = 0
    admin.pb.beforeSend = (url, options) => {
      requests++
      return { url, options }
    }
    try {
      const page = (await getPersonPage(admin.pb, person.id))!
      expect(requests).toBe(1)
      expect(page.person.id).toBe(person.id)
      expect(page.audits.map((a) => a.id)).toEqual([audit.id])
      expect(page.messages.map((m) => m.id)).toEqual([callBack.id, message.id])
      expect(page.subscription?.id).toBe(sub.id)
    } finally {
      admin.pb.beforeSend = undefined
    }

    // A deleted message leaves the person with the rest.
    await server.su.collection('contacts').delete(message.id)
    expect((await personOf(email)).messageCount).toBe(1)
    expect(await linkOf('contacts', callBack.id)).toBe(person.id)
  })

  it('a visitor cannot name a person: the server decides', async () => {
    const email = uniqueEmail('spoof')
    const victim = await addLead(admin.pb, {
      name: 'Someone Else',
      phone: '603 555 0100',
      source: 'walk_in',
    })
    const refused = server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Spoofer',
      email,
      message: 'hello',
      source: 'portfolio_website',
      person: victim.id,
    })
    await expect(refused).rejects.toMatchObject({ status: 400 })
    const audit = { ...auditSubmission({ email }), person: victim.id }
    await expect(server.guest.collection('audits').create(audit)).rejects.toMatchObject({
      status: 400,
    })
  })
})

describe('a lead added by hand', () => {
  it('is a New person with their number, source and first note; Today shows the number', async () => {
    const lead = await addLead(admin.pb, {
      name: '  Walt Forrest ',
      phone: '(603) 555-0123',
      source: 'phone_call',
      note: 'Runs the hardware store in Lancaster. Call after 3.',
      // Only the server sets these.
      status: 'client',
      auditCount: 9,
      userId: 'someone',
    })
    expect(lead).toMatchObject({
      name: 'Walt Forrest',
      email: '',
      phone: '(603) 555-0123',
      source: 'phone_call',
      status: 'new',
      auditCount: 0,
      userId: '',
    })
    const page = (await getPersonPage(admin.pb, lead.id))!
    expect(page.updates.map((u) => [u.kind, u.text])).toEqual([
      ['note', 'Runs the hardware store in Lancaster. Call after 3.'],
    ])

    // A next step due today puts them on Today, with the number to call.
    const today = (await admin.pb.send<TodayAnswer>('/api/people/today', {})).today
    await admin.pb.collection('person_updates').create({
      id: recordId(),
      person: lead.id,
      kind: 'next_step',
      text: 'Call about the quote',
      due: today,
    })
    const answer = await admin.pb.send<TodayAnswer>('/api/people/today', {})
    expect(answer.items.find((i) => i.person === lead.id)).toMatchObject({
      reason: 'due',
      name: 'Walt Forrest',
      phone: '(603) 555-0123',
    })
  })

  it('answers 400 naming each bad field, and saves nothing', async () => {
    const id = recordId()
    expect(
      await fieldErrors(admin.pb.collection('people').create({ id, name: '', source: 'fax' })),
    ).toEqual({
      name: 'Please enter their name.',
      phone: 'Enter a phone number or an e-mail address.',
      source: 'Choose where they came from.',
    })
    expect(
      await fieldErrors(
        addLead(admin.pb, {
          name: 'Bad Numbers',
          phone: '12',
          email: 'not-an-address',
          source: 'event',
        }),
      ),
    ).toEqual({
      phone: 'Please enter the whole number, with the area code.',
      email: 'Please enter a valid e-mail address.',
    })
    await expect(server.su.collection('people').getOne(id)).rejects.toMatchObject({ status: 404 })
  })

  it('refuses an address someone in People has, and an admin account', async () => {
    const email = uniqueEmail('taken')
    await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Already Here',
      email,
      message: 'hi',
      source: 'portfolio_website',
    })
    expect(
      await fieldErrors(
        addLead(admin.pb, { name: 'Dup', email: email.toUpperCase(), source: 'referral' }),
      ),
    ).toEqual({ email: 'Already in People.' })
    expect(
      await fieldErrors(addLead(admin.pb, { name: 'Me', email: admin.email, source: 'event' })),
    ).toEqual({ email: 'That address is an account that runs this site.' })
  })

  it('refuses a number alone that someone in People has, typed any way; with an address it is a new person', async () => {
    await addLead(admin.pb, { name: 'Phoned Once', phone: '(603) 555-0177', source: 'phone_call' })
    await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Call Me Back',
      email: uniqueEmail('callback'),
      phone: '603 555 0188',
      message: 'Please call me back.',
      source: 'call_back',
    })
    for (const phone of ['+1 603.555.0177', '603-555-0188']) {
      expect(
        await fieldErrors(addLead(admin.pb, { name: 'Again', phone, source: 'walk_in' })),
      ).toEqual({ phone: 'Already in People.' })
    }
    // The same business line with an address of their own: someone else at that business.
    const colleague = await addLead(admin.pb, {
      name: 'Colleague',
      phone: '603 555 0177',
      email: uniqueEmail('colleague'),
      source: 'referral',
    })
    expect(colleague.phone).toBe('603 555 0177')
    // Another number is nobody's yet.
    const other = await addLead(admin.pb, { name: 'New', phone: '603 555 0166', source: 'event' })
    expect(other.id).toBeTruthy()
  })

  it('a retried send is refused as a repeat of its id (the outbox counts it as delivered)', async () => {
    const body = {
      id: recordId(),
      name: 'Twice Sent',
      email: uniqueEmail('twice'),
      source: 'event',
    }
    await admin.pb.collection('people').create(body)
    const again = await fieldErrors(admin.pb.collection('people').create(body))
    expect(Object.keys(again)).toEqual(['id'])
  })

  it('only the site admin adds people', async () => {
    const body = { name: 'Nope Person', phone: '603 555 0111', source: 'walk_in' }
    const member = await createUser({ verified: true, url: server.url, label: 'rel-member' })
    for (const pb of [guestClient(server.url), member.pb]) {
      // The collection's create rule answers first (PocketBase's 400), the hook's 403 behind it.
      const status = await addLead(pb, body).then(
        () => 200,
        (err: ClientResponseError) => err.status,
      )
      expect([400, 403]).toContain(status)
    }
    const saved = await server.su
      .collection('people')
      .getFullList({ filter: server.su.filter('name = {:n}', { n: 'Nope Person' }) })
    expect(saved).toEqual([])
  })

  it('their later audit joins them: one person, the name they were given kept', async () => {
    const email = uniqueEmail('later')
    const lead = await addLead(admin.pb, { name: 'Joan Later', email, source: 'referral' })
    const audit = auditSubmission({ email })
    await server.guest.collection('audits').create(audit)
    await server.runAuditJobs()
    const person = await personOf(email)
    expect(person).toMatchObject({
      id: lead.id,
      name: 'Joan Later',
      source: 'referral',
      auditCount: 1,
    })
    expect(await linkOf('audits', audit.id)).toBe(lead.id)
    // The audit deleted: the lead stays (added by hand), with no audits.
    await server.su.collection('audits').delete(audit.id)
    expect(await personOf(email)).toMatchObject({ id: lead.id, auditCount: 0 })
  })
})

// --- the migration, on a data dir of its own ----------------------------------------------------

const MIGRATION = '1764720000_people_relation_manual_leads.js'

describe('the migration', () => {
  const drill = migrationDrill(MIGRATION)
  const withServer = drill.withServer
  afterAll(() => drill.remove())

  it('links every existing audit, message and sign-up to its person', async () => {
    const ann = 'ann@example.com'
    const annBefore = 'ann.old@example.com'
    const bob = 'bob@example.com'
    const ids = { annPerson: '', bobPerson: '' }
    const rows: [string, string, string][] = [] // collection, id, whose
    await withServer(async (su) => {
      ids.annPerson = (
        await su
          .collection('people')
          .create({ email: ann, previousEmails: [annBefore], status: 'new' })
      ).id
      ids.bobPerson = (await su.collection('people').create({ email: bob, status: 'contacted' })).id
      for (const [email, whose] of [
        [ann, 'annPerson'],
        [annBefore, 'annPerson'],
        [bob, 'bobPerson'],
      ] as const) {
        const audit = auditSubmission({ email })
        await su.collection('audits').create(audit)
        rows.push(['audits', audit.id, whose])
        const contact = await su.collection('contacts').create({
          name: 'X',
          email,
          message: 'm',
          source: 'portfolio_website',
        })
        rows.push(['contacts', contact.id, whose])
      }
      const sub = await su
        .collection('newsletter_subscriptions')
        .create({ email: bob, source: 'footer', status: 'active' })
      rows.push(['newsletter_subscriptions', sub.id, 'bobPerson'])
    })

    drill.up()
    await withServer(async (su) => {
      for (const [collection, id, whose] of rows) {
        const row = await su.collection(collection).getOne<{ person: string }>(id)
        expect(row.person, `${collection} ${id}`).toBe(ids[whose as keyof typeof ids])
      }
      // People without an address are possible now, more than one.
      await su.collection('people').create({ email: '', name: 'A', status: 'new', source: 'event' })
      await su.collection('people').create({ email: '', name: 'B', status: 'new', source: 'event' })
    })

    // Down: the old schema, everyone else kept; people without an address cannot stay.
    expect(drill.down()).toContain(`Reverted ${MIGRATION}`)
    await withServer(async (su) => {
      const people = await su.collection('people').getFullList({ sort: 'email' })
      expect(people.map((p) => p.email)).toEqual([ann, bob])
      const audit = await su.collection('audits').getOne(rows[0][1])
      expect(audit).not.toHaveProperty('person')
    })
  }, 60_000)
})
