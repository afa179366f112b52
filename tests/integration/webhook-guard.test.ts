// Without WEBHOOKS_ALLOW_PRIVATE, webhooks go only to public https addresses: loopback, private,
// link-local and metadata addresses, and names that resolve to them, are refused when added and
// again when delivering - checked on the resolved address before any connection. Nothing here
// connects anywhere but loopback: the refused deliveries must not even start curl (the harness's
// tripwire records every curl), and a receiver on 127.0.0.1 must see no connection at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordId, uniqueEmail } from './helpers'
import { eventually } from './support/mail-harness'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'
import {
  startWebhookServer,
  type AddedEndpoint,
  type WebhookServer,
} from './support/webhook-harness'

let receiver: WebhookReceiver
let server: WebhookServer

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  // No flag: the production rule.
  server = await startWebhookServer({ allowPrivate: false })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

async function addAnswer(url: string) {
  try {
    await server.addEndpoint(url, ['message.received'])
    return { status: 200, message: '' }
  } catch (err) {
    const e = err as { status: number; response: { data: Record<string, { message: string }> } }
    return { status: e.status, message: e.response.data.url?.message ?? '' }
  }
}

describe('adding an endpoint without WEBHOOKS_ALLOW_PRIVATE', () => {
  const refused: Array<[string, RegExp]> = [
    ['https://127.0.0.1/hook', /127\.0\.0\.1 is a loopback address/],
    ['https://127.8.9.10:8443/hook', /loopback/],
    ['https://10.20.30.40/hook', /10\.20\.30\.40 is a private address/],
    ['https://172.16.5.4/hook', /private/],
    ['https://192.168.1.20/hook', /private/],
    ['https://100.64.0.9/hook', /shared/],
    ['https://169.254.169.254/latest/meta-data/', /cloud metadata/],
    ['https://169.254.10.10/hook', /link-local/],
    ['https://0.0.0.0/hook', /unspecified/],
    ['https://[::1]/hook', /::1 is a loopback address/],
    ['https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['https://[::ffff:a9fe:a9fe]/hook', /cloud metadata/],
    ['https://[fe80::1]/hook', /link-local/],
    ['https://[fd00:ec2::254]/hook', /cloud metadata/],
    ['https://[fc00::5]/hook', /private/],
    ['https://localhost/hook', /localhost resolves to (127\.0\.0\.1|::1), a loopback address/],
    [`https://localhost:${0 + 8443}/hook`, /loopback/],
    ['https://2130706433/hook', /not a valid host name/],
    ['https://0x7f000001/hook', /not a valid host name/],
    ['https://127.1/hook', /not a valid host name/],
    ['https://0177.0.0.1/hook', /not a valid host name/],
    ['http://1.1.1.1/hook', /needs an https:\/\/ URL/],
    ['ftp://example.com/hook', /must start with https/],
    ['https://user:pass@example.com/hook', /user name or password/],
    ['https://does-not-exist.invalid/hook', /Could not find does-not-exist\.invalid/],
  ]

  it.each(refused)('refuses %s, naming the field', async (url, reason) => {
    const answer = await addAnswer(url)
    expect(answer.status).toBe(400)
    expect(answer.message).toMatch(reason)
  })

  it('refuses a receiver on loopback without ever connecting to it', async () => {
    for (const url of [`${receiver.origin}/x`, `http://localhost:${receiver.port}/x`]) {
      expect((await addAnswer(url)).status).toBe(400)
    }
    expect(receiver.connections()).toBe(0)
    expect(server.curlCalls()).toEqual([])
  })
})

describe('delivering without WEBHOOKS_ALLOW_PRIVATE', () => {
  it('refuses at send time what the flag let in, before any connection', async () => {
    // Endpoints added while the flag was on (a self-hosted n8n, say); then the flag goes.
    await server.kill('SIGTERM')
    await server.restart({ WEBHOOKS_ALLOW_PRIVATE: 'true' })
    const urls = [
      `${receiver.origin}/direct`,
      `http://localhost:${receiver.port}/named`,
      `http://[::1]:${receiver.port}/v6`,
      'http://10.1.2.3/private',
    ]
    const endpoints: AddedEndpoint[] = []
    for (const url of urls) endpoints.push(await server.addEndpoint(url, ['message.received']))
    await server.kill('SIGTERM')
    await server.restart({ WEBHOOKS_ALLOW_PRIVATE: '' })

    await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Pat',
      email: uniqueEmail('pat'),
      message: 'Nobody should receive this',
      source: 'portfolio_website',
    })
    await server.flush()
    // The dispatcher's own loop may hold a row when the flush comes (it claimed it first): its
    // attempt is logged moments later, not lost.
    await eventually(async () => {
      const logged = await Promise.all(endpoints.map((e) => server.attempts(e.id)))
      return logged.every((attempts) => attempts.length > 0)
    })
    for (const endpoint of endpoints) {
      const attempts = await server.attempts(endpoint.id)
      expect(attempts).toHaveLength(1)
      expect(attempts[0]).toMatchObject({ outcome: 'refused', statusCode: 0, durationMs: 0 })
      expect(attempts[0].error).toMatch(/^Refused: /)
    }
    const errors = await Promise.all(
      endpoints.map(async (e) => (await server.attempts(e.id))[0].error),
    )
    expect(errors[0]).toMatch(/127\.0\.0\.1 is a loopback address/)
    expect(errors[1]).toMatch(/localhost resolves to .*, a loopback address/)
    expect(errors[2]).toMatch(/::1 is a loopback address/)
    expect(errors[3]).toMatch(/10\.1\.2\.3 is a private address/)

    // A literal address can never become allowed: failed at once. A name may resolve elsewhere
    // later: retried.
    const rows = await Promise.all(endpoints.map((e) => server.deliveries(e.id)))
    expect(rows.map((r) => r[0].status)).toEqual(['failed', 'pending', 'failed', 'failed'])

    expect(receiver.connections()).toBe(0)
    expect(server.curlCalls()).toEqual([])
  })
})
