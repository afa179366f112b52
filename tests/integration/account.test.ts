// Accounts against the real PocketBase: sign-up errors (no account enumeration), password
// reset, session refresh, and POST /api/account/delete (pb_hooks/account.pb.js,
// server/accounts/deletion.ts) checked row by row as a superuser.
import type PocketBase from 'pocketbase'
import { describe, expect, it } from 'vitest'
import {
  accountMessages,
  createAccount,
  deleteAccountOnServer,
  fetchAudits,
  registerAndSignIn,
  refreshAuth,
  sendPasswordReset,
  signInWithPassword,
  signupErrorMessage,
  type SignupInput,
} from '../../src/backend/account-api'
import { deleteAccountErrorMessage } from '../../src/backend/errors'
import { messages } from '../../src/config/messages'
import {
  createUser,
  guestClient,
  pbUrl,
  recordId,
  superuserClient,
  uniqueEmail,
  type TestUser,
} from './helpers'
import { auditJobsDone } from './support/audit-jobs'
import { decideSignUps } from './support/newsletter-signups'

const ANSWERS = { primary_goal: { value: 'increase_leads', score: 10 } }

function signup(overrides: Partial<SignupInput> = {}): SignupInput {
  return {
    fullName: 'Pat Example',
    email: uniqueEmail('signup'),
    password: 'long-enough-pw',
    passwordConfirm: 'long-enough-pw',
    newsletterConsent: false,
    agreedToTerms: true,
    ...overrides,
  }
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (err) {
    return err
  }
  throw new Error('expected the call to fail')
}

async function memberAudit(user: TestUser): Promise<string> {
  const id = recordId()
  await user.pb.collection('audits').create({
    id,
    flow: 'member',
    email: user.email,
    user: user.id,
    answers: ANSWERS,
    completedAt: new Date().toISOString(),
  })
  return id
}

async function freeAudit(email: string): Promise<string> {
  const id = recordId()
  await guestClient().collection('audits').create({
    id,
    flow: 'free',
    email,
    answers: ANSWERS,
    completedAt: new Date().toISOString(),
  })
  return id
}

/** A newsletter sign-up, decided at once (as the server's cron job would, within a minute). */
async function subscribe(email: string, source = 'footer'): Promise<void> {
  await guestClient()
    .collection('newsletter_subscriptions')
    .create({ id: recordId(), email, source })
  await decideSignUps(pbUrl(), (await superuserClient()).authStore.token)
}

/** A mail row that copies an audit, as the mail queue writes them (only superusers create). */
async function queuedMail(su: PocketBase, to: string, sourceId: string): Promise<string> {
  const mail = await su.collection('deliveries').create({
    recipient: to,
    subject: 'Your results',
    text: 'copy of the answers',
    kind: 'visitor_results',
    channel: 'mail',
    class: 'visitor',
    status: 'pending',
    sourceId,
  })
  return mail.id
}

/** Mail rows built from these audits (the mail queue sets sourceId to the audit id). */
async function mailsFrom(su: PocketBase, auditIds: string[]): Promise<number> {
  let count = 0
  for (const id of auditIds) {
    count += (
      await su
        .collection('deliveries')
        .getFullList({ filter: su.filter('sourceId = {:id}', { id }) })
    ).length
  }
  return count
}

/** Every row the superuser can see that belongs to this user, collection by collection. */
async function rowsOf(su: PocketBase, user: { id: string; email: string }) {
  const byEmail = su.filter('email = {:email}', { email: user.email })
  return {
    users: (
      await su.collection('users').getFullList({ filter: su.filter('id = {:id}', { id: user.id }) })
    ).length,
    auditsOwned: (
      await su
        .collection('audits')
        .getFullList({ filter: su.filter('user = {:id}', { id: user.id }) })
    ).length,
    auditsByEmail: (await su.collection('audits').getFullList({ filter: byEmail })).length,
    newsletter: (await su.collection('newsletter_subscriptions').getFullList({ filter: byEmail }))
      .length,
    mails: (
      await su
        .collection('deliveries')
        .getFullList({ filter: su.filter('recipient = {:email}', { email: user.email }) })
    ).length,
  }
}

describe('sign-up', () => {
  it('stores the profile fields and lets the new user sign in', async () => {
    const input = signup({ newsletterConsent: true })
    const pb = guestClient()
    await createAccount(pb, input)
    const auth = await signInWithPassword(pb, input.email, input.password)
    expect(auth.record).toMatchObject({
      email: input.email,
      fullName: 'Pat Example',
      newsletterConsent: true,
      isAdmin: false,
      verified: false,
    })
    expect(auth.record.agreedToTermsAt).not.toBe('')
  })

  it('refuses a password under 8 characters with the length message', async () => {
    const err = await failureOf(
      createAccount(guestClient(), signup({ password: 'short7!', passwordConfirm: 'short7!' })),
    )
    expect(signupErrorMessage(err)).toBe('Password must be at least 8 characters long.')
  })

  it('refuses a taken e-mail with a message that does not confirm the address exists', async () => {
    const input = signup()
    await registerAndSignIn(guestClient(), input)
    // Same e-mail in other case, another password: the server may answer the create like a new
    // account's (pb_hooks/users.pb.js, server/accounts/signup.ts); the sign-in that follows cannot
    // succeed.
    const second = guestClient()
    const err = await failureOf(
      registerAndSignIn(
        second,
        signup({
          email: input.email.toUpperCase(),
          password: 'another-password',
          passwordConfirm: 'another-password',
        }),
      ),
    )
    expect(second.authStore.isValid).toBe(false)
    const message = signupErrorMessage(err)
    expect(message).toBe(accountMessages.signupNotPossible)
    expect(message).not.toMatch(/already (exists|registered|taken|in use)/i)
    expect(message).not.toContain(input.email)
  })
})

describe('password reset', () => {
  it('answers the same for a registered and an unknown e-mail', async () => {
    const user = await createUser()
    await expect(sendPasswordReset(guestClient(), user.email)).resolves.toBeUndefined()
    await expect(sendPasswordReset(guestClient(), uniqueEmail('nobody'))).resolves.toBeUndefined()
  })
})

describe('session refresh', () => {
  it('refreshes a valid token', async () => {
    const user = await createUser()
    expect(await refreshAuth(user.pb)).toBe('refreshed')
    expect(user.pb.authStore.isValid).toBe(true)
  })

  it('keeps the session when the server cannot be reached', async () => {
    const user = await createUser()
    const offline = guestClient('http://127.0.0.1:9') // discard port: nothing listens
    offline.authStore.save(user.pb.authStore.token, user.pb.authStore.record)
    expect(await refreshAuth(offline)).toBe('kept')
    expect(offline.authStore.token).toBe(user.pb.authStore.token)
  })

  it('clears the session when the server refuses the token (401)', async () => {
    const user = await createUser()
    const stale = guestClient()
    stale.authStore.save(user.pb.authStore.token, user.pb.authStore.record)
    await (await superuserClient()).collection('users').delete(user.id)
    expect(await refreshAuth(stale)).toBe('signed-out')
    expect(stale.authStore.token).toBe('')
  })
})

describe('POST /api/account/delete', () => {
  it('removes every row of a verified user in every collection and leaves other users alone', async () => {
    const su = await superuserClient()
    const alice = await createUser({ verified: true, label: 'alice' })
    const bob = await createUser({ verified: true, label: 'bob' })

    const aliceAudits = [
      await memberAudit(alice),
      await memberAudit(alice),
      await freeAudit(alice.email),
    ]
    const aliceMixedCase = await freeAudit(alice.email.toUpperCase())
    await subscribe(alice.email, 'signup')
    await queuedMail(su, alice.email, aliceAudits[2])
    await queuedMail(su, 'owner@test.local', aliceAudits[0]) // the owner's copy of Alice's audit

    const bobAudits = [await memberAudit(bob), await freeAudit(bob.email)]
    await subscribe(bob.email)
    const bobMail = await queuedMail(su, bob.email, bobAudits[1])
    const strangerAudit = await freeAudit(uniqueEmail('stranger'))

    // Alice sees her own and her verified e-mail's audits before deleting.
    const seen = (await fetchAudits(alice.pb)).map((a) => a.id)
    expect(seen).toEqual(expect.arrayContaining(aliceAudits))

    // The audits' jobs queue their mails moments after each create: all of them first.
    await auditJobsDone(pbUrl(), su.authStore.token)
    const allOfAlice = [...aliceAudits, aliceMixedCase]
    const aliceMails = await mailsFrom(su, allOfAlice)
    expect(aliceMails).toBeGreaterThanOrEqual(2) // ours above, plus whatever the audit hooks queued
    const before = {
      bob: await rowsOf(su, bob),
      bobMails: await mailsFrom(su, [...bobAudits, strangerAudit]),
    }

    // The subscription's confirmation mail goes with it.
    const aliceConfirmations = (
      await su.collection('deliveries').getFullList({
        filter: su.filter('kind = "newsletter_confirm" && recipient = {:email}', {
          email: alice.email,
        }),
      })
    ).length
    expect(aliceConfirmations).toBe(1)
    // And the account's own mails (they carry the address).
    const aliceAccountMails = await mailsFrom(su, [alice.id])
    const result = await deleteAccountOnServer(alice.pb, alice.password)
    expect(result.deleted).toEqual({
      audits: 4,
      newsletterSubscriptions: 1,
      mails: aliceMails + aliceConfirmations + aliceAccountMails,
      users: 1,
    })

    expect(await rowsOf(su, alice)).toEqual({
      users: 0,
      auditsOwned: 0,
      auditsByEmail: 0,
      newsletter: 0,
      mails: 0,
    })
    for (const id of allOfAlice) {
      await expect(su.collection('audits').getOne(id)).rejects.toMatchObject({ status: 404 })
    }
    expect(await mailsFrom(su, allOfAlice)).toBe(0)

    expect(await rowsOf(su, bob)).toEqual(before.bob)
    expect(await mailsFrom(su, [...bobAudits, strangerAudit])).toBe(before.bobMails)
    for (const id of [...bobAudits, strangerAudit])
      await expect(su.collection('audits').getOne(id)).resolves.toBeTruthy()
    await expect(su.collection('deliveries').getOne(bobMail)).resolves.toBeTruthy()

    // The account is gone: the old password no longer signs in.
    await expect(
      signInWithPassword(guestClient(), alice.email, alice.password),
    ).rejects.toMatchObject({ status: 400 })
  })

  it('with an unverified e-mail, deletes only what the user owns, not audits or subscriptions others made with that address', async () => {
    const su = await superuserClient()
    const email = uniqueEmail('claimed')
    const someoneElsesAudit = await freeAudit(email)
    await subscribe(email, 'footer') // the real owner of the address subscribed first

    const pb = guestClient()
    await createAccount(
      pb,
      signup({ email, password: 'long-enough-pw', passwordConfirm: 'long-enough-pw' }),
    )
    await signInWithPassword(pb, email, 'long-enough-pw')
    const user = { id: pb.authStore.record!.id, email, password: 'long-enough-pw', pb }
    const own = await memberAudit(user)
    // Counted once the audits' jobs have run: a job queues the mails, and is a row of its own.
    await auditJobsDone(pbUrl(), su.authStore.token)

    const ownMails = await mailsFrom(su, [own])
    const othersMails = await mailsFrom(su, [someoneElsesAudit])
    const result = await deleteAccountOnServer(pb, user.password)
    expect(result.deleted).toEqual({
      audits: 1,
      newsletterSubscriptions: 0,
      mails: ownMails,
      users: 1,
    })
    expect(await mailsFrom(su, [someoneElsesAudit])).toBe(othersMails)
    await expect(su.collection('audits').getOne(own)).rejects.toMatchObject({ status: 404 })
    await expect(su.collection('audits').getOne(someoneElsesAudit)).resolves.toBeTruthy()
    expect((await rowsOf(su, user)).newsletter).toBe(1)
  })

  it("with an unverified e-mail, deletes the subscription the user's own sign-up created", async () => {
    const su = await superuserClient()
    const email = uniqueEmail('fresh')
    const pb = guestClient()
    await createAccount(pb, signup({ email, newsletterConsent: true }))
    await signInWithPassword(pb, email, 'long-enough-pw')
    await subscribe(email, 'signup')

    await deleteAccountOnServer(pb, 'long-enough-pw')
    expect(await rowsOf(su, { id: 'none', email })).toEqual({
      users: 0,
      auditsOwned: 0,
      auditsByEmail: 0,
      newsletter: 0,
      mails: 0,
    })
  })

  it('deletes nothing on a wrong password and answers with the password field error', async () => {
    const su = await superuserClient()
    const carol = await createUser({ verified: true, label: 'carol' })
    await memberAudit(carol)
    await freeAudit(carol.email)
    await subscribe(carol.email)
    // The audits' jobs queue their mails moments after each create: counted once they have run.
    await auditJobsDone(pbUrl(), su.authStore.token)
    const before = await rowsOf(su, carol)

    const err = await failureOf(deleteAccountOnServer(carol.pb, 'not-my-password'))
    expect(err).toMatchObject({
      status: 400,
      response: { data: { password: { code: 'validation_invalid_password' } } },
    })
    expect(deleteAccountErrorMessage(err)).toBe(messages.deleteWrongPassword)
    expect(await rowsOf(su, carol)).toEqual(before)
    expect(before).toMatchObject({ users: 1, auditsOwned: 1, auditsByEmail: 2, newsletter: 1 })
  })

  it('is all or nothing: when one delete fails, every row stays and the answer is a 500', async () => {
    const su = await superuserClient()
    const erin = await createUser({ verified: true, label: 'erin' })
    await memberAudit(erin)
    await freeAudit(erin.email)
    await subscribe(erin.email)
    // The audits' jobs queue their mails moments after each create: counted once they have run.
    await auditJobsDone(pbUrl(), su.authStore.token)
    const before = await rowsOf(su, erin)

    // A required, non-cascading reference makes the final delete of the user fail, after the
    // audits and the subscription were already deleted inside the transaction.
    const users = await su.collections.getOne('users')
    const blocker = await su.collections.create({
      name: `blocker_${recordId()}`,
      type: 'base',
      fields: [
        {
          name: 'owner',
          type: 'relation',
          collectionId: users.id,
          required: true,
          cascadeDelete: false,
          maxSelect: 1,
        },
      ],
    })
    try {
      await su.collection(blocker.id).create({ owner: erin.id })
      const err = await failureOf(deleteAccountOnServer(erin.pb, erin.password))
      expect(err).toMatchObject({ status: 500 })
      expect(deleteAccountErrorMessage(err)).toBe(messages.deleteFailure)
      expect(await rowsOf(su, erin)).toEqual(before)
    } finally {
      await su.collections.delete(blocker.id)
    }
  })

  it('refuses a guest (401) and deletes nothing', async () => {
    const err = await failureOf(deleteAccountOnServer(guestClient(), 'whatever-password'))
    expect(err).toMatchObject({ status: 401 })
  })

  it('locks out after 5 wrong passwords (429, the right password too) so it is no password oracle', async () => {
    const su = await superuserClient()
    const dave = await createUser({ label: 'dave' })
    for (let i = 0; i < 5; i++) {
      expect(await failureOf(deleteAccountOnServer(dave.pb, `wrong-${i}-password`))).toMatchObject({
        status: 400,
      })
    }
    const locked = await failureOf(deleteAccountOnServer(dave.pb, dave.password))
    expect(locked).toMatchObject({ status: 429 })
    expect(deleteAccountErrorMessage(locked)).toBe(messages.deleteTooMany)
    expect((await rowsOf(su, dave)).users).toBe(1)
  })
})
