// No subscription oracle (pb_hooks/newsletter.pb.js, server/newsletter/signups.ts): a newsletter
// sign-up answers alike in body and time whether the address is free, pending or active (the
// decision is queued and made outside the request); it never returns a stored row's id; a re-used
// id answers like a new one; /api/newsletter/me tells an unverified account nothing about a row it
// may not own; and an old confirmation link cannot make an address active again once it was
// unsubscribed and signed up again by someone else. Timing: 30 sign-ups of each kind, interleaved,
// compared with the Mann-Whitney U test (the old code answered an active address in 4 ms and a free
// one in 10 ms, z = -5.7).
import { performance } from 'node:perf_hooks'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits } from '../../scripts/pocketbase.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getOwnSubscription } from '../../src/backend/newsletter-api'
import { guestClient, recordId, uniqueEmail } from './helpers'
import { mannWhitney } from './support/mann-whitney'
import { eventually, startMailServer, type MailServer } from './support/mail-harness'
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver'

const NEWSLETTER = 'newsletter_subscriptions'
const SAMPLES = 30
/** Two-sided p below this means the times differ (z of about 3.3); the old code gave 1e-8. */
const SIGNIFICANT = 0.001

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port)
  // Every request here comes from 127.0.0.1; rate limits are tested elsewhere.
  await exemptLoopbackFromRateLimits(server.url, server.su.authStore.token)
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

interface Row {
  id: string
  status: string
}

async function rowOf(email: string): Promise<Row | undefined> {
  const rows = await server.su.collection(NEWSLETTER).getFullList<Row>({
    filter: server.su.filter('email = {:email}', { email }),
  })
  return rows[0]
}

/** One sign-up through the records API, as the forms' outbox sends it, timed by the client. */
async function signUp(email: string, id: string | undefined = recordId()) {
  const started = performance.now()
  const res = await fetch(`${server.url}/api/collections/${NEWSLETTER}/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(id ? { id } : {}), email, source: 'footer', userAgent: 'probe' }),
  })
  const body = (await res.json()) as Record<string, unknown>
  return { ms: performance.now() - started, status: res.status, body }
}

/** An address in each state: active (confirmed), pending (never confirmed) and free. */
async function addresses() {
  const active = uniqueEmail('active')
  const pending = uniqueEmail('pending')
  await signUp(active)
  await signUp(pending)
  await server.decideSignUps()
  const row = await rowOf(active)
  await server.su.collection(NEWSLETTER).update(row!.id, { status: 'active' })
  expect((await rowOf(active))?.status).toBe('active')
  expect((await rowOf(pending))?.status).toBe('pending')
  return { active, pending }
}

/** What a prober could compare: everything but the values that differ on every request. */
function shape(body: Record<string, unknown>, email: string, id: string) {
  return {
    ...body,
    id: body.id === id ? 'the id sent' : body.id,
    email: body.email === email ? 'the address sent' : body.email,
    created: typeof body.created,
    updated: typeof body.updated,
    requestedAt: typeof body.requestedAt,
  }
}

describe('a newsletter sign-up', () => {
  it('answers an active, a pending and a free address with the same status and body', async () => {
    const { active, pending } = await addresses()
    const shapes = []
    for (const email of [active, pending, uniqueEmail('free')]) {
      const id = recordId()
      const answer = await signUp(email, id)
      expect(answer.status).toBe(200)
      shapes.push(shape(answer.body, email, id))
    }
    expect(shapes[1]).toEqual(shapes[0])
    expect(shapes[2]).toEqual(shapes[0])
    expect(shapes[0]).toMatchObject({ id: 'the id sent', status: 'pending' })
  })

  it("never answers with a stored row's id: without an id it gets a new one, each time", async () => {
    const { active } = await addresses()
    const stored = await rowOf(active)
    const ids = new Set<unknown>()
    for (let n = 0; n < 3; n++) {
      const answer = await signUp(active, undefined)
      expect(answer.status).toBe(200)
      expect(answer.body.id).not.toBe(stored!.id)
      ids.add(answer.body.id)
    }
    expect(ids.size).toBe(3)
  })

  it("answers a re-used id, even a stored row's, like a new one", async () => {
    const { active } = await addresses()
    const stored = await rowOf(active)
    const reused = await signUp(uniqueEmail('other'), stored!.id)
    const fresh = await signUp(uniqueEmail('other'), recordId())
    expect(reused.status).toBe(fresh.status)
    expect(Object.keys(reused.body).sort()).toEqual(Object.keys(fresh.body).sort())
    expect(reused.body.id).toBe(stored!.id)
    // Nothing was changed for the stored row.
    await server.decideSignUps()
    expect((await rowOf(active))?.status).toBe('active')
  })

  it(`takes the same time for active, pending and free addresses (${SAMPLES} each, Mann-Whitney)`, async () => {
    const { active, pending } = await addresses()
    const times = { active: [] as number[], pending: [] as number[], free: [] as number[] }
    // Warm the connection and the server's pooled engines first.
    for (let n = 0; n < 5; n++) await signUp(uniqueEmail('warm'))
    for (let n = 0; n < SAMPLES; n++) {
      // Interleaved, in a rotating order, so drift in the machine's load falls on all three.
      const kinds = (['active', 'pending', 'free'] as const).map(
        (_, i, all) => all[(i + n) % all.length],
      )
      for (const kind of kinds) {
        const email =
          kind === 'active' ? active : kind === 'pending' ? pending : uniqueEmail('free')
        const answer = await signUp(email)
        expect(answer.status).toBe(200)
        times[kind].push(answer.ms)
      }
    }
    const activeVsFree = mannWhitney(times.active, times.free)
    const pendingVsFree = mannWhitney(times.pending, times.free)
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const summary = `medians active ${median(times.active).toFixed(2)} ms, pending ${median(times.pending).toFixed(2)} ms, free ${median(times.free).toFixed(2)} ms; z ${activeVsFree.z.toFixed(2)} / ${pendingVsFree.z.toFixed(2)}`
    expect(activeVsFree.p, summary).toBeGreaterThan(SIGNIFICANT)
    expect(pendingVsFree.p, summary).toBeGreaterThan(SIGNIFICANT)
  }, 60_000)

  it('is decided after the answer, by itself within seconds: a free address gets its row and one confirmation', async () => {
    const email = uniqueEmail('decided')
    const id = recordId()
    expect((await signUp(email, id)).status).toBe(200)
    // The queue's job decides it (no run call); the answer did not wait for it.
    await eventually(async () => (await rowOf(email)) !== undefined, 10_000)
    expect(await rowOf(email)).toMatchObject({ id, status: 'pending' })
    const mails = await server.su.collection('deliveries').getFullList({
      filter: server.su.filter('kind = "newsletter_confirm" && recipient = {:email}', { email }),
    })
    expect(mails).toHaveLength(1)
  })
})

describe('/api/newsletter/me for an account whose address is not verified', () => {
  it('answers alike for an address already on the list and a free one', async () => {
    const { active, pending } = await addresses()
    const answers = []
    for (const email of [active, pending, uniqueEmail('free')]) {
      for (const consent of [true, false]) {
        const address = consent
          ? email
          : email.replace('@', `+${Math.random().toString(36).slice(2, 6)}@`)
        // An account opened with the address (and the sign-up form's newsletter choice).
        await server.su.collection('users').create({
          email: address,
          password: 'correct-horse-42',
          passwordConfirm: 'correct-horse-42',
          fullName: 'Prober',
          newsletterConsent: consent,
        })
        const pb = guestClient(server.url)
        await pb.collection('users').authWithPassword(address, 'correct-horse-42')
        if (consent) {
          // What the sign-up form then sends, decided as the cron job would.
          await pb
            .collection(NEWSLETTER)
            .create({ id: recordId(), email: address, source: 'signup', userAgent: 'probe' })
          await server.decideSignUps()
        }
        answers.push([consent, await getOwnSubscription(pb)])
      }
    }
    expect(answers).toEqual([
      [true, 'pending'],
      [false, 'none'],
      [true, 'pending'],
      [false, 'none'],
      [true, 'pending'],
      [false, 'none'],
    ])
  })
})

describe('an old confirmation link', () => {
  it('cannot make an address active again after it unsubscribed and someone else signed it up', async () => {
    const email = uniqueEmail('victim')
    await signUp(email)
    await server.flush()
    const isConfirmation = (m: (typeof receiver.mails)[number]) =>
      m.envelope.to.includes(email) && /confirm/i.test(m.subject)
    await receiver.waitFor((mails) => mails.some(isConfirmation))
    const confirmation = receiver.mails.find(isConfirmation)!
    const token = /\/newsletter\/confirm\/([a-z0-9]+\.[a-f0-9]+)/.exec(confirmation.text)![1]
    const row = await rowOf(email)
    await server.su.collection(NEWSLETTER).update(row!.id, { status: 'unsubscribed' })

    // Someone else signs the address up again: a new row, pending, with new links.
    await signUp(email)
    await server.decideSignUps()
    const again = await rowOf(email)
    expect(again).toMatchObject({ status: 'pending' })
    expect(again!.id).not.toBe(row!.id)

    const res = await fetch(`${server.url}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    })
    expect(res.status).toBe(400)
    expect((await rowOf(email))?.status).toBe('pending')
  })
})
