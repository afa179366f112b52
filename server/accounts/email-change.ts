// One person per human: when an account's e-mail changes (the confirmation link, or a superuser
// in the dashboard), what belongs to the account goes with it, in the same transaction as the
// account's save (the users update-execute hook below, pb_hooks/email-change.pb.js):
//   - the account's own audits take the new address, so nobody who later verifies the old
//     address matches them by e-mail;
//   - when the old address was verified (it was the member's), the free audits made with it
//     become the account's (the new address, and `user` set) and stay on the dashboard, and its
//     newsletter sign-up moves to the new address;
//   - the person moves to the new address and keeps the old one in `previousEmails`; a person
//     the new address already had is merged into it, and whatever points at a person (notes,
//     status changes, any relation to `people`) follows.
// Contact messages keep the address they were sent from: the person counts them through
// `previousEmails` (server/people/), so the old address stays findable.
// In the same transaction, the old address is told of the change (./mail-kinds renders the
// notice) when the account had verified it: an unverified address may be a stranger's.
import type { App, RecordEvent } from '../platform/events'
import { saveInTransaction } from '../platform/transaction'
import { firstWhere, recordsWhere } from '../platform/sql'
import { enqueue } from '../queue/index'
import { toPbTime } from '../../src/config/dates'
import { findPersonByEmail, newsletterStatus, normalEmail, previousEmailsOf } from '../people/index'
import { EMAIL_CHANGED_KIND } from './email-changed-kind'

/** How far a newsletter sign-up got; a confirmed one beats a pending one. */
const NEWSLETTER_RANK: Record<string, number> = {
  pending: 1,
  active: 2,
}

/**
 * The users update-execute hook: an account's new e-mail carries its audits, newsletter sign-up
 * and person along, in the same transaction as the account's save, whichever way the address
 * changes (the confirmation link, a superuser): nothing stays behind at the old address and
 * nothing is half moved. A verified old address is sent a notice of the change.
 */
export function carryEmailChange(e: RecordEvent): void {
  const before = e.record.original().getString('email')
  const after = e.record.getString('email')
  if (before.trim().toLowerCase() === after.trim().toLowerCase()) return e.next()
  const wasVerified = e.record.original().getBool('verified')
  const userId = e.record.id
  saveInTransaction(e, (txApp) => {
    carryToNewEmail(txApp, userId, before, after, wasVerified)
    if (wasVerified) queueChangedNotice(txApp, before, Date.now())
  })
}

/**
 * Queues the notice to the old address (`app` is the transaction's). No source record: the
 * notice belongs to whoever reads the old mailbox, so deleting the account does not take it back.
 * A refusal by the account mails' caps is logged by the queue; a database error throws, and the
 * change is not saved either.
 */
function queueChangedNotice(app: App, oldEmail: string, nowMs: number): void {
  enqueue(app, {
    kind: EMAIL_CHANGED_KIND,
    recipient: oldEmail,
    payload: { changedAt: toPbTime(nowMs) },
  })
}

/**
 * Carries the account's audits, newsletter sign-up and person from `oldEmail` to `newEmail`
 * (`app` is the transaction's; `oldVerified`: the account had verified the old address).
 * Throws on a database error: the caller's transaction then keeps the old address too.
 */
export function carryToNewEmail(
  app: App,
  userId: string,
  oldEmail: string,
  newEmail: string,
  oldVerified: boolean,
): void {
  const from = normalEmail(oldEmail)
  const to = normalEmail(newEmail)
  if (!from || !to || from === to) return

  for (const audit of recordsWhere(app, 'audits', 'user = {:user}', { user: userId })) {
    audit.set('email', to)
    app.save(audit)
  }
  if (oldVerified) {
    for (const audit of recordsWhere(app, 'audits', "user = '' && email = {:from}", {
      from: from,
    })) {
      audit.set('email', to)
      audit.set('user', userId)
      app.save(audit)
    }
    moveSubscription(app, from, to)
  }
  movePerson(app, from, to)
}

/**
 * The old address's newsletter sign-up becomes the new address's. If the new address has one
 * already, an unsubscribe there stands (it was asked for), else the further one of the two wins.
 */
function moveSubscription(app: App, from: string, to: string): void {
  const old = firstWhere(app, 'newsletter_subscriptions', 'email = {:e}', { e: from })
  if (!old) return
  const taken = firstWhere(app, 'newsletter_subscriptions', 'email = {:e}', { e: to })
  if (taken) {
    const there = newsletterStatus(taken)
    const moving = newsletterStatus(old)
    const keepThere =
      there === 'unsubscribed' || (NEWSLETTER_RANK[there] || 0) >= (NEWSLETTER_RANK[moving] || 0)
    if (keepThere) {
      app.delete(old)
      return
    }
    app.delete(taken)
  }
  old.set('email', to)
  app.save(old)
}

/**
 * The person of `from` becomes the person of `to`, with `from` among their previous addresses.
 * When `to` already had a person of its own, that one is merged in and removed.
 */
function movePerson(app: App, from: string, to: string): void {
  const moving = findPersonByEmail(app, from)
  const there = findPersonByEmail(app, to)
  if (!moving) {
    // Nothing was ever kept for the old address; the new one (if any) only learns about it.
    if (there) setAddresses(app, there, to, previousEmailsOf(there).concat([from]))
    return
  }
  let previous = previousEmailsOf(moving).concat([normalEmail(moving.getString('email'))])
  if (there && there.id !== moving.id) {
    previous = previous.concat(previousEmailsOf(there), [normalEmail(there.getString('email'))])
    // The consultant's work on either person stays: the older status wins unless it says New.
    if (moving.getString('status') === 'new' && there.getString('status') !== 'new') {
      moving.set('status', there.getString('status'))
    }
    repointRelations(app, there.id, moving.id)
    app.delete(there)
  }
  setAddresses(app, moving, to, previous)
}

/** Saves `person` under `current`, with `previous` (deduplicated, without `current`) before it. */
function setAddresses(app: App, person: core.Record, current: string, previous: string[]): void {
  const list: string[] = []
  for (const email of previous) {
    const address = normalEmail(email)
    if (address && address !== current && list.indexOf(address) < 0) list.push(address)
  }
  person.set('email', current)
  person.set('previousEmails', list)
  app.save(person)
}

/**
 * Points every relation to the person `fromId` at `toId` instead: the notes and status changes
 * of `person_updates`, and any other collection that refers to people.
 */
function repointRelations(app: App, fromId: string, toId: string): void {
  const people = app.findCollectionByNameOrId('people')
  for (const collection of app.findAllCollections()) {
    if (!collection || collection.type === 'view') continue
    for (const field of collection.fields) {
      if (field.type() !== 'relation') continue
      const relation = field as unknown as core.RelationField
      if (relation.collectionId !== people.id) continue
      const name = relation.getName()
      // A single relation holds the id; a multiple one a JSON array of ids (ids are random
      // [a-z0-9]{15}, so a plain replace touches only that id).
      app
        .db()
        .newQuery(
          'UPDATE {{' +
            collection.name +
            '}} SET [[' +
            name +
            ']] = REPLACE([[' +
            name +
            ']], {:from}, {:to}) WHERE instr([[' +
            name +
            ']], {:from}) > 0',
        )
        .bind({ from: fromId, to: toId })
        .execute()
    }
  }
}
