// Requests inside /api/batch get the same input checks as single creates
// (server/limits/input-hooks.ts): a field of the wrong JSON type is refused naming the field,
// never stored as PocketBase's coercion of it (12345 -> "12345", true -> "true").
import { describe, expect, it } from 'vitest'
import { pbUrl, recordId, superuserClient, uniqueEmail } from './helpers'
import { rawRequest } from './support/raw-request'

async function batch(requests: { collection: string; body: Record<string, unknown> }[]) {
  const answer = await rawRequest(pbUrl(), {
    path: '/api/batch',
    body: JSON.stringify({
      requests: requests.map((r) => ({
        method: 'POST',
        url: `/api/collections/${r.collection}/records`,
        body: r.body,
      })),
    }),
  })
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> }
}

async function exists(collection: string, id: string): Promise<boolean> {
  const su = await superuserClient()
  return su
    .collection(collection)
    .getOne(id)
    .then(
      () => true,
      () => false,
    )
}

const contact = (more: Record<string, unknown> = {}) => ({
  id: recordId(),
  name: 'Ann',
  email: uniqueEmail('batch'),
  message: 'Hello',
  source: 'portfolio_website',
  ...more,
})

describe('a batch sub-request', () => {
  it.each([
    ['contacts', 'name', 12345, contact({ name: 12345 })],
    ['contacts', 'userAgent', true, contact({ userAgent: true })],
    ['contacts', 'message', ['a', 'b'], contact({ message: ['a', 'b'] })],
    [
      'newsletter_subscriptions',
      'userAgent',
      true,
      { id: recordId(), email: uniqueEmail('batch-news'), source: 'footer', userAgent: true },
    ],
  ])(
    'in %s with %s = %j is refused naming the field, and nothing is stored',
    async (collection, field, _v, body) => {
      const good = contact()
      const answer = await batch([
        { collection: 'contacts', body: good },
        { collection, body },
      ])
      expect(answer.status).toBe(400)
      const failed = (answer.body.data as { requests: Record<string, { response: unknown }> })
        .requests
      expect(failed['1'].response).toMatchObject({
        status: 400,
        data: { [field]: { code: 'validation_invalid_type' } },
      })
      // One transaction: the good request is not stored either.
      expect(await exists(collection, String(body.id))).toBe(false)
      expect(await exists('contacts', good.id)).toBe(false)
    },
  )

  it('with proper types is stored as sent', async () => {
    const body = contact({ userAgent: 'Mozilla/5.0' })
    const answer = await batch([{ collection: 'contacts', body }])
    expect(answer.status).toBe(200)
    const su = await superuserClient()
    expect(await su.collection('contacts').getOne(body.id)).toMatchObject({
      name: 'Ann',
      userAgent: 'Mozilla/5.0',
    })
  })
})
