// The funnel's visit token (server/funnel/token.ts) made by a test with the server's own
// key (read as superuser from app_secrets), so a test can hold a token of any age without
// waiting for one to grow old.
import { createHmac } from 'node:crypto'
import type PocketBase from 'pocketbase'

const GRAIN_MS = 10_000

export async function visitToken(su: PocketBase, ageMs: number): Promise<string> {
  const secret = await su
    .collection('app_secrets')
    .getFirstListItem<{ value: string }>(su.filter('name = {:name}', { name: 'funnel_tokens' }))
  const issued = Math.floor((Date.now() - ageMs) / GRAIN_MS) * GRAIN_MS
  const signature = createHmac('sha256', secret.value)
    .update(`funnel-visit:${issued}`)
    .digest('hex')
  return `${issued.toString(36)}.${signature}`
}
