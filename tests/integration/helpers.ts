// Helpers for tests against the real PocketBase started by global-setup.ts.
import { randomBytes } from 'node:crypto'
import PocketBase from 'pocketbase'
import { inject } from 'vitest'
import { SUPERUSER } from './harness-env'

export function pbUrl(): string {
  return inject('pbUrl')
}

/** A client with no session (a guest). autoCancellation off: tests fire requests in parallel. */
export function guestClient(url = pbUrl()): PocketBase {
  const pb = new PocketBase(url)
  pb.autoCancellation(false)
  return pb
}

export async function superuserClient(url = pbUrl()): Promise<PocketBase> {
  const pb = guestClient(url)
  await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password)
  return pb
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`
}

/** A 15-char [a-z0-9] record id, as the client's outbox makes them. */
export function recordId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(randomBytes(15), (b) => alphabet[b % alphabet.length]).join('')
}

export interface TestUser {
  id: string
  email: string
  password: string
  pb: PocketBase
}

/** Signs up a user (optionally verified or admin, set as superuser) and signs them in. */
export async function createUser(
  opts: { verified?: boolean; isAdmin?: boolean; label?: string; url?: string } = {},
): Promise<TestUser> {
  const url = opts.url ?? pbUrl()
  const email = uniqueEmail(opts.label)
  const password = 'correct-horse-42'
  const su = await superuserClient(url)
  const record = await su.collection('users').create({
    email,
    password,
    passwordConfirm: password,
    fullName: 'Test User',
    verified: opts.verified ?? false,
    isAdmin: opts.isAdmin ?? false,
  })
  const pb = guestClient(url)
  await pb.collection('users').authWithPassword(email, password)
  return { id: record.id, email, password, pb }
}
