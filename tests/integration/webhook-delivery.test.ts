// How deliveries behave against real receivers on loopback: retries on Svix's schedule with the
// same webhook-id and never sooner, redirects not followed, big answers read only in part, a hung
// receiver holding up neither the other endpoints nor the mail, an endpoint failing for three
// days switched off, test events, resends, secret rotation and deletion. Time moves through the
// flush endpoint ({"now": ...}), never by sleeping.
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordId, uniqueEmail } from './helpers'
import { MANUAL_QUEUE, OWNER_EMAIL } from './harness-env'
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'
import { startWebhookServer, type WebhookServer } from './support/webhook-harness'
import { waitUntil } from './support/wait'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

let receiver: WebhookReceiver
let smtp: SmtpReceiver
let server: WebhookServer

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  smtp = await startSmtpReceiver()
  server = await startWebhookServer({
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      MAIL_FROM: 'audit@north-country.test',
      OWNER_EMAIL,
      ...MANUAL_QUEUE,
    },
  })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
  await smtp?.close()
})

/** A contact message: queues message.received to every endpoint that picked it. */
async function sendMessage(text = 'Hello') {
  const id = recordId()
  await server.guest.collection('contacts').create({
    id,
    name: 'Robin',
    email: uniqueEmail('robin'),
    message: text,
    source: 'portfolio_website',
  })
  return id
}

/** The endpoint's latest logged attempt. */
async function lastAttempt(endpointId: string) {
  const attempts = await server.attempts(endpointId)
  return attempts[attempts.length - 1]
}

describe('retries', () => {
  it('sends the same webhook-id again after 5 seconds and not before, then after 5 minutes', async () => {
    receiver.answer('/down', { status: 500, body: 'internal error' })
    const endpoint = await server.addEndpoint(`${receiver.origin}/down`, ['message.received'])
    await sendMessage()
    const t0 = Date.now()
    await server.flush(t0)
    await receiver.waitFor(() => receiver.at('/down').length === 1)
    const first = receiver.at('/down')[0]
    const firstLog = await lastAttempt(endpoint.id)
    expect(firstLog).toMatchObject({ attempt: 1, outcome: 'retry', statusCode: 500 })
    expect(firstLog.response).toBe('internal error')

    // 4.9 s later: not yet (a retry is never sooner than its wait).
    expect((await server.flush(t0 + 4.9 * SECOND)).retried).toBe(0)
    expect(receiver.at('/down')).toHaveLength(1)

    // 5.5 s covers the 5 s wait and its jitter (at most 10 % more).
    await server.flush(t0 + 5.6 * SECOND)
    await receiver.waitFor(() => receiver.at('/down').length === 2)
    const second = receiver.at('/down')[1]
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id'])
    expect(second.body).toBe(first.body)
    // Each attempt is signed again, with its own timestamp; both verify.
    for (const request of [first, second]) {
      expect(() => new Webhook(endpoint.secret).verify(request.body, request.headers)).not.toThrow()
    }

    // The next wait is 5 minutes.
    const t1 = t0 + 5.6 * SECOND
    expect((await server.flush(t1 + 4.9 * MINUTE)).retried).toBe(0)
    await server.flush(t1 + 5.6 * MINUTE)
    await receiver.waitFor(() => receiver.at('/down').length === 3)
    expect(receiver.at('/down')[2].headers['webhook-id']).toBe(first.headers['webhook-id'])
    const log = await server.attempts(endpoint.id)
    expect(log.map((a) => a.attempt)).toEqual([1, 2, 3])

    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })

  it('switches an endpoint off after it failed for three days, and says why', async () => {
    receiver.answer('/gone', { status: 503 })
    const endpoint = await server.addEndpoint(`${receiver.origin}/gone`, ['message.received'])
    await sendMessage()
    const t0 = Date.now() + HOUR
    await server.flush(t0)
    await receiver.waitFor(() => receiver.at('/gone').length === 1)
    let state = await server.admin.pb.collection('webhook_endpoints').getOne(endpoint.id)
    expect(state.enabled).toBe(true)
    expect(state.failingSince).not.toBe('')

    // A new message two days in: still failing, still on.
    await sendMessage()
    await server.flush(t0 + 48 * HOUR)
    state = await server.admin.pb.collection('webhook_endpoints').getOne(endpoint.id)
    expect(state.enabled).toBe(true)

    // Past three days of nothing but failures: switched off, and nothing new is queued for it.
    await sendMessage()
    await server.flush(t0 + 73 * HOUR)
    state = await server.admin.pb.collection('webhook_endpoints').getOne(endpoint.id)
    expect(state).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
      lastError: 'HTTP 503',
    })
    const before = (await server.deliveries(endpoint.id)).length
    await sendMessage()
    expect(await server.deliveries(endpoint.id)).toHaveLength(before)

    // The consultant switches it back on: the failure clock starts afresh.
    const on = await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      body: { enabled: true },
    })
    expect(on).toMatchObject({ enabled: true, disabledReason: '', failingSince: '' })
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })

  it('a success clears the failure clock', async () => {
    receiver.answer('/flaky', { status: 500 })
    const endpoint = await server.addEndpoint(`${receiver.origin}/flaky`, ['message.received'])
    await sendMessage()
    const t0 = Date.now() + 2 * HOUR
    await server.flush(t0)
    await receiver.waitFor(() => receiver.at('/flaky').length === 1)
    receiver.answer('/flaky', { status: 204 })
    await server.flush(t0 + 6 * SECOND)
    await receiver.waitFor(() => receiver.at('/flaky').length === 2)
    const state = await server.admin.pb.collection('webhook_endpoints').getOne(endpoint.id)
    expect(state.failingSince).toBe('')
    expect(state.lastSuccessAt).not.toBe('')
    expect((await lastAttempt(endpoint.id)).outcome).toBe('delivered')
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })
})

describe('what a receiver can do', () => {
  it('a redirect is not followed: the attempt fails and says where it pointed', async () => {
    receiver.answer('/moved', {
      status: 301,
      headers: { location: `${receiver.origin}/elsewhere` },
    })
    const endpoint = await server.addEndpoint(`${receiver.origin}/moved`, ['message.received'])
    await sendMessage()
    await server.flush()
    await receiver.waitFor(() => receiver.at('/moved').length === 1)
    const attempt = await lastAttempt(endpoint.id)
    expect(attempt).toMatchObject({ outcome: 'retry', statusCode: 301 })
    expect(attempt.error).toContain(`${receiver.origin}/elsewhere`)
    expect(attempt.error).toContain('not followed')
    expect(receiver.at('/elsewhere')).toHaveLength(0)
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })

  it('a huge answer is read only in part, and a 2xx still counts as delivered', async () => {
    receiver.answer('/chatty', { hugeBody: 50 * 1024 * 1024 })
    const endpoint = await server.addEndpoint(`${receiver.origin}/chatty`, ['message.received'])
    await sendMessage()
    await server.flush()
    await receiver.waitFor(() => receiver.at('/chatty').length === 1)
    const attempt = await lastAttempt(endpoint.id)
    expect(attempt).toMatchObject({ outcome: 'delivered', statusCode: 200 })
    expect(attempt.response.length).toBeLessThanOrEqual(500)
    expect(attempt.response).toMatch(/^x+$/)
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })

  it('a hung receiver holds up neither the other endpoints nor the mail', async () => {
    receiver.answer('/hung', { hang: true })
    const hung = await server.addEndpoint(`${receiver.origin}/hung`, ['message.received'])
    const fine = await server.addEndpoint(`${receiver.origin}/fine`, ['message.received'])
    const messageId = await sendMessage('While one receiver hangs')
    const flushing = server.flush()
    // The healthy endpoint gets the event while the hung one still holds its connection.
    await receiver.waitFor(
      (all) =>
        all.some((r) => r.path === '/fine' && JSON.parse(r.body).data.message.id === messageId),
      8_000,
    )
    await receiver.waitFor(() => receiver.at('/hung').length === 1, 8_000)
    expect(await server.attempts(hung.id)).toHaveLength(0)
    // And the owner's notification goes out meanwhile.
    await server.su.send('/api/mail/flush', { method: 'POST', body: {} })
    await smtp.waitFor(
      (mails) => mails.some((m) => m.text.includes('While one receiver hangs')),
      8_000,
    )
    expect(await server.attempts(hung.id)).toHaveLength(0)

    // The hung one gives up after 10 seconds; its attempt says so and it will be retried.
    await flushing
    await waitUntil(
      async () => (await server.attempts(hung.id)).length > 0,
      20_000,
      'its first attempt',
    )
    const attempt = await lastAttempt(hung.id)
    expect(attempt).toMatchObject({ outcome: 'retry', statusCode: 0 })
    expect(attempt.error).toBe('No answer within 10 seconds.')
    expect(attempt.durationMs).toBeGreaterThanOrEqual(9_900)
    for (const endpoint of [hung, fine]) {
      await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
    }
  }, 60_000)
})

describe("the consultant's actions", () => {
  it('Send test event reaches only that endpoint, signed, and shows in its log', async () => {
    const endpoint = await server.addEndpoint(`${receiver.origin}/zap`, ['audit.completed'])
    const { eventId } = await server.admin.pb.send(`/api/webhooks/${endpoint.id}/test`, {
      method: 'POST',
    })
    await server.flush()
    await receiver.waitFor(() => receiver.at('/zap').length === 1)
    const request = receiver.at('/zap')[0]
    const payload = new Webhook(endpoint.secret).verify(request.body, request.headers) as {
      type: string
    }
    expect(payload.type).toBe('webhook.test')
    expect(request.headers['webhook-id']).toBe(`msg_${eventId}`)
    expect(await lastAttempt(endpoint.id)).toMatchObject({
      eventType: 'webhook.test',
      trigger: 'test',
      outcome: 'delivered',
      statusCode: 200,
      response: 'ok',
    })

    // Resend: the same event, the same webhook-id, logged as a resend.
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}/resend`, {
      method: 'POST',
      body: { event: eventId },
    })
    await server.flush()
    await receiver.waitFor(() => receiver.at('/zap').length === 2)
    expect(receiver.at('/zap')[1].headers['webhook-id']).toBe(`msg_${eventId}`)
    expect(await lastAttempt(endpoint.id)).toMatchObject({ trigger: 'resend', attempt: 1 })
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })

  it('after a rotation both secrets verify for a day; only the new one is shown, once', async () => {
    const endpoint = await server.addEndpoint(`${receiver.origin}/rotated`, ['message.received'])
    const { secret } = await server.admin.pb.send<{ secret: string }>(
      `/api/webhooks/${endpoint.id}/rotate`,
      { method: 'POST' },
    )
    expect(secret).not.toBe(endpoint.secret)
    await sendMessage()
    await server.flush()
    await receiver.waitFor(() => receiver.at('/rotated').length === 1)
    const request = receiver.at('/rotated')[0]
    expect(request.headers['webhook-signature'].split(' ')).toHaveLength(2)
    expect(() => new Webhook(secret).verify(request.body, request.headers)).not.toThrow()
    expect(() => new Webhook(endpoint.secret).verify(request.body, request.headers)).not.toThrow()
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })

  it('an event whose record was deleted before it went out is not sent, and the log says why', async () => {
    const endpoint = await server.addEndpoint(`${receiver.origin}/late`, ['message.received'])
    const id = await sendMessage('Deleted before sending')
    await server.su.collection('contacts').delete(id)
    await server.flush()
    const attempts = await server.attempts(endpoint.id)
    expect(attempts).toHaveLength(1)
    expect(attempts[0]).toMatchObject({ outcome: 'failed', statusCode: 0 })
    expect(attempts[0].error).toBe('The message no longer exists; the event is not sent.')
    expect(receiver.at('/late')).toHaveLength(0)
    expect((await server.deliveries(endpoint.id))[0].status).toBe('failed')
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
  })

  it('deleting an endpoint cancels what still waits for it', async () => {
    receiver.answer('/doomed', { status: 500 })
    const endpoint = await server.addEndpoint(`${receiver.origin}/doomed`, ['message.received'])
    await sendMessage()
    await server.flush(Date.now() + 3 * HOUR)
    await receiver.waitFor(() => receiver.at('/doomed').length >= 1)
    await server.admin.pb.send(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })
    const rows = await server.deliveries(endpoint.id)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.status === 'cancelled' || row.status === 'failed')).toBe(true)
  })
})
