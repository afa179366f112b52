// Server-side normalisation and de-duplication (pb_hooks/newsletter.pb.js, contacts.pb.js,
// users.pb.js; server/newsletter/, server/leads/contacts.ts, server/accounts/signup.ts) against the
// real PocketBase: what is stored, what the client is answered, and that bad input is a 400 naming
// the field, never a 500.
import { ClientResponseError } from 'pocketbase'
import type PocketBase from 'pocketbase'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUser, guestClient, pbUrl, recordId, superuserClient, uniqueEmail } from './helpers'
import { decideSignUps } from './support/newsletter-signups'

const NEWSLETTER = 'newsletter_subscriptions'

let su: PocketBase
beforeAll(async () => {
  su = await superuserClient()
})

/** The error a call failed with (fails the test if it succeeded). */
async function failure(promise: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof ClientResponseError) return err
    throw err
  }
  throw new Error('expected the request to fail')
}

/** Sign-ups are answered at once and decided later: decide the waiting ones now. */
function decide() {
  return decideSignUps(pbUrl(), su.authStore.token)
}

function rowsWithEmail(collection: string, email: string) {
  return su.collection(collection).getFullList({ filter: su.filter('email = {:email}', { email }) })
}

function shouting(email: string): string {
  return `  ${email.toUpperCase()} \t`
}

function secondsFromNow(iso: string): number {
  return Math.abs(Date.now() - new Date(iso.replace(' ', 'T')).getTime()) / 1000
}

describe('newsletter sign-up', () => {
  it('stores the e-mail trimmed and lowercased, and pending until confirmed', async () => {
    const email = uniqueEmail('news')
    const created = await guestClient()
      .collection(NEWSLETTER)
      .create({
        email: shouting(email),
        source: 'hero_section',
        userAgent: 'vitest',
      })
    expect(created.email).toBe(email)
    expect(created.status).toBe('pending')
    await decide()
    const stored = await su.collection(NEWSLETTER).getOne(created.id)
    expect(stored).toMatchObject({ email, status: 'pending', source: 'hero_section' })
  })

  it('answers a second sign-up of the same e-mail like a create, and adds no row', async () => {
    const email = uniqueEmail('news-twice')
    const firstId = recordId()
    const first = await guestClient()
      .collection(NEWSLETTER)
      .create({ id: firstId, email, source: 'footer', userAgent: 'first' })
    await new Promise((r) => setTimeout(r, 20))

    const secondId = recordId()
    const second = await guestClient()
      .collection(NEWSLETTER)
      .create({ id: secondId, email: shouting(email), source: 'about', userAgent: 'second' })

    // Shaped like a fresh record made from THIS request: nothing of the stored row leaks.
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort())
    expect(second).toMatchObject({
      id: secondId,
      collectionName: NEWSLETTER,
      email,
      source: 'about',
      userAgent: 'second',
      status: 'pending',
    })
    expect(second.created).not.toBe(first.created)
    expect(secondsFromNow(second.created)).toBeLessThan(60)

    await decide()
    const rows = await rowsWithEmail(NEWSLETTER, email)
    expect(rows.map((r) => r.id)).toEqual([firstId])
    expect(rows[0]).toMatchObject({ source: 'footer', userAgent: 'first', status: 'pending' })
  })

  it("answers a second sign-up without an id with a new id, never the stored row's", async () => {
    const email = uniqueEmail('news-noid')
    const first = await guestClient().collection(NEWSLETTER).create({ email, source: 'footer' })
    await decide()
    const second = await guestClient().collection(NEWSLETTER).create({ email, source: 'footer' })
    expect(second.id).not.toBe(first.id)
    await decide()
    expect((await rowsWithEmail(NEWSLETTER, email)).map((r) => r.id)).toEqual([first.id])
  })

  it('answers an outbox re-sending the same record id like the first time (200), storing it once', async () => {
    const email = uniqueEmail('news-retry')
    const id = recordId()
    const body = { id, email, source: 'footer' }
    await guestClient().collection(NEWSLETTER).create(body)
    const again = await guestClient().collection(NEWSLETTER).create(body)
    expect(again).toMatchObject({ id, email, source: 'footer' })
    await decide()
    expect((await rowsWithEmail(NEWSLETTER, email)).map((r) => r.id)).toEqual([id])
  })

  it('works from the sign-up form for a signed-in user, also when already subscribed', async () => {
    const user = await createUser({ label: 'news-member' })
    const created = await user.pb
      .collection(NEWSLETTER)
      .create({ email: user.email, source: 'signup' })
    expect(created).toMatchObject({ email: user.email, source: 'signup', status: 'pending' })
    const again = await user.pb
      .collection(NEWSLETTER)
      .create({ id: recordId(), email: user.email, source: 'signup' })
    expect(again).toMatchObject({ email: user.email, source: 'signup', status: 'pending' })
    await decide()
    expect(await rowsWithEmail(NEWSLETTER, user.email)).toHaveLength(1)
  })

  it('adds one row for two sign-ups of one e-mail in one batch (the outbox flush)', async () => {
    const email = uniqueEmail('news-batch')
    const batch = guestClient().createBatch()
    batch.collection(NEWSLETTER).create({ id: recordId(), email, source: 'footer' })
    batch.collection(NEWSLETTER).create({ id: recordId(), email: shouting(email), source: 'about' })
    const results = await batch.send()
    expect(results.map((r) => r.status)).toEqual([200, 200])
    expect(results.map((r) => (r.body as { email: string }).email)).toEqual([email, email])
    await decide()
    expect(await rowsWithEmail(NEWSLETTER, email)).toHaveLength(1)
  })

  it.each([
    ['a malformed e-mail', { email: 'not-an-email', source: 'footer' }, 'email'],
    ['a blank e-mail', { email: '   ', source: 'footer' }, 'email'],
    ['an e-mail that is not text', { email: { nested: true }, source: 'footer' }, 'email'],
    ['an unknown source', { email: uniqueEmail('news-bad'), source: 'popup' }, 'source'],
    ['a malformed id', { id: 'NOT VALID', email: uniqueEmail('news-bad'), source: 'footer' }, 'id'],
  ])('answers 400 naming the field for %s', async (_label, body, field) => {
    const err = await failure(guestClient().collection(NEWSLETTER).create(body))
    expect(err.status).toBe(400)
    expect(Object.keys(err.response.data ?? {})).toEqual([field])
  })

  it.each([
    ['an unknown source', { source: 'popup' }, 'source'],
    ['a malformed id', { id: 'NOT VALID', source: 'footer' }, 'id'],
    [
      'a user agent that is too long',
      { source: 'footer', userAgent: 'x'.repeat(600) },
      'userAgent',
    ],
  ])('validates a repeat sign-up too: 400 for %s', async (_label, extra, field) => {
    const email = uniqueEmail('news-repeat-bad')
    await guestClient().collection(NEWSLETTER).create({ email, source: 'footer' })
    await decide()
    const err = await failure(
      guestClient()
        .collection(NEWSLETTER)
        .create({ email, ...extra }),
    )
    expect(err.status).toBe(400)
    expect(err.response.message).toBe('Failed to create record.')
    expect(Object.keys(err.response.data ?? {})).toEqual([field])
    expect(await rowsWithEmail(NEWSLETTER, email)).toHaveLength(1)
  })
})

describe('contact messages', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    name: '  Jane Doe  ',
    email: shouting(uniqueEmail('contact')),
    message: '\n  I run a sawmill in Lancaster.  \n',
    source: 'portfolio_website',
    ...extra,
  })

  it('stores name, e-mail and message trimmed, the e-mail lowercased, unprocessed', async () => {
    const sent = body()
    const created = await guestClient().collection('contacts').create(sent)
    const stored = await su.collection('contacts').getOne(created.id)
    expect(stored).toMatchObject({
      name: 'Jane Doe',
      email: (sent.email as string).trim().toLowerCase(),
      message: 'I run a sawmill in Lancaster.',
      processed: false,
    })
  })

  it('stores processed=false even for a superuser create that says otherwise', async () => {
    const created = await su.collection('contacts').create(body({ processed: true }))
    expect((await su.collection('contacts').getOne(created.id)).processed).toBe(false)
  })

  it.each([
    ['a name of only spaces', { name: '   ' }, 'name'],
    ['a message of only spaces', { message: ' \n\t ' }, 'message'],
    ['a malformed e-mail', { email: ' nobody at example ' }, 'email'],
    ['a message that is not text', { message: ['a', 'b'] }, 'message'],
  ])('answers 400 naming the field for %s', async (_label, extra, field) => {
    const err = await failure(guestClient().collection('contacts').create(body(extra)))
    expect(err.status).toBe(400)
    expect(Object.keys(err.response.data ?? {})).toEqual([field])
  })
})

describe('sign-up', () => {
  const PASSWORD = 'correct-horse-42'
  const signUp = (email: string, extra: Record<string, unknown> = {}) =>
    guestClient()
      .collection('users')
      .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, fullName: 'New', ...extra })

  it('stores the e-mail trimmed and lowercased, and signs in with it', async () => {
    const email = uniqueEmail('signup')
    const created = await signUp(shouting(email))
    expect((await su.collection('users').getOne(created.id)).email).toBe(email)
    const pb = guestClient()
    await pb.collection('users').authWithPassword(email, PASSWORD)
    expect(pb.authStore.record?.id).toBe(created.id)
  })

  it('stamps agreedToTermsAt with the server time when the client agrees', async () => {
    const created = await signUp(uniqueEmail('signup-terms'), { agreedToTerms: true })
    expect(secondsFromNow(created.agreedToTermsAt)).toBeLessThan(60)
  })

  it('ignores a client-made agreedToTermsAt in favour of the server time', async () => {
    const created = await signUp(uniqueEmail('signup-old'), {
      agreedToTermsAt: '2001-01-01 00:00:00.000Z',
    })
    expect(secondsFromNow(created.agreedToTermsAt)).toBeLessThan(60)
  })

  it('leaves agreedToTermsAt empty when the client did not agree', async () => {
    const created = await signUp(uniqueEmail('signup-no'), { agreedToTerms: false })
    expect(created.agreedToTermsAt).toBe('')
  })

  it('never lets a user move their agreement time later, but lets them agree once', async () => {
    const user = await createUser({ label: 'terms-later' })
    const agreed = await user.pb
      .collection('users')
      .update(user.id, { agreedToTerms: true, fullName: 'Agreed' })
    expect(secondsFromNow(agreed.agreedToTermsAt)).toBeLessThan(60)

    for (const attempt of [
      { agreedToTermsAt: '2001-01-01 00:00:00.000Z' },
      { agreedToTermsAt: '' },
    ]) {
      const updated = await user.pb.collection('users').update(user.id, attempt)
      expect(updated.agreedToTermsAt).toBe(agreed.agreedToTermsAt)
    }
  })

  it('answers 400 naming the field for a malformed e-mail', async () => {
    const err = await failure(signUp('  not an email '))
    expect(err.status).toBe(400)
    expect(Object.keys(err.response.data ?? {})).toEqual(['email'])
  })
})
