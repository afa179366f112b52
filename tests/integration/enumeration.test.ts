// Account enumeration: sign-up, sign-in, password reset and the
// verification request answer a registered e-mail exactly as an unregistered one - status, body
// shape and message - and the texts the pages build from those answers are the same too.
import type PocketBase from 'pocketbase'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  accountMessages,
  createAccount,
  passwordResetErrorMessage,
  registerAndSignIn,
  sendPasswordReset,
  signInWithPassword,
  signupErrorMessage,
  type SignupInput,
} from '../../src/backend/account-api'
import { loginErrorMessage } from '../../src/backend/errors'
import {
  createUser,
  guestClient,
  pbUrl,
  superuserClient,
  uniqueEmail,
  type TestUser,
} from './helpers'

interface Answer {
  status: number
  /** The body with values that differ per request (ids, times) replaced by their type. */
  shape: unknown
}

const VOLATILE = new Set(['id', 'created', 'updated', 'agreedToTermsAt'])

function shapeOf(value: unknown, key = ''): unknown {
  if (VOLATILE.has(key)) return typeof value
  if (Array.isArray(value)) return value.map((v) => shapeOf(v))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shapeOf((value as Record<string, unknown>)[k], k)]),
    )
  }
  return value
}

async function post(path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${pbUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, shape: text ? shapeOf(JSON.parse(text)) : '' }
}

function signupBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: 'another-pass-77',
    passwordConfirm: 'another-pass-77',
    fullName: 'Someone Else',
    newsletterConsent: true,
    agreedToTerms: true,
    ...overrides,
  }
}

let registered: TestUser
let su: PocketBase

beforeAll(async () => {
  registered = await createUser({ label: 'enum', verified: true })
  su = await superuserClient()
})

describe('sign-up with a registered e-mail', () => {
  it.each([
    ['a valid sign-up', {}],
    ['a password under 8 characters', { password: 'short7!', passwordConfirm: 'short7!' }],
    ['mismatched passwords', { passwordConfirm: 'different-pass-77' }],
    ['no password', { password: '', passwordConfirm: '' }],
    ['a full name over 200 characters', { fullName: 'x'.repeat(201) }],
    ['a control character in the name', { fullName: 'Ann\u0007' }],
    [
      'a password longer than 71 bytes',
      { password: 'p'.repeat(80), passwordConfirm: 'p'.repeat(80) },
    ],
    ['verified set by the visitor', { verified: true }],
    ['isAdmin set by the visitor', { isAdmin: true }],
    ['a malformed id', { id: 'NOT-AN-ID' }],
  ])('answers %s exactly as for a new e-mail', async (_what, overrides) => {
    const taken = await post(
      '/api/collections/users/records',
      signupBody(registered.email, overrides),
    )
    const fresh = await post(
      '/api/collections/users/records',
      signupBody(uniqueEmail('enum-new'), overrides),
    )
    expect(taken).toEqual(fresh)
  })

  it('answers in any case and spacing of the address, and changes nothing about the account', async () => {
    const variants = [registered.email.toUpperCase(), `  ${registered.email}\t`]
    for (const email of variants) {
      const answer = await post('/api/collections/users/records', signupBody(email))
      expect(answer.status).toBe(200)
    }
    const accounts = await su
      .collection('users')
      .getFullList({ filter: su.filter('email = {:email}', { email: registered.email }) })
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({ id: registered.id, fullName: 'Test User', verified: true })
    // Only the owner's password still opens it.
    await expect(
      signInWithPassword(guestClient(), registered.email, registered.password),
    ).resolves.toBeTruthy()
    await expect(
      signInWithPassword(guestClient(), registered.email, 'another-pass-77'),
    ).rejects.toThrow()
  })

  it('leads the sign-up page to its neutral text, never to "already registered"', async () => {
    const input: SignupInput = {
      fullName: 'Someone Else',
      email: registered.email,
      password: 'another-pass-77',
      passwordConfirm: 'another-pass-77',
      newsletterConsent: false,
      agreedToTerms: true,
    }
    // What src/backend/session.ts signUp does: create, then sign in.
    await expect(createAccount(guestClient(), input)).resolves.toMatchObject({
      id: expect.any(String),
    })
    let err: unknown
    try {
      await registerAndSignIn(guestClient(), input)
    } catch (e) {
      err = e
    }
    expect(signupErrorMessage(err)).toBe(accountMessages.signupNotPossible)
  })
})

describe('sign-in with a wrong password', () => {
  it('answers a registered and an unknown e-mail the same, and the page says the same', async () => {
    const body = (identity: string) => ({ identity, password: 'wrong-password-1' })
    const known = await post('/api/collections/users/auth-with-password', body(registered.email))
    const unknown = await post(
      '/api/collections/users/auth-with-password',
      body(uniqueEmail('nobody')),
    )
    expect(known).toEqual(unknown)
    expect(known.status).toBe(400)

    const messages: string[] = []
    for (const email of [registered.email, uniqueEmail('nobody')]) {
      try {
        await signInWithPassword(guestClient(), email, 'wrong-password-1')
      } catch (err) {
        messages.push(loginErrorMessage(err))
      }
    }
    expect(messages).toEqual(['Incorrect email or password.', 'Incorrect email or password.'])
  })
})

describe('password reset and verification requests', () => {
  it.each([
    ['password reset', '/api/collections/users/request-password-reset'],
    ['verification', '/api/collections/users/request-verification'],
  ])('%s answers a registered and an unknown e-mail the same', async (_what, path) => {
    const known = await post(path, { email: registered.email })
    const unknown = await post(path, { email: uniqueEmail('nobody') })
    expect(known).toEqual(unknown)
    expect(known.status).toBe(204)
  })

  it('leads the page to the same text for both', async () => {
    const texts: string[] = []
    for (const email of [registered.email, uniqueEmail('nobody')]) {
      try {
        await sendPasswordReset(guestClient(), email)
        texts.push(accountMessages.resetRequested)
      } catch (err) {
        texts.push(passwordResetErrorMessage(err))
      }
    }
    expect(texts).toEqual([accountMessages.resetRequested, accountMessages.resetRequested])
  })
})

describe('listing accounts as a guest', () => {
  it('finds nothing by e-mail, registered or not', async () => {
    for (const email of [registered.email, uniqueEmail('nobody')]) {
      const page = await guestClient()
        .collection('users')
        .getList(1, 10, { filter: `email = "${email}"` })
      expect(page.totalItems).toBe(0)
    }
  })
})
