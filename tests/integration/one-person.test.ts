// One person per human, against a real PocketBase with a real SMTP receiver: an account's
// e-mail change made the way a member makes it (Settings' request, the link in the mail, the
// password) carries its free and member audits, its message and its newsletter sign-up with it;
// People shows one person with the old address kept; the dashboard's own query still returns
// both audits with the same numbers. The dashboard's query returns only one's own audits, also
// for an admin (whom the rules let read everything).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type PocketBase from 'pocketbase'
import { fetchAudits } from '../../src/backend/account-api'
import { getPersonPage, listPeople, emptyPeopleFilter } from '../../src/backend/people-api'
import type { PersonRecord } from '../../src/backend/types'
import { mergeAudits } from '../../src/features/account/dashboard-audits'
import { paths } from '../../src/config/paths'
import { createUser, guestClient, recordId, uniqueEmail, type TestUser } from './helpers'
import { auditSubmission, startMailServer, type MailServer } from './support/mail-harness'
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver'

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port)
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

/** The people whose current or previous address is `email` (never more than one). */
async function peopleWith(email: string): Promise<PersonRecord[]> {
  const all = await server.su.collection('people').getFullList<PersonRecord>()
  return all.filter(
    (p) => p.email === email.toLowerCase() || (p.previousEmails ?? []).includes(email),
  )
}

/** Changes the account's e-mail the way a member does: request, the mailed link, the password. */
async function changeEmail(user: TestUser, newEmail: string) {
  await user.pb.collection('users').requestEmailChange(newEmail)
  const prefix = `https://efficiency.test${paths.confirmEmailChange}/`
  await receiver.waitFor((mails) =>
    mails.some((m) => m.envelope.to.includes(newEmail) && m.text.includes(prefix)),
  )
  const mail = receiver.mailsTo(newEmail).find((m) => m.text.includes(prefix))!
  const token = new RegExp(`${prefix.replace(/[.]/g, '\\.')}([\\w.-]+)`).exec(mail.text)![1]
  await guestClient(server.url).collection('users').confirmEmailChange(token, user.password)
}

async function signIn(email: string, password: string): Promise<PocketBase> {
  const pb = guestClient(server.url)
  await pb.collection('users').authWithPassword(email, password)
  return pb
}

/** Audit ids with their dashboard numbers (Ref #0001 is the oldest). */
function refs(audits: Awaited<ReturnType<typeof fetchAudits>>): Record<string, number> {
  return Object.fromEntries(mergeAudits(audits, []).map((a) => [a.id, a.ref]))
}

describe('one person per human', () => {
  it('an e-mail change carries the free and member audits, the message and the sign-up; People shows one person', async () => {
    const member = await createUser({ url: server.url, verified: true, label: 'dana-rural' })
    const oldEmail = member.email
    const newEmail = uniqueEmail('dana-new')
    const guest = guestClient(server.url)

    // Before the account existed... and after: a free audit, a member audit, a message sent from
    // the report (it names no audit: the server ties it to her latest), a newsletter sign-up.
    const free = auditSubmission({ email: oldEmail })
    await guest.collection('audits').create(free)
    const own = auditSubmission({ email: oldEmail, flow: 'member', optionIndex: () => 0 })
    await member.pb.collection('audits').create({ ...own, user: member.id })
    const message = await guest.collection('contacts').create({
      id: recordId(),
      name: 'Dana Whitcomb',
      email: oldEmail,
      message: 'Could we talk about the intake forms?',
      source: 'business_efficiency_audit',
    })
    expect(message.auditId, 'a report message names the audit').toBe(own.id)
    await guest
      .collection('newsletter_subscriptions')
      .create({ id: recordId(), email: oldEmail, source: 'footer' })
    // The new address wrote once before, as a stranger.
    await guest.collection('contacts').create({
      id: recordId(),
      name: 'D. Whitcomb',
      email: newEmail,
      message: 'Do you work in Berlin, NH?',
      source: 'portfolio_website',
    })

    // The consultant's work on both people.
    const admin = await createUser({ url: server.url, isAdmin: true, verified: true })
    const [before] = await peopleWith(oldEmail)
    const [stranger] = await peopleWith(newEmail)
    expect(before.id).not.toBe(stranger.id)
    await admin.pb
      .collection('person_updates')
      .create({ id: recordId(), person: before.id, kind: 'note', text: 'Met at the fair.' })
    await admin.pb
      .collection('person_updates')
      .create({ id: recordId(), person: stranger.id, kind: 'status', status: 'contacted' })
    const refsBefore = refs(await fetchAudits(member.pb))
    expect(Object.keys(refsBefore)).toHaveLength(2)

    await changeEmail(member, newEmail)

    // One person, under the new address, with the old one kept and everything on it.
    const people = await peopleWith(oldEmail)
    expect(people).toHaveLength(1)
    expect(await peopleWith(newEmail)).toEqual(people)
    const [person] = people
    expect(person).toMatchObject({
      id: before.id,
      email: newEmail,
      previousEmails: [oldEmail],
      name: 'Test User',
      userId: member.id,
      auditCount: 2,
      messageCount: 2,
      newsletter: 'pending',
      status: 'contacted',
    })
    const page = (await getPersonPage(admin.pb, person.id))!
    expect(page.audits.map((a) => a.id).sort()).toEqual([free.id, own.id].sort())
    expect(page.messages).toHaveLength(2)
    expect(page.subscription?.email).toBe(newEmail)
    expect(page.updates.map((u) => u.kind).sort()).toEqual(['note', 'status'])
    // The old address still finds her in People.
    const found = await listPeople(admin.pb, 1, { ...emptyPeopleFilter, search: oldEmail })
    expect(found.items.map((p) => p.id)).toEqual([person.id])

    // Her dashboard (signed in with the new address): both audits, numbered as before.
    const after = await signIn(newEmail, member.password)
    const audits = await fetchAudits(after)
    expect(audits.map((a) => a.email)).toEqual([newEmail, newEmail])
    expect(refs(audits)).toEqual(refsBefore)
  })

  it('an unverified old address keeps its free audits off the dashboard, but the person stays one', async () => {
    const member = await createUser({ url: server.url, verified: false, label: 'typo' })
    const oldEmail = member.email
    const someoneElses = auditSubmission({ email: oldEmail })
    await guestClient(server.url).collection('audits').create(someoneElses)
    const own = auditSubmission({ email: oldEmail, flow: 'member' })
    await member.pb.collection('audits').create({ ...own, user: member.id })

    const newEmail = uniqueEmail('fixed')
    await changeEmail(member, newEmail)

    const audits = await fetchAudits(await signIn(newEmail, member.password))
    expect(audits.map((a) => a.id)).toEqual([own.id])
    const people = await peopleWith(oldEmail)
    expect(people).toHaveLength(1)
    expect(people[0]).toMatchObject({ email: newEmail, auditCount: 2, userId: member.id })
  })

  it("a later account with the old address sees none of the moved member's audits", async () => {
    const member = await createUser({ url: server.url, verified: true, label: 'mover' })
    const oldEmail = member.email
    await member.pb
      .collection('audits')
      .create({ ...auditSubmission({ email: oldEmail, flow: 'member' }), user: member.id })
    await changeEmail(member, uniqueEmail('moved'))

    const su = server.su
    await su.collection('users').create({
      email: oldEmail,
      password: 'another-horse-77',
      passwordConfirm: 'another-horse-77',
      verified: true,
    })
    expect(await fetchAudits(await signIn(oldEmail, 'another-horse-77'))).toEqual([])
  })

  it("an admin's dashboard lists only the admin's own audits, although the rules allow all", async () => {
    const admin = await createUser({ url: server.url, isAdmin: true, verified: true })
    const visitor = await createUser({ url: server.url, verified: true })
    const guest = guestClient(server.url)
    const mine = auditSubmission({ email: admin.email, flow: 'member' })
    await admin.pb.collection('audits').create({ ...mine, user: admin.id })
    const myFree = auditSubmission({ email: admin.email })
    await guest.collection('audits').create(myFree)
    await visitor.pb
      .collection('audits')
      .create({ ...auditSubmission({ email: visitor.email, flow: 'member' }), user: visitor.id })
    await guest.collection('audits').create(auditSubmission({ email: uniqueEmail('stranger') }))

    const everything = await admin.pb.collection('audits').getFullList()
    expect(everything.length).toBeGreaterThan(2)
    const own = await fetchAudits(admin.pb)
    expect(own.map((a) => a.id).sort()).toEqual([mine.id, myFree.id].sort())
  })
})
