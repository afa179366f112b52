// Web Push alerts to the consultant's devices, against a real PocketBase (its dispatcher on, as
// in production) and a push service on loopback that checks the VAPID signature like a real one;
// the test's devices decrypt what they get with their own keys, as browsers do. A message, a
// call-back request, an audit and a booking each reach every device within seconds, naming a first name and
// what came in (never an address), and open the person's page; a burst goes out as one alert; a
// device the push service calls gone (410) is removed; a down push service is retried; a test
// alert; only the consultant reaches any of it, and a subscription must point at a browser push
// service unless PUSH_ALLOW_PRIVATE is set (tests only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits } from '../../scripts/pocketbase.mjs'
import type { PushAlert } from '../../src/config/push'
import { PUSH_TTL_SECONDS } from '../../src/config/push'
import { createUser, guestClient, recordId, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { auditSubmission, eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { decryptAlert, newDevice, startPushService, vapidClaims } from './support/push-service'
import { rawRequest } from './support/raw-request'
import type { PushService, TestDevice } from './support/push-service'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

interface Device {
  id: string
  label: string
  lastDeliveryAt: string
  lastStatus: string
  lastError: string
}

const SPACING_SECONDS = 5
const FLOOD_IP = '127.0.0.7'
const VISITOR_IP = '127.0.0.9'

let receiver: SmtpReceiver
let server: MailServer
let pushService: PushService
let admin: TestUser
let publicKey = ''

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  pushService = await startPushService()
  // Leads within 5 s of an alert go as one (30 s in production): the burst test waits that long.
  server = await startMailServer(receiver.port, {
    PUSH_ALLOW_PRIVATE: 'true',
    PUSH_ALERT_SPACING_SECONDS: String(SPACING_SECONDS),
    // The flood test sends 300 audits from one address: past the day's cap they would be refused.
    AUDITS_PER_IP_PER_DAY: '1000',
  })
  await exemptLoopbackFromRateLimits(server.url, server.su.authStore.token)
  // The flooding address and a real visitor's, beside the tests' own, past the rate limiter.
  const settings = await fetch(`${server.url}/api/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: server.su.authStore.token },
    body: JSON.stringify({ rateLimits: { excludedIPs: ['127.0.0.1', FLOOD_IP, VISITOR_IP] } }),
  })
  expect(settings.ok).toBe(true)
  admin = await createUser({ isAdmin: true, verified: true, url: server.url, label: 'push-admin' })
  publicKey = (await admin.pb.send<{ publicKey: string }>('/api/push/public-key', {})).publicKey
})

afterAll(async () => {
  await server?.stop()
  await pushService?.close()
  await receiver?.close()
})

/** A device subscribed at a path of the push service of its own. */
async function subscribe(label: string): Promise<{ device: TestDevice; id: string; path: string }> {
  const device = newDevice()
  const path = `/push/${recordId()}`
  const answer = await admin.pb.send<{ id: string }>('/api/push/subscriptions', {
    method: 'POST',
    body: { ...device.subscription(`${pushService.origin}${path}`), label },
  })
  return { device, id: answer.id, path }
}

async function devices(): Promise<Device[]> {
  return (await admin.pb.send<{ items: Device[] }>('/api/push/subscriptions', {})).items
}

/** The alerts `device` got at `path`, decrypted, each request checked as a push service does. */
function alertsAt(path: string, device: TestDevice): PushAlert[] {
  return pushService.at(path).map((request) => {
    expect(request.headers['content-encoding']).toBe('aes128gcm')
    expect(request.headers.ttl).toBe(String(PUSH_TTL_SECONDS))
    const claims = vapidClaims(request.headers.authorization)
    expect(claims.key).toBe(publicKey)
    expect(claims.aud).toBe(pushService.origin)
    expect(claims.exp * 1000).toBeGreaterThan(Date.now())
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000)
    expect(claims.sub).toMatch(/^(mailto:|https:)/)
    return decryptAlert(request.body, device)
  })
}

async function message(email: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = recordId()
  await server.guest.collection('contacts').create({
    id,
    name: 'Sam Tester',
    email,
    message: 'Please call me about my books.',
    source: 'portfolio_website',
    ...fields,
  })
  return id
}

async function personOf(email: string): Promise<string> {
  const person = await server.su
    .collection('people')
    .getFirstListItem(server.su.filter('email = {:e}', { e: email }))
  return person.id
}

describe('the public key and the devices', () => {
  it("are the consultant's alone: 401 for a guest, 403 for a member", async () => {
    const member = await createUser({ verified: true, url: server.url, label: 'push-member' })
    for (const [client, status] of [
      [guestClient(server.url), 401],
      [member.pb, 403],
    ] as const) {
      for (const [path, method] of [
        ['/api/push/public-key', 'GET'],
        ['/api/push/subscriptions', 'GET'],
        ['/api/push/subscriptions', 'POST'],
      ] as const) {
        await expect(
          client.send(path, {
            method,
            body:
              method === 'POST' ? newDevice().subscription(`${pushService.origin}/x`) : undefined,
          }),
        ).rejects.toMatchObject({ status })
      }
    }
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4)
    // The records API is closed to everyone but superusers.
    await expect(admin.pb.collection('push_subscriptions').getList()).rejects.toMatchObject({
      status: 403,
    })
  })

  it('refuses a malformed subscription naming each field, and keeps one row per endpoint', async () => {
    const refused = await admin.pb
      .send('/api/push/subscriptions', {
        method: 'POST',
        body: { endpoint: 'ftp://push.test/x', keys: { p256dh: 'AAAA', auth: 'short' } },
      })
      .then(
        () => null,
        (err: { status: number; response: { data: Record<string, unknown> } }) => err,
      )
    expect(refused?.status).toBe(400)
    expect(Object.keys(refused?.response.data ?? {}).sort()).toEqual([
      'endpoint',
      'keys.auth',
      'keys.p256dh',
    ])
    const device = newDevice()
    const endpoint = `${pushService.origin}/push/same-${recordId()}`
    const first = await admin.pb.send<{ id: string }>('/api/push/subscriptions', {
      method: 'POST',
      body: { ...device.subscription(endpoint), label: 'Phone' },
    })
    const again = await admin.pb.send<{ id: string; label: string }>('/api/push/subscriptions', {
      method: 'POST',
      body: { ...device.subscription(endpoint), label: 'Phone, renamed' },
    })
    expect(again.id).toBe(first.id)
    expect(again.label).toBe('Phone, renamed')
    await admin.pb.send(`/api/push/subscriptions/${first.id}`, { method: 'DELETE' })
    expect((await devices()).map((d) => d.id)).not.toContain(first.id)
  })
})

describe('a new lead', () => {
  it('reaches every device within seconds: a message, a call-back request and an audit, each by first name', async () => {
    const phone = await subscribe('Android phone, Chrome')
    const laptop = await subscribe('Laptop, Firefox')

    const email = uniqueEmail('push-lead')
    const started = Date.now()
    const contactId = await message(email, { name: 'Sam Tester' })
    await eventually(async () => pushService.at(phone.path).length >= 1, 20_000)
    expect(Date.now() - started).toBeLessThan(60_000)
    await eventually(async () => pushService.at(laptop.path).length >= 1, 20_000)
    const personId = await personOf(email)
    for (const got of [alertsAt(phone.path, phone.device), alertsAt(laptop.path, laptop.device)]) {
      expect(got).toHaveLength(1)
      expect(got[0]).toEqual({
        title: 'Sam sent a message',
        body: 'Tap to open their page.',
        url: `/audit-admin?tab=people&person=${personId}`,
        tag: `lead-${contactId}`,
      })
      expect(JSON.stringify(got[0])).not.toContain(email)
    }
    // The device's last delivery, for the console.
    const listed = (await devices()).find((d) => d.id === phone.id)
    expect(listed).toMatchObject({ label: 'Android phone, Chrome', lastStatus: 'delivered' })
    expect(listed?.lastDeliveryAt).not.toBe('')

    // The next ones wait for the spacing, then come as one.
    const callBack = uniqueEmail('push-callback')
    await message(callBack, {
      name: 'Alex Caller',
      source: 'call_back',
      phone: '603-555-0142',
      message: 'Please call me back.',
    })
    await server.guest.collection('audits').create({
      ...auditSubmission({ email: uniqueEmail('push-audit') }),
    })
    await eventually(
      async () => pushService.at(phone.path).length >= 2,
      (SPACING_SECONDS + 30) * 1000,
    )
    const second = alertsAt(phone.path, phone.device)[1]
    expect(second.title).toBe('2 new leads')
    expect(second.url).toBe('/audit-admin')
    expect(second.body).toMatch(/^Alex, (someone|[A-Z][a-z]+)\. Tap to open Today\.$/)
    await removeAll([phone.id, laptop.id])
  }, 120_000)

  it('tells a single call-back request and an audit apart, with the score band', async () => {
    const phone = await subscribe('Phone')
    await message(uniqueEmail('push-cb'), {
      name: 'Robin',
      source: 'call_back',
      phone: '603-555-0199',
      message: 'Call me.',
    })
    await eventually(async () => pushService.at(phone.path).length >= 1, 20_000)
    expect(alertsAt(phone.path, phone.device)[0].title).toBe('Robin asked for a call back')
    await removeAll([phone.id])

    const tablet = await subscribe('Tablet')
    await server.guest
      .collection('audits')
      .create({ ...auditSubmission({ email: uniqueEmail('push-a') }) })
    await eventually(async () => pushService.at(tablet.path).length >= 1, 20_000)
    expect(alertsAt(tablet.path, tablet.device)[0].title).toMatch(
      /^\S+ finished the audit: (Strong|Room to improve|Needs attention)$/,
    )
    await removeAll([tablet.id])
  }, 60_000)

  it('a booking through the scheduler, opening the person who booked', async () => {
    const email = uniqueEmail('push-booking')
    const audit = await server.guest.collection('audits').create({ ...auditSubmission({ email }) })
    await server.runAuditJobs()
    const phone = await subscribe('Phone')
    const booked = await fetch(`${server.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ audit: audit.id, email }),
    })
    expect(await booked.json()).toMatchObject({ booked: true })
    await eventually(async () => pushService.at(phone.path).length >= 1, 20_000)
    const [alert] = alertsAt(phone.path, phone.device)
    expect(alert.title).toBe('Someone booked a call')
    expect(alert.url).toBe(`/audit-admin?tab=people&person=${await personOf(email)}`)
    await removeAll([phone.id])
  }, 60_000)
})

describe('a flood', () => {
  /** How many leads an alert stands for: "12 new leads" is 12, any other alert one. */
  const leadsIn = (alert: PushAlert) => Number(/^(\d+) new leads$/.exec(alert.title)?.[1] ?? 1)

  it('300 audits from one address in a minute buzz a phone a bounded number of times; a real lead from another address is alerted on its own', async () => {
    const phone = await subscribe('Phone')
    const started = Date.now()
    const flood = Array.from({ length: 300 }, () =>
      JSON.stringify(auditSubmission({ email: uniqueEmail('flood') })),
    )
    let realSent = 0
    const send = async (worker: number) => {
      for (let i = worker; i < flood.length; i += 6) {
        const answer = await rawRequest(server.url, {
          path: '/api/collections/audits/records',
          body: flood[i],
          from: FLOOD_IP,
        })
        expect(answer.status).toBe(200)
        if (i === 150) {
          // Mid-flood, a real visitor elsewhere writes.
          const real = await rawRequest(server.url, {
            path: '/api/collections/contacts/records',
            body: JSON.stringify({
              id: recordId(),
              name: 'Nora Real',
              email: uniqueEmail('real'),
              message: 'Can you help with my invoicing?',
              source: 'portfolio_website',
            }),
            from: VISITOR_IP,
          })
          expect(real.status).toBe(200)
          realSent = Date.now()
        }
      }
    }
    await Promise.all([0, 1, 2, 3, 4, 5].map(send))
    const flooded = Date.now() - started
    expect(flooded, 'the flood fits in a minute').toBeLessThan(60_000)

    // The real lead: alone, by name, within the spacing of its own arrival at most.
    await eventually(
      async () => alertsAt(phone.path, phone.device).some((a) => a.title === 'Nora sent a message'),
      20_000,
    )
    const realAlert = alertsAt(phone.path, phone.device).findIndex(
      (a) => a.title === 'Nora sent a message',
    )
    // Well within the minute a real lead may take (issue's promise: 60 s); it waits behind the
    // flood's jobs in the one queue, 4-10 s on a busy two-core host.
    expect(pushService.at(phone.path)[realAlert].at - realSent).toBeLessThan(30_000)

    // Every audit is in some alert, each counted once, in few pushes.
    await server.runAuditJobs()
    await eventually(async () => {
      const total = alertsAt(phone.path, phone.device)
        .filter((a) => a.title !== 'Nora sent a message')
        .reduce((sum, a) => sum + leadsIn(a), 0)
      return total >= 300
    }, 60_000)
    const floodAlerts = alertsAt(phone.path, phone.device).filter(
      (a) => a.title !== 'Nora sent a message',
    )
    expect(floodAlerts.reduce((sum, a) => sum + leadsIn(a), 0)).toBe(300)
    // One at once, then one per spacing while it lasts (and the last fold after it).
    const bound = Math.ceil((Date.now() - started) / (SPACING_SECONDS * 1000)) + 1
    expect(floodAlerts.length).toBeLessThanOrEqual(bound)
    expect(floodAlerts.length).toBeLessThanOrEqual(60 / SPACING_SECONDS + 2)
    await removeAll([phone.id])
  }, 120_000)
})

describe('delivery', () => {
  it('removes a device the push service calls gone (410)', async () => {
    const gone = await subscribe('Old phone')
    pushService.answer(gone.path, 410)
    await admin.pb.send(`/api/push/subscriptions/${gone.id}/test`, { method: 'POST' })
    await eventually(async () => !(await devices()).some((d) => d.id === gone.id), 20_000)
    expect(pushService.at(gone.path)).toHaveLength(1)
  }, 30_000)

  it('retries while the push service is down, and delivers the test alert once it is back', async () => {
    const phone = await subscribe('Phone')
    pushService.answer(phone.path, 503)
    const queued = await admin.pb.send<{ queued: boolean }>(
      `/api/push/subscriptions/${phone.id}/test`,
      { method: 'POST' },
    )
    expect(queued.queued).toBe(true)
    await eventually(async () => pushService.at(phone.path).length >= 1, 20_000)
    await eventually(
      async () => (await devices()).find((d) => d.id === phone.id)?.lastStatus === 'failed',
      10_000,
    )
    expect((await devices()).find((d) => d.id === phone.id)?.lastError).toContain('503')
    pushService.answer(phone.path, 201)
    // The first retry comes 10 seconds after the failure.
    await eventually(async () => pushService.at(phone.path).length >= 2, 30_000)
    const alerts = alertsAt(phone.path, phone.device)
    expect(alerts.map((a) => a.title)).toEqual(['Test alert', 'Test alert'])
    await eventually(
      async () => (await devices()).find((d) => d.id === phone.id)?.lastStatus === 'delivered',
      10_000,
    )
    await removeAll([phone.id])
  }, 60_000)
})

describe('without PUSH_ALLOW_PRIVATE', () => {
  it("takes only a browser push service's https address", async () => {
    const plain = await startMailServer(receiver.port, {})
    try {
      const consultant = await createUser({
        isAdmin: true,
        verified: true,
        url: plain.url,
        label: 'push-plain',
      })
      const device = newDevice()
      for (const endpoint of [
        `${pushService.origin}/push/x`,
        'https://127.0.0.1/push/x',
        'https://push.example.com/x',
        'https://fcm.googleapis.com.evil.test/x',
      ]) {
        await expect(
          consultant.pb.send('/api/push/subscriptions', {
            method: 'POST',
            body: device.subscription(endpoint),
          }),
        ).rejects.toMatchObject({ status: 400, response: { data: { endpoint: {} } } })
      }
      const ok = await consultant.pb.send<{ id: string }>('/api/push/subscriptions', {
        method: 'POST',
        body: device.subscription('https://fcm.googleapis.com/fcm/send/abc123'),
      })
      expect(ok.id).toMatch(/^[a-z0-9]{15}$/)
    } finally {
      await plain.stop()
    }
  })
})

async function removeAll(ids: string[]) {
  for (const id of ids) await admin.pb.send(`/api/push/subscriptions/${id}`, { method: 'DELETE' })
}
