// Enumeration through the side doors, on a server of its own with the production rate limits and
// a real SMTP receiver: asking to change one's e-mail answers a registered new address like a
// free one, in the same time (and is rate-limited like sign-in); failed password sign-ins are
// counted per address typed, so a throttled unknown address answers like a registered one, in
// status, body and time; and a record id the client chose cannot tell whether an address has an
// account (sign-up) or a subscription (newsletter).
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGNIN_THROTTLE_DEFAULTS } from '../../src/config/limits'
import { createUser, guestClient, recordId, uniqueEmail } from './helpers'
import { startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { mannWhitney } from './support/mann-whitney'
import { rawRequest } from './support/raw-request'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

const SIGN_IN_LIMIT = 10

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port)
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

function requestEmailChange(token: string, newEmail: string, from: string) {
  return rawRequest(server.url, {
    path: '/api/collections/users/request-email-change',
    headers: { authorization: token },
    body: JSON.stringify({ newEmail }),
    from,
  })
}

describe("asking to change one's e-mail", () => {
  it('answers a registered address exactly like a free one, and mails only the free one', async () => {
    const me = await createUser({ url: server.url, label: 'changer' })
    const other = await createUser({ url: server.url, label: 'taken' })
    const free = uniqueEmail('free')

    const taken = await requestEmailChange(me.pb.authStore.token, other.email, '127.0.0.31')
    const open = await requestEmailChange(me.pb.authStore.token, free, '127.0.0.31')
    expect({ status: taken.status, body: taken.body }).toEqual({ status: 204, body: '' })
    expect({ status: open.status, body: open.body }).toEqual({ status: 204, body: '' })

    // The confirmation is queued; the sender's run delivers it.
    await server.flush()
    await receiver.waitFor((mails) => mails.some((m) => m.envelope.to.includes(free)))
    expect(receiver.mailsTo(other.email)).toEqual([])
  })

  it('still names the field for an address that is not one', async () => {
    const me = await createUser({ url: server.url, label: 'typo' })
    const answer = await requestEmailChange(me.pb.authStore.token, 'not-an-address', '127.0.0.32')
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toHaveProperty(['data', 'newEmail', 'code'])
  })

  it('takes the same time for a registered and a free address (40 each, Mann-Whitney), and queues nothing for the registered one', async () => {
    const me = await createUser({ url: server.url, label: 'timer' })
    // Registered addresses, made as superuser (a sign-in each would spend the IP's auth limit).
    const taken = await Promise.all(
      Array.from({ length: 4 }, () => {
        const email = uniqueEmail('held')
        const password = 'correct-horse-42'
        return server.su
          .collection('users')
          .create({ email, password, passwordConfirm: password, verified: true })
          .then(() => ({ email }))
      }),
    )
    // Each request from its own address: the rate limit (10 in 30 s per address) stays out of it.
    let sender = 0
    const timed = async (newEmail: string) => {
      const from = `127.0.${20 + Math.floor(sender / 200)}.${10 + (sender++ % 200)}`
      const started = performance.now()
      const answer = await requestEmailChange(me.pb.authStore.token, newEmail, from)
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 204, body: '' })
      return performance.now() - started
    }
    // Warm the connection path and the server's pooled engines first.
    for (let n = 0; n < 6; n++) await timed(n % 2 ? taken[0].email : uniqueEmail('warm'))
    const times = { taken: [] as number[], free: [] as number[] }
    for (let n = 0; n < 40; n++) {
      // Interleaved, alternating which goes first, so drift in the machine's load falls on both.
      const order = n % 2 ? (['taken', 'free'] as const) : (['free', 'taken'] as const)
      for (const kind of order) {
        const address = kind === 'taken' ? taken[n % taken.length].email : uniqueEmail('free')
        times[kind].push(await timed(address))
      }
    }
    const test = mannWhitney(times.taken, times.free)
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const summary = `medians taken ${median(times.taken).toFixed(2)} ms, free ${median(times.free).toFixed(2)} ms; z ${test.z.toFixed(2)}`
    expect(test.p, summary).toBeGreaterThan(0.001)

    // The registered addresses' work was undone: nothing of it is queued.
    const queued = await server.su.collection('deliveries').getFullList({
      filter: `kind = "account_email_change" && (${taken
        .map((t) => server.su.filter('recipient = {:e}', { e: t.email }))
        .join(' || ')})`,
    })
    expect(queued).toEqual([])
  }, 120_000)

  it(`answers 429 after ${SIGN_IN_LIMIT} requests within 30 s from one IP, taken or free alike`, async () => {
    const me = await createUser({ url: server.url, label: 'prober' })
    const other = await createUser({ url: server.url, label: 'probed' })
    const statuses: number[] = []
    for (let n = 0; n <= SIGN_IN_LIMIT; n++) {
      const address = n % 2 === 0 ? other.email : uniqueEmail('probe')
      statuses.push((await requestEmailChange(me.pb.authStore.token, address, '127.0.0.33')).status)
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT)).toEqual(Array(SIGN_IN_LIMIT).fill(204))
    expect(statuses[SIGN_IN_LIMIT]).toBe(429)
    // Another IP is not affected.
    expect(
      (await requestEmailChange(me.pb.authStore.token, other.email, '127.0.0.34')).status,
    ).toBe(204)
  }, 60_000)
})

describe('password sign-in, throttled per submitted address', () => {
  const FAILURES = SIGNIN_THROTTLE_DEFAULTS.failures
  const SAMPLES = 30

  it(`counts failures for an unknown address like a registered one: after ${FAILURES}, both answer alike in status, body and time`, async () => {
    const known = await createUser({ url: server.url, label: 'signin-known' })
    const unknown = uniqueEmail('signin-unknown')
    // Each request from its own address: the per-IP rate limit (10 in 30 s) stays out of it.
    let sender = 0
    const signIn = async (identity: string) => {
      const from = `127.1.${Math.floor(sender / 200)}.${10 + (sender++ % 200)}`
      const started = performance.now()
      const answer = await rawRequest(server.url, {
        path: '/api/collections/users/auth-with-password',
        body: JSON.stringify({ identity, password: 'wrong-guess-42' }),
        from,
      })
      return {
        status: answer.status,
        body: JSON.parse(answer.body || 'null') as unknown,
        ms: performance.now() - started,
      }
    }
    const answers = {
      known: [] as Awaited<ReturnType<typeof signIn>>[],
      unknown: [] as Awaited<ReturnType<typeof signIn>>[],
    }
    for (let n = 0; n < FAILURES + SAMPLES; n++) {
      // Interleaved, alternating which goes first, so drift in the machine's load falls on both.
      const order = n % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)
      for (const kind of order) {
        answers[kind].push(await signIn(kind === 'known' ? known.email : unknown))
      }
    }
    const seen = (kind: 'known' | 'unknown') =>
      answers[kind].map((a) => ({ status: a.status, body: a.body }))
    expect(seen('unknown')).toEqual(seen('known'))
    expect(seen('known').map((a) => a.status)).toEqual([
      ...Array(FAILURES).fill(400),
      ...Array(SAMPLES).fill(429),
    ])

    const times = (kind: 'known' | 'unknown') => answers[kind].slice(FAILURES).map((a) => a.ms)
    const test = mannWhitney(times('known'), times('unknown'))
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const summary = `throttled medians known ${median(times('known')).toFixed(2)} ms, unknown ${median(times('unknown')).toFixed(2)} ms; z ${test.z.toFixed(2)}`
    expect(test.p, summary).toBeGreaterThan(0.001)
  }, 120_000)
})

async function signUp(body: Record<string, unknown>, from: string) {
  const answer = await rawRequest(server.url, {
    path: '/api/collections/users/records',
    body: JSON.stringify({
      password: 'correct-horse-42',
      passwordConfirm: 'correct-horse-42',
      ...body,
    }),
    from,
  })
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> }
}

describe('sign-up with a client-chosen id', () => {
  it('cannot tell a registered address from a new one by re-using the id with a fresh address', async () => {
    const registered = await createUser({ url: server.url, label: 'known' })
    const outcomes = []
    for (const first of [registered.email, uniqueEmail('unknown')]) {
      const id = recordId()
      const a = await signUp({ id, email: first }, '127.0.0.35')
      const fresh = uniqueEmail('fresh')
      const b = await signUp({ id, email: fresh }, '127.0.0.35')
      // The server makes account ids: neither answer carries the chosen one.
      expect(a.body.id).not.toBe(id)
      expect(b.body.id).not.toBe(id)
      // And the fresh address can sign in in both cases.
      const signedIn = await guestClient(server.url)
        .collection('users')
        .authWithPassword(fresh, 'correct-horse-42')
        .then(
          () => true,
          () => false,
        )
      outcomes.push([a.status, b.status, signedIn])
    }
    expect(outcomes).toEqual([
      [200, 200, true],
      [200, 200, true],
    ])
  }, 60_000)
})

async function subscribe(body: Record<string, unknown>, from: string) {
  const answer = await rawRequest(server.url, {
    path: '/api/collections/newsletter_subscriptions/records',
    body: JSON.stringify({ source: 'footer', ...body }),
    from,
  })
  const parsed = JSON.parse(answer.body) as Record<string, unknown>
  return { status: answer.status, keys: Object.keys(parsed).sort(), id: parsed.id }
}

describe('newsletter sign-up with a client-chosen id', () => {
  it('answers alike whether the address was subscribed, for a first send, a resend and a re-used id', async () => {
    const subscribed = uniqueEmail('subscribed')
    expect((await subscribe({ email: subscribed }, '127.0.0.36')).status).toBe(200)

    const outcomes = []
    for (const first of [subscribed, uniqueEmail('not-subscribed')]) {
      const id = recordId()
      const answers = [
        await subscribe({ id, email: first }, '127.0.0.36'),
        await subscribe({ id, email: first }, '127.0.0.36'),
        await subscribe({ id, email: uniqueEmail('other') }, '127.0.0.36'),
      ]
      outcomes.push(answers.map((a) => ({ status: a.status, keys: a.keys, sameId: a.id === id })))
    }
    expect(outcomes[0]).toEqual(outcomes[1])
    expect(outcomes[0].every((a) => a.status === 200 && a.sameId)).toBe(true)
  }, 60_000)
})
