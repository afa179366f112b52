// The newsletter's own routes (server/newsletter/subscription-routes.ts): confirming and
// unsubscribing with the signed token from a mail's link (no session needed), and a signed-in
// user's own subscription. Every call takes the client first so the same code runs in the app and
// in tests.
import type PocketBase from 'pocketbase'
import { ClientResponseError } from 'pocketbase'
import type {
  LinkInput,
  OwnSubscriptionAnswer,
  OwnSubscriptionInput,
  OwnSubscriptionStatus,
} from '../../server/newsletter/api'

export type { OwnSubscriptionStatus }

/** What a link page tells the visitor. */
export type LinkOutcome = 'done' | 'invalid' | 'expired' | 'busy' | 'offline' | 'failed'

function outcomeOf(err: unknown): LinkOutcome {
  if (!(err instanceof ClientResponseError)) return 'failed'
  if (err.isAbort || err.status === 0) return 'offline'
  if (err.status === 429) return 'busy'
  const code = (err.response?.data as { token?: { code?: string } } | undefined)?.token?.code
  if (err.status === 400 && code === 'validation_link_expired') return 'expired'
  if (err.status === 400 && code) return 'invalid'
  return 'failed'
}

async function postToken(
  pb: PocketBase,
  path: string,
  token: string,
  extra: Omit<LinkInput, 'token'> = {},
): Promise<LinkOutcome> {
  try {
    const body: LinkInput = { ...extra, token }
    await pb.send(path, { method: 'POST', body })
    return 'done'
  } catch (err) {
    return outcomeOf(err)
  }
}

/** Follows the confirmation mail's link: pending becomes active. */
export function confirmSubscription(pb: PocketBase, token: string): Promise<LinkOutcome> {
  return postToken(pb, '/api/newsletter/confirm', token)
}

/**
 * The unsubscribe page's button: the address is unsubscribed at once. `issue`: the newsletter
 * issue whose link was followed (its results count the unsubscribe).
 */
export function unsubscribeWithToken(
  pb: PocketBase,
  token: string,
  issue = '',
): Promise<LinkOutcome> {
  return postToken(pb, '/api/newsletter/unsubscribe', token, issue ? { issue } : {})
}

export async function getOwnSubscription(pb: PocketBase): Promise<OwnSubscriptionStatus> {
  const answer = await pb.send<OwnSubscriptionAnswer>('/api/newsletter/me', { method: 'GET' })
  return answer.status
}

/**
 * Subscribes (active at once with a verified e-mail, else pending with a confirmation mail) or
 * unsubscribes the signed-in user's own address.
 */
export async function setOwnSubscription(
  pb: PocketBase,
  subscribed: boolean,
): Promise<OwnSubscriptionStatus> {
  const body: OwnSubscriptionInput = { subscribed }
  const answer = await pb.send<OwnSubscriptionAnswer>('/api/newsletter/me', {
    method: 'POST',
    body,
  })
  return answer.status
}
