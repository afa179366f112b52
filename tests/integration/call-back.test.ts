// Call-back requests (the scheduler's fallback) against a real PocketBase and a real SMTP
// receiver: a request needs a number that is one (400 naming `phone` otherwise); the consultant's
// notification carries the number; nobody, the consultant included, can change it afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, recordId, uniqueEmail } from './helpers'
import { OWNER_EMAIL, startMailServer, type MailServer } from './support/mail-harness'
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver'

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

function request(fields: Record<string, unknown>) {
  return {
    id: recordId(),
    name: 'Sam Tester',
    email: uniqueEmail('call-back'),
    message: 'Please call me back. A good time: mornings',
    source: 'call_back',
    ...fields,
  }
}

async function refusal(body: Record<string, unknown>) {
  return server.guest
    .collection('contacts')
    .create(body)
    .then(
      () => null,
      (err: { status: number; response: { data: Record<string, { code: string }> } }) => err,
    )
}

describe('call-back requests', () => {
  it.each([
    ['no number', {}],
    ['a number too short', { phone: '555-01' }],
    ['words', { phone: 'call me maybe' }],
  ])('refuse %s with 400 naming phone', async (_, fields) => {
    const err = await refusal(request(fields))
    expect(err?.status).toBe(400)
    expect(Object.keys(err?.response.data ?? {})).toEqual(['phone'])
  })

  it('refuses a malformed number on a plain message too, and takes a message without one', async () => {
    const bad = await refusal(request({ source: 'portfolio_website', phone: 'x' }))
    expect(bad?.status).toBe(400)
    const plain = await server.guest
      .collection('contacts')
      .create(request({ source: 'portfolio_website' }))
    expect(plain.phone).toBe('')
  })

  it('keeps the number, tells the consultant, and the consultant can only mark it processed', async () => {
    const body = request({ phone: ' (603) 555-0142 ' })
    const saved = await server.guest.collection('contacts').create(body)
    expect(saved.phone).toBe('(603) 555-0142')

    await server.flush()
    await receiver.waitFor((mails) =>
      mails.some((m) => m.envelope.to.includes(OWNER_EMAIL) && m.text.includes(body.email)),
    )
    const mail = receiver.mailsTo(OWNER_EMAIL).find((m) => m.text.includes(body.email as string))!
    expect(mail.subject).toContain('Call-back request')
    expect(mail.text).toContain('Phone: (603) 555-0142')

    const admin = await createUser({ url: server.url, isAdmin: true, verified: true })
    const changed = await admin.pb
      .collection('contacts')
      .update(saved.id, { phone: '000' })
      .then(
        () => 'changed',
        (err: { status: number }) => err.status,
      )
    expect(changed).not.toBe('changed')
    const done = await admin.pb.collection('contacts').update(saved.id, { processed: true })
    expect(done).toMatchObject({ processed: true, phone: '(603) 555-0142' })
  })
})
