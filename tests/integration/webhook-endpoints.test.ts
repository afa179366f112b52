// The consultant's endpoints through /api/webhooks: who may manage them, what a request must
// carry, and the signing secret - `whsec_` + base64, shown in the answer that makes it and never
// readable again through any API, superusers' included.
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from './helpers'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'
import { startWebhookServer, type WebhookServer } from './support/webhook-harness'

let receiver: WebhookReceiver
let server: WebhookServer
let member: TestUser

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  server = await startWebhookServer()
  member = await createUser({ verified: true, label: 'member', url: server.url })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

async function post(pb: PocketBase | null, path: string, body: unknown, method = 'POST') {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(pb ? { authorization: pb.authStore.token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

const hook = () => ({ url: `${receiver.origin}/hook`, events: ['audit.completed'] })

describe('who may manage endpoints', () => {
  const callers: Array<[string, number, () => PocketBase | null]> = [
    ['a guest', 401, () => null],
    ['a signed-in member', 403, () => member.pb],
    ['the admin', 200, () => server.admin.pb],
    ['a superuser', 200, () => server.su],
  ]
  it.each(callers)('%s adding one gets %i', async (_who, status, client) => {
    expect((await post(client(), '/api/webhooks', hook())).status).toBe(status)
  })

  it('a member can neither read endpoints nor act on them', async () => {
    const { id } = await server.addEndpoint(`${receiver.origin}/private`, ['call.booked'])
    expect(await member.pb.collection('webhook_endpoints').getFullList()).toEqual([])
    expect(await member.pb.collection('webhook_attempts').getFullList()).toEqual([])
    expect(await member.pb.collection('webhook_events').getFullList()).toEqual([])
    for (const [path, method] of [
      [`/api/webhooks/${id}`, 'PATCH'],
      [`/api/webhooks/${id}`, 'DELETE'],
      [`/api/webhooks/${id}/rotate`, 'POST'],
      [`/api/webhooks/${id}/test`, 'POST'],
      [`/api/webhooks/${id}/resend`, 'POST'],
    ]) {
      // A DELETE reads no body (the route's limit is none): send it none, as the console does.
      const body = method === 'DELETE' ? undefined : {}
      expect((await post(member.pb, path, body, method)).status).toBe(403)
    }
    // Running the queue is for superusers only, not even the admin.
    expect((await post(member.pb, '/api/webhooks/flush', {})).status).toBe(403)
    expect((await post(server.admin.pb, '/api/webhooks/flush', {})).status).toBe(403)
    expect((await post(null, '/api/webhooks/flush', {})).status).toBe(401)
  })
})

describe('the signing secret', () => {
  it('is whsec_ + base64 of 36 bytes, in the answer that makes it', async () => {
    const { status, json } = await post(server.admin.pb, '/api/webhooks', hook())
    expect(status).toBe(200)
    expect(json.id).toMatch(/^[a-z0-9]{15}$/)
    expect(json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{48}$/)
    expect(Buffer.from(json.secret.slice(6), 'base64')).toHaveLength(36)
    expect(json.endpoint).not.toHaveProperty('secret')
  })

  it('is never readable again: list, view, asked-for fields, filter; superusers included', async () => {
    const { json } = await post(server.admin.pb, '/api/webhooks', hook())
    await post(server.admin.pb, `/api/webhooks/${json.id}/rotate`, undefined)
    for (const pb of [server.admin.pb, server.su]) {
      const list = await pb.collection('webhook_endpoints').getFullList()
      const one = await pb.collection('webhook_endpoints').getOne(json.id)
      const asked = await pb
        .collection('webhook_endpoints')
        .getOne(json.id, { fields: 'id,secret,previousSecret' })
      for (const record of [...list, one, asked]) {
        expect(record).not.toHaveProperty('secret')
        expect(record).not.toHaveProperty('previousSecret')
      }
      expect(JSON.stringify(list)).not.toContain('whsec_')
      await expect(
        pb.collection('webhook_endpoints').getList(1, 1, { filter: 'secret ~ "whsec_A"' }),
      ).rejects.toMatchObject({ status: 400 })
    }
    const changed = await post(
      server.admin.pb,
      `/api/webhooks/${json.id}`,
      { enabled: false },
      'PATCH',
    )
    expect(JSON.stringify(changed.json)).not.toContain('whsec_')
  })

  it('cannot be set or changed through the records API', async () => {
    const { json } = await post(server.admin.pb, '/api/webhooks', hook())
    await expect(
      server.su
        .collection('webhook_endpoints')
        .create({ url: 'https://1.1.1.1/', events: ['call.booked'], secret: 'whsec_AAAA' }),
    ).rejects.toMatchObject({ status: 400 })
    await expect(
      server.su.collection('webhook_endpoints').update(json.id, { secret: 'whsec_AAAA' }),
    ).rejects.toMatchObject({ status: 400 })
    await expect(
      server.admin.pb.collection('webhook_endpoints').update(json.id, { enabled: false }),
    ).rejects.toMatchObject({ status: 403 })
  })
})

describe('what a request must carry', () => {
  it.each([
    ['no url', () => ({ events: ['audit.completed'] }), 'url'],
    ['an empty url', () => ({ url: ' ', events: ['audit.completed'] }), 'url'],
    ['no events', () => ({ url: 'https://1.1.1.1/x' }), 'events'],
    ['an empty event list', () => ({ url: 'https://1.1.1.1/x', events: [] }), 'events'],
    ['an unknown event', () => ({ url: 'https://1.1.1.1/x', events: ['audit.x'] }), 'events'],
    [
      'a name of 101 characters',
      () => ({ ...hook(), description: 'x'.repeat(101) }),
      'description',
    ],
    ['a name on two lines', () => ({ ...hook(), description: 'a\nb' }), 'description'],
  ])('%s: 400 naming the field', async (_case, body, field) => {
    const { status, json } = await post(server.admin.pb, '/api/webhooks', body())
    expect(status).toBe(400)
    expect(json.data[field]).toBeDefined()
  })

  it('a body over 4 KiB: 413 before it is read', async () => {
    const { status } = await post(server.admin.pb, '/api/webhooks', {
      ...hook(),
      description: 'x'.repeat(5000),
    })
    expect(status).toBe(413)
  })

  it('a URL is stored in the one form it is sent to', async () => {
    const { json } = await post(server.admin.pb, '/api/webhooks', {
      url: `HTTP://127.0.0.1:${receiver.port}?a=1#fragment`,
      events: ['audit.completed'],
    })
    expect(json.endpoint.url).toBe(`http://127.0.0.1:${receiver.port}/?a=1`)
  })

  it('edits the events, the name and the URL; an edited URL is checked again', async () => {
    const { json } = await post(server.admin.pb, '/api/webhooks', hook())
    const edited = await post(
      server.admin.pb,
      `/api/webhooks/${json.id}`,
      {
        events: ['call.booked', 'audit.completed'],
        description: 'Sheets',
        url: `${receiver.origin}/v2`,
      },
      'PATCH',
    )
    expect(edited.json).toMatchObject({
      events: ['call.booked', 'audit.completed'],
      description: 'Sheets',
      url: `${receiver.origin}/v2`,
    })
    const refused = await post(
      server.admin.pb,
      `/api/webhooks/${json.id}`,
      { url: 'https://169.254.169.254/' },
      'PATCH',
    )
    expect(refused.status).toBe(400)
    expect(refused.json.data.url.message).toMatch(/metadata/)
  })

  it('at most 10 endpoints', async () => {
    const existing = (await server.admin.pb.collection('webhook_endpoints').getFullList()).length
    for (let n = existing; n < 10; n++) {
      expect((await post(server.admin.pb, '/api/webhooks', hook())).status).toBe(200)
    }
    const over = await post(server.admin.pb, '/api/webhooks', hook())
    expect(over.status).toBe(400)
    expect(over.json.data.url.code).toBe('validation_too_many')
  })
})
