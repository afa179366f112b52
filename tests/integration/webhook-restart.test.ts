// Deliveries survive a SIGKILL: events queued while the receiver is down and the server is
// killed without a chance to clean up arrive after the restart, each exactly once; and no request
// of the killed server lives on to deliver a row the restarted one sends again.
import { readdirSync, readFileSync } from 'node:fs'
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
    // A request the killed server had already written may still wait in the receiver's socket:
    // it is answered 503 like every other before the kill, not counted as a delivery after it.
    await receiver.waitForIdle()
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

  it('leaves no request of the killed server running', async () => {
    receiver.answer('/hung', { hang: true })
    await server.addEndpoint(`${receiver.origin}/hung`, ['message.received'])
    await server.guest.collection('contacts').create({
      id: recordId(),
      name: 'Visitor hung',
      email: uniqueEmail('hung'),
      message: 'Sent while the receiver hangs',
      source: 'portfolio_website',
    })
    // The dispatcher sends it by itself; the receiver holds the request open.
    await receiver.waitFor((all) => all.some((r) => r.path === '/hung'))
    expect(requestsTo('/hung')).toBeGreaterThan(0)
    await server.kill('SIGKILL')
    // curl would wait for its own timeout (10 s) if it outlived the server.
    const deadline = Date.now() + 5_000
    while (requestsTo('/hung') > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(requestsTo('/hung')).toBe(0)
    await server.restart()
  })
})

/** How many processes are sending to `path` on the receiver (curl, or the shell around it). */
function requestsTo(path: string): number {
  let count = 0
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    let args = ''
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    if (args.includes(`${receiver.origin}${path}`)) count++
  }
  return count
}
