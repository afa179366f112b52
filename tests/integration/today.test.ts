// The console's Today list and the consultant's updates behind it, against a real PocketBase of
// its own: a call-back request (with the number it left) and a message put their person on it,
// newest first; Mark handled takes them off until something new comes in; a next step due today
// or before is on it, one due later is not; Snooze needs a day after today and brings them back
// that day; a logged call records the time; bad input is a 400 naming the field; only the site
// admin reads it. And the People settings (when someone goes stale), the admin's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits } from '../../scripts/pocketbase.mjs'
import type { TodayAnswer, TodayItem } from '../../src/backend/people-api'
import type { PersonRecord } from '../../src/backend/types'
import { STALE_DEFAULTS } from '../../src/config/leads'
import { createUser, recordId, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { startMailServer } from './support/mail-harness'
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
  admin = await createUser({ isAdmin: true, verified: true, url: server.url, label: 'today-admin' })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

async function today(): Promise<TodayAnswer> {
  return admin.pb.send<TodayAnswer>('/api/people/today', {})
}

async function rowOf(personId: string): Promise<TodayItem | undefined> {
  return (await today()).items.find((item) => item.person === personId)
}

async function contact(email: string, fields: Record<string, unknown> = {}) {
  await server.guest.collection('contacts').create({
    id: recordId(),
    name: 'Sam Tester',
    email,
    message: 'Please call me back. A good time: mornings',
    source: 'portfolio_website',
    ...fields,
  })
  return server.su
    .collection('people')
    .getFirstListItem<PersonRecord>(server.su.filter('email = {:e}', { e: email }))
}

function update(body: Record<string, unknown>) {
  return admin.pb.collection('person_updates').create(body)
}

async function refusal(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  try {
    await update(body)
  } catch (err) {
    const e = err as { status: number; response: { data: Record<string, unknown> } }
    expect(e.status).toBe(400)
    return e.response.data
  }
  throw new Error('accepted')
}

function dayFrom(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

describe('Today', () => {
  it('lists a call-back request with its number and a message, newest first; only for the admin', async () => {
    const caller = await contact(uniqueEmail('caller'), {
      source: 'call_back',
      phone: '(603) 555-0188',
    })
    const writer = await contact(uniqueEmail('writer'), { message: 'Do you work in Berlin, NH?' })
    const list = await today()
    expect(list.today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const callRow = list.items.find((i) => i.person === caller.id)!
    expect(callRow).toMatchObject({ reason: 'callback', phone: '(603) 555-0188' })
    expect(await rowOf(writer.id)).toMatchObject({
      reason: 'message',
      what: 'Do you work in Berlin, NH?',
    })
    // Newest first: the message came after the call-back request.
    expect(list.items.findIndex((i) => i.person === writer.id)).toBeLessThan(
      list.items.findIndex((i) => i.person === caller.id),
    )

    const member = await createUser({ verified: true, url: server.url, label: 'today-member' })
    const asMember = await fetch(`${server.url}/api/people/today`, {
      headers: { authorization: member.pb.authStore.token },
    })
    expect(asMember.status).toBe(403)
    expect((await fetch(`${server.url}/api/people/today`)).status).toBe(401)
  })

  it('Mark handled takes a person off until something new comes in; a logged call records when', async () => {
    const email = uniqueEmail('handled')
    const person = await contact(email)
    expect(await rowOf(person.id)).toBeDefined()
    await update({ person: person.id, kind: 'handled' })
    expect(await rowOf(person.id)).toBeUndefined()

    await contact(email, { message: 'One more question.' })
    expect(await rowOf(person.id)).toMatchObject({ reason: 'message', what: 'One more question.' })
    await update({ person: person.id, kind: 'called' })
    expect(await rowOf(person.id)).toBeUndefined()
    const after = await server.su.collection('people').getOne<PersonRecord>(person.id)
    expect(Date.parse(after.lastContactAt!.replace(' ', 'T'))).toBeGreaterThan(Date.now() - 60_000)
  })

  it('a next step due today is on it, one due later is not; Snooze brings a person back on its day', async () => {
    const { today: day } = await today()
    const person = await contact(uniqueEmail('next-step'))
    await update({ person: person.id, kind: 'handled' })
    await update({
      person: person.id,
      kind: 'next_step',
      text: 'Send the spring quote',
      due: dayFrom(day, 1),
    })
    expect(await rowOf(person.id)).toBeUndefined()
    await update({ person: person.id, kind: 'next_step', text: 'Send the spring quote', due: day })
    expect(await rowOf(person.id)).toMatchObject({
      reason: 'due',
      what: 'Send the spring quote',
      nextDue: day,
    })
    const stored = await server.su.collection('people').getOne<PersonRecord>(person.id)
    expect(stored.nextStep).toBe('Send the spring quote')
    // A next step without a date is kept, and is not on the list.
    await update({ person: person.id, kind: 'next_step', text: 'Ask about the barn' })
    const undated = await server.su.collection('people').getOne<PersonRecord>(person.id)
    expect(undated).toMatchObject({ nextStep: 'Ask about the barn', nextDue: '' })
    expect(await rowOf(person.id)).toBeUndefined()
    await update({ person: person.id, kind: 'next_step', text: 'Send the spring quote', due: day })

    // Snoozed: off the list, the due date moved; Mark handled on a due step clears its date.
    expect(Object.keys(await refusal({ person: person.id, kind: 'handled', due: day }))).toEqual([
      'due',
    ])
    await update({ person: person.id, kind: 'handled', due: dayFrom(day, 3) })
    expect(await rowOf(person.id)).toBeUndefined()
    expect(
      (await server.su.collection('people').getOne<PersonRecord>(person.id)).nextDue!.slice(0, 10),
    ).toBe(dayFrom(day, 3))
    await update({ person: person.id, kind: 'next_step', text: 'Call', due: day })
    await update({ person: person.id, kind: 'handled' })
    expect(await rowOf(person.id)).toBeUndefined()
    expect((await server.su.collection('people').getOne<PersonRecord>(person.id)).nextDue).toBe('')
  })

  it('refuses a next step of two lines or too long, naming the text', async () => {
    const person = await contact(uniqueEmail('bad-step'))
    expect(
      Object.keys(await refusal({ person: person.id, kind: 'next_step', text: 'a\nb' })),
    ).toEqual(['text'])
    expect(
      Object.keys(await refusal({ person: person.id, kind: 'next_step', text: 'x'.repeat(201) })),
    ).toEqual(['text'])
    const timeline = await admin.pb
      .collection('person_updates')
      .getFullList({ filter: admin.pb.filter('person = {:p}', { p: person.id }) })
    expect(timeline).toHaveLength(0)
  })
})

describe('People settings', () => {
  it('are the defaults until the admin saves others; a bad value is named; only for the admin', async () => {
    expect(await admin.pb.send('/api/people/settings', {})).toMatchObject({
      staleDays: STALE_DEFAULTS,
      morningMail: false,
    })
    const put = (body: unknown, token = admin.pb.authStore.token) =>
      fetch(`${server.url}/api/people/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify(body),
      })
    const bad = await put({ staleDays: { new: 0, contacted: 10, call_booked: 21 } })
    expect(bad.status).toBe(400)
    expect(Object.keys((await bad.json()).data)).toEqual(['staleDays.new'])
    const member = await createUser({ verified: true, url: server.url, label: 'settings-member' })
    expect((await put({ staleDays: STALE_DEFAULTS }, member.pb.authStore.token)).status).toBe(403)
    expect((await fetch(`${server.url}/api/people/settings`)).status).toBe(401)
    expect(await admin.pb.send('/api/people/settings', {})).toMatchObject({
      staleDays: STALE_DEFAULTS,
      morningMail: false,
    })

    const mine = { new: 2, contacted: 7, call_booked: 14 }
    expect((await put({ staleDays: mine })).status).toBe(200)
    expect(await admin.pb.send('/api/people/settings', {})).toMatchObject({ staleDays: mine })
  })
})
