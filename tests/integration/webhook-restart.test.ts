// Deliveries survive a SIGKILL: events queued while the receiver is down and the server is
// killed without a chance to clean up arrive after the restart, each exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordId, uniqueEmail } from './helpers'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver'
import { startWebhookServer, type WebhookServer } from './support/webhook-harness'

let receiver: WebhookReceiver
let server: WebhookServer

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  server = await startWebhookServer()
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

describe('a server killed with deliveries queued', () => {
  it('delivers every event once after the restart', async () => {
    // The receiver is "down" (a path that answers 503) while the events are made.
    receiver.answer('/crm', { status: 503 })
    const endpoint = await server.addEndpoint(`${receiver.origin}/crm`, ['message.received'])
    const ids: string[] = []
    for (let n = 0; n < 12; n++) {
      const id = recordId()
      ids.push(id)
      await server.guest.collection('contacts').create({
        id,
        name: `Visitor ${n}`,
        email: uniqueEmail('kill'),
        message: `Message ${n}`,
        source: 'portfolio_website',
      })
    }
    expect(await server.deliveries(endpoint.id)).toHaveLength(12)

    await server.kill('SIGKILL')
    receiver.answer('/crm', { status: 200, body: 'thanks' })
    const upAt = Date.now()
    await server.restart()

    // An hour later every retry is due, whatever happened before the kill.
    await server.flush(Date.now() + 60 * 60 * 1000)
    const answered = () =>
      receiver
        .at('/crm')
        .filter((r) => r.at >= upAt)
        .map((r) => JSON.parse(r.body).data.message.id as string)
    await receiver.waitFor(() => ids.every((id) => answered().includes(id)))
    await server.flush(Date.now() + 2 * 60 * 60 * 1000)
    expect(answered().sort()).toEqual([...ids].sort())

    const rows = await server.deliveries(endpoint.id)
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill('sent'))
    // Delivered (a 200) exactly once per event; earlier 503 answers do not count.
    const attempts = await server.attempts(endpoint.id)
    const delivered = attempts.filter((a) => a.outcome === 'delivered').map((a) => a.event)
    expect(delivered).toHaveLength(12)
    expect(new Set(delivered).size).toBe(12)
    // One webhook-id per event, however many attempts it took.
    const webhookIds = new Set(receiver.at('/crm').map((r) => r.headers['webhook-id']))
    expect(webhookIds.size).toBe(12)
  })
})
