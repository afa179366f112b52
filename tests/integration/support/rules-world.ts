// The seeded world the API-rules table runs against: five actors and, per collection, a few
// rows written as superuser (superusers bypass the rules). Talks to the real test server.
import type PocketBase from 'pocketbase'
import type { RecordModel } from 'pocketbase'
import { createUser, pbUrl, recordId, superuserClient, uniqueEmail } from '../helpers'

export type ActorName = 'guest' | 'userA' | 'userBUnverified' | 'userBVerified' | 'admin'
export type CollectionName =
  | 'audits'
  | 'contacts'
  | 'newsletter_subscriptions'
  | 'users'
  | 'deliveries'
  | 'people'
  | 'person_updates'
  | 'events'

export interface Actor {
  /** '' for the guest. */
  id: string
  email: string
  token: string
}

export interface World {
  su: PocketBase
  actors: Record<ActorName, Actor>
  /** Rows that no scenario deletes: list scenarios filter on exactly these ids. */
  listed: Record<CollectionName, string[]>
  /** Named rows, including throwaway ones that a single scenario mutates or deletes. */
  rows: Record<string, string>
  /** A signed-in user that no other scenario uses: it deletes itself. */
  leaving: Actor
}

export interface Reply {
  status: number
  body: Record<string, unknown>
}

/** One API call with the actor's token, as the browser SDK would make it. */
export async function call(
  actor: Actor,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (actor.token) headers.authorization = actor.token
  const res = await fetch(`${pbUrl()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

/** The record as the superuser sees it, or null when it does not exist. */
export async function fetchAsSuperuser(
  su: PocketBase,
  collection: CollectionName,
  id: string,
): Promise<RecordModel | null> {
  try {
    return await su.collection(collection).getOne(id)
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null
    throw err
  }
}

export async function seedWorld(): Promise<World> {
  const su = await superuserClient()
  const [userA, userBUnverified, userBVerified, admin] = await Promise.all([
    createUser({ label: 'rules-a' }),
    createUser({ label: 'rules-b-unverified' }),
    createUser({ label: 'rules-b-verified', verified: true }),
    createUser({ label: 'rules-admin', isAdmin: true, verified: true }),
  ])
  const actor = (u: { id: string; email: string; pb: PocketBase }): Actor => ({
    id: u.id,
    email: u.email,
    token: u.pb.authStore.token,
  })
  const actors: Record<ActorName, Actor> = {
    guest: { id: '', email: '', token: '' },
    userA: actor(userA),
    userBUnverified: actor(userBUnverified),
    userBVerified: actor(userBVerified),
    admin: actor(admin),
  }
  const leaving = actor(await createUser({ label: 'rules-leaving' }))

  const rows: Record<string, string> = {}
  const create = async (
    key: string,
    collection: CollectionName,
    data: Record<string, unknown>,
  ): Promise<string> => {
    const id = recordId()
    await su
      .collection(collection)
      .create({ id, ...data })
      .catch((err) => {
        throw new Error(`seeding ${key}: ${JSON.stringify(err.response)}`)
      })
    rows[key] = id
    return id
  }

  const audit = (flow: 'member' | 'free', email: string, user = '') => ({
    flow,
    email,
    user,
    answers: {},
  })
  await Promise.all([
    create('auditOfA', 'audits', audit('member', userA.email, userA.id)),
    create('freeAuditWithEmailOfA', 'audits', audit('free', userA.email)),
    create('freeAuditOwnerless', 'audits', audit('free', uniqueEmail('rules-stranger'))),
    create('freeAuditWithEmailOfBUnverified', 'audits', audit('free', userBUnverified.email)),
    create('freeAuditWithEmailOfBVerified', 'audits', audit('free', userBVerified.email)),
    create('auditOfBVerified', 'audits', audit('member', userBVerified.email, userBVerified.id)),
    create('auditOfAToDelete', 'audits', audit('member', userA.email, userA.id)),
    create(
      'auditOfBVerifiedNotForA',
      'audits',
      audit('member', userBVerified.email, userBVerified.id),
    ),
    create('freeAuditForAdminToDelete', 'audits', audit('free', uniqueEmail('rules-stranger'))),

    create('contact', 'contacts', contactBody()),
    create('contactToProcess', 'contacts', contactBody()),

    create('subscription', 'newsletter_subscriptions', subscriptionBody()),
    create('subscriptionToDeactivate', 'newsletter_subscriptions', subscriptionBody()),
    create('subscriptionToDelete', 'newsletter_subscriptions', subscriptionBody()),

    create('mailFailed', 'deliveries', mailBody('failed')),
    create('mailSent', 'deliveries', mailBody('sent')),
    create('mailFailedToRequeue', 'deliveries', mailBody('failed')),
  ])

  // People are made by the server from the rows above; notes and events are written here.
  const personEmail = uniqueEmail('rules-person')
  await create('contactOfPerson', 'contacts', { ...contactBody(), email: personEmail })
  const person = await su
    .collection('people')
    .getFirstListItem(su.filter('email = {:e}', { e: personEmail }))
  rows.person = person.id
  await Promise.all([
    create('personNote', 'person_updates', {
      person: person.id,
      kind: 'note',
      text: 'Called, no answer.',
    }),
    create('event', 'events', { name: 'visit', path: '/' }),
  ])

  const listed: Record<CollectionName, string[]> = {
    audits: [
      rows.auditOfA,
      rows.freeAuditWithEmailOfA,
      rows.freeAuditOwnerless,
      rows.freeAuditWithEmailOfBUnverified,
      rows.freeAuditWithEmailOfBVerified,
      rows.auditOfBVerified,
    ],
    contacts: [rows.contact, rows.contactToProcess, rows.contactOfPerson],
    newsletter_subscriptions: [rows.subscription, rows.subscriptionToDeactivate],
    users: [userA.id, userBUnverified.id, userBVerified.id, admin.id],
    deliveries: [rows.mailFailed, rows.mailSent, rows.mailFailedToRequeue],
    people: [rows.person],
    person_updates: [rows.personNote],
    events: [rows.event],
  }
  return { su, actors, listed, rows, leaving }
}

export function contactBody(): Record<string, unknown> {
  return {
    name: 'Rules Test',
    email: uniqueEmail('rules-contact'),
    message: 'Please call me about my shop.',
    source: 'portfolio_website',
  }
}

export function subscriptionBody(): Record<string, unknown> {
  return { email: uniqueEmail('rules-news'), source: 'footer' }
}

function mailBody(status: 'failed' | 'sent'): Record<string, unknown> {
  return {
    recipient: uniqueEmail('rules-mail'),
    subject: 'Rules test mail',
    text: 'Hello',
    kind: 'owner_contact',
    channel: 'mail',
    class: 'owner',
    status,
    attempts: status === 'failed' ? 5 : 1,
  }
}
