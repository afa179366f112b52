// Account mails through the delivery queue, against real PocketBase servers and a real SMTP
// receiver: every request-* endpoint answers the same bytes whether the address exists, whether
// SMTP is configured and whether it answers; each queued mail is delivered exactly once when SMTP
// comes back; and however often someone asks, one address gets at most one mail of each kind in
// a minute (a used reset link starts the count again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort } from '../../scripts/pocketbase.mjs'
import { createUser, guestClient, uniqueEmail } from './helpers'
import type { TestUser } from './helpers'
import { eventually, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { SmtpReceiver } from './support/smtp-receiver'

const HOUR = 3600_000

interface Answer {
  status: number
  body: string
  headers: Record<string, string>
}

/** The whole answer but its Date header. */
async function post(url: string, path: string, body: unknown, token = ''): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  })
  const headers: Record<string, string> = {}
  res.headers.forEach((value, name) => {
    if (name !== 'date') headers[name] = value
  })
  return { status: res.status, body: await res.text(), headers }
}

interface World {
  server: MailServer
  /** Has an account, unverified. */
  member: TestUser
  /** Asks to move to a taken or a free address. */
  mover: TestUser
  taken: TestUser
  free: string
  unknown: string
}

async function world(server: MailServer): Promise<World> {
  return {
    server,
    member: await createUser({ url: server.url, label: 'member' }),
    mover: await createUser({ url: server.url, label: 'mover', verified: true }),
    taken: await createUser({ url: server.url, label: 'taken' }),
    free: uniqueEmail('free'),
    unknown: uniqueEmail('nobody'),
  }
}

/** The five requests whose answers must not tell anything, in pairs that must match. */
async function answers(w: World) {
  const users = '/api/collections/users'
  const token = w.mover.pb.authStore.token
  return {
    verifyKnown: await post(w.server.url, `${users}/request-verification`, {
      email: w.member.email,
    }),
    verifyUnknown: await post(w.server.url, `${users}/request-verification`, { email: w.unknown }),
    resetKnown: await post(w.server.url, `${users}/request-password-reset`, {
      email: w.member.email,
    }),
    resetUnknown: await post(w.server.url, `${users}/request-password-reset`, {
      email: w.unknown,
    }),
    changeToTaken: await post(
      w.server.url,
      `${users}/request-email-change`,
      { newEmail: w.taken.email },
      token,
    ),
    changeToFree: await post(
      w.server.url,
      `${users}/request-email-change`,
      { newEmail: w.free },
      token,
    ),
  }
}

let receiver: SmtpReceiver
let smtpPort: number
let down: MailServer
let unconfigured: MailServer

beforeAll(async () => {
  smtpPort = await freePort()
  // Nothing listens on smtpPort yet: SMTP is down.
  down = await startMailServer(smtpPort)
  unconfigured = await startMailServer(0, { SMTP_HOST: '' })
})

afterAll(async () => {
  await down?.stop()
  await unconfigured?.stop()
  await receiver?.close()
})

describe('the request-* endpoints', () => {
  it('answer byte-identical 204s with SMTP down or not configured; the mails go out once SMTP is back', async () => {
    const downWorld = await world(down)
    const downAnswers = await answers(downWorld)
    const unconfiguredAnswers = await answers(await world(unconfigured))
    const reference = downAnswers.verifyKnown
    expect(reference.status).toBe(204)
    expect(reference.body).toBe('')
    for (const [name, answer] of [
      ...Object.entries(downAnswers),
      ...Object.entries(unconfiguredAnswers),
    ]) {
      expect(answer, name).toEqual(reference)
    }

    // Queued, each once, and kept while SMTP refuses.
    const queued = await down.su.collection('deliveries').getFullList({
      filter: 'class = "account"',
      sort: 'kind',
    })
    expect(queued.map((row) => [row.kind, row.recipient])).toEqual([
      ['account_email_change', downWorld.free],
      ['account_password_reset', downWorld.member.email],
      ['account_verification', downWorld.member.email],
    ])
    await down.flush()
    for (const row of await down.su
      .collection('deliveries')
      .getFullList({ filter: 'class = "account"' })) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 })
      expect(row.lastError).toMatch(/connection refused/)
      // The body carries a live token: it is not kept on the row.
      expect(row.html).toBe('')
    }

    // SMTP comes back: each mail once, with a working link.
    receiver = await startSmtpReceiver(smtpPort)
    await down.flush(new Date(Date.now() + HOUR))
    await receiver.waitFor((mails) => mails.length >= 3)
    await down.flushAndSettle(new Date(Date.now() + 2 * HOUR))
    expect(receiver.mails.map((m) => [m.envelope.to[0], m.subject]).sort()).toEqual(
      [
        [downWorld.free, 'Confirm your new e-mail for North Country Efficiency'],
        [downWorld.member.email, 'Reset your North Country Efficiency password'],
        [downWorld.member.email, 'Verify your e-mail for North Country Efficiency'],
      ].sort(),
    )
    const verify = receiver.mails.find((m) => /Verify/.test(m.subject))!
    const token = /\/verify-email\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(verify.text)?.[1]
    expect(token).toBeTruthy()
    await guestClient(down.url).collection('users').confirmVerification(token!)
    expect((await down.su.collection('users').getOne(downWorld.member.id)).verified).toBe(true)
  })
})

describe('a flood of account mails to one address', () => {
  let server: MailServer
  let flood: SmtpReceiver

  beforeAll(async () => {
    flood = await startSmtpReceiver()
    server = await startMailServer(flood.port)
  })

  afterAll(async () => {
    await server?.stop()
    await flood?.close()
  })

  it('gets at most one mail of each kind in a minute, however it is asked', async () => {
    const stranger = uniqueEmail('stranger')
    // An account somebody opened with the stranger's address (it can never be verified).
    const password = 'correct-horse-42'
    await guestClient(server.url)
      .collection('users')
      .create({ email: stranger, password, passwordConfirm: password, fullName: 'Not Them' })
    const attacker = await createUser({ url: server.url, label: 'attacker' })
    const changeTarget = uniqueEmail('change-target')
    const users = '/api/collections/users'
    for (let i = 0; i < 8; i++) {
      expect(
        (await post(server.url, `${users}/request-verification`, { email: stranger })).status,
      ).toBe(204)
      expect(
        (await post(server.url, `${users}/request-password-reset`, { email: stranger })).status,
      ).toBe(204)
      expect(
        (
          await post(
            server.url,
            `${users}/request-email-change`,
            { newEmail: changeTarget },
            attacker.pb.authStore.token,
          )
        ).status,
      ).toBe(204)
      // A sign-in from a "new device" each time.
      const device = guestClient(server.url)
      device.beforeSend = (url, options) => {
        options.headers = { ...options.headers, 'User-Agent': `Device/${i}` }
        return { url, options }
      }
      await device.collection('users').authWithPassword(stranger, password)
    }
    await eventually(async () => {
      await server.flush()
      return flood.mailsTo(stranger).length >= 3
    })
    await server.flushAndSettle()
    const kinds = (to: string) =>
      flood
        .mailsTo(to)
        .map((m) => m.subject.split(' ')[0])
        .sort()
    expect(kinds(stranger)).toEqual(['New', 'Reset', 'Verify'])
    expect(kinds(changeTarget)).toEqual(['Confirm'])
  })

  it('a reset link that was used lets the next reset through at once', async () => {
    const user = await createUser({ url: server.url, label: 'resetter' })
    const guest = guestClient(server.url)
    await guest.collection('users').requestPasswordReset(user.email)
    await eventually(async () => {
      await server.flush()
      return flood.mailsTo(user.email).length === 1
    })
    const token = /\/reset-password\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(
      flood.mailsTo(user.email)[0].text,
    )?.[1]
    await guest.collection('users').confirmPasswordReset(token!, 'new-horse-4242', 'new-horse-4242')
    // A minute later, not two: the link was used, so this is a new need.
    await guest.collection('users').requestPasswordReset(user.email)
    await eventually(async () => {
      await server.flush()
      return flood.mailsTo(user.email).length === 2
    })
    // Unused, a third ask within two minutes sends nothing.
    await guest.collection('users').requestPasswordReset(user.email)
    await server.flushAndSettle()
    expect(flood.mailsTo(user.email)).toHaveLength(2)
  })
})
