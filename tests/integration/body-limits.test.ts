// Request bodies over the limits of src/config/limits.ts answer 413 before the server reads them
// (pb_hooks/request-limits.pb.js, server/limits/request-limits.ts): 256 KiB on the records API, 1
// MiB on /api/batch, whether the client declares the size (Content-Length) or streams the body
// without one.
import { describe, expect, it } from 'vitest'
import { BATCH_BODY_MAX_BYTES, RECORD_BODY_MAX_BYTES } from '../../src/config/limits'
import { pbUrl, recordId, uniqueEmail } from './helpers'
import { rawRequest } from './support/raw-request'

const CONTACTS = '/api/collections/contacts/records'

function contactOfSize(bytes: number): string {
  const head = JSON.stringify({
    name: 'Big',
    email: uniqueEmail('big'),
    source: 'portfolio_website',
    message: '',
  })
  return head.replace('"message":""', `"message":"${'m'.repeat(bytes - head.length)}"`)
}

function batchOfSize(bytes: number): string {
  const each = Math.floor(bytes / 4)
  const requests = Array.from({ length: 4 }, () => ({
    method: 'POST',
    url: CONTACTS,
    body: JSON.parse(contactOfSize(each - 100)) as unknown,
  }))
  return JSON.stringify({ requests })
}

describe('request bodies over the limit', () => {
  it.each([
    ['a record create declaring 30 MB', CONTACTS, 30 * 1024 * 1024, false],
    ['a record create one byte over 256 KiB', CONTACTS, RECORD_BODY_MAX_BYTES + 1, false],
    ['a record create streamed without Content-Length', CONTACTS, 2 * 1024 * 1024, true],
    ['a sign-up declaring 5 MB', '/api/collections/users/records', 5 * 1024 * 1024, false],
    ['a batch one byte over 1 MiB', '/api/batch', BATCH_BODY_MAX_BYTES + 1, false],
  ])('%s answers 413', async (_, path, bodyBytes, chunked) => {
    const answer = await rawRequest(pbUrl(), {
      path,
      bodyBytes,
      chunked,
      // Streamed: JSON the server must read up to the limit; declared: refused from the headers.
      prefix:
        path === '/api/batch' ? '{"requests":[{"method":"POST","url":"x","body":"' : '{"message":"',
      expectContinue: !chunked,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413 })
  })

  it('a batch streamed without Content-Length answers 411 (it must declare its size)', async () => {
    const answer = await rawRequest(pbUrl(), {
      path: '/api/batch',
      bodyBytes: 3 * 1024 * 1024,
      chunked: true,
      prefix: '{"requests":[',
    })
    expect(answer.status).toBe(411)
  })

  it('a contact under 256 KiB is read and refused for its content (400 naming the message)', async () => {
    const body = contactOfSize(RECORD_BODY_MAX_BYTES - 1024)
    expect(body.length).toBeLessThan(RECORD_BODY_MAX_BYTES)
    const answer = await rawRequest(pbUrl(), { path: CONTACTS, body })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toHaveProperty(['data', 'message', 'code'])
  })

  it('a record over 256 KiB answers 413 inside a batch too', async () => {
    // The batch limit is 1 MiB, but each request in it is a record request.
    const body = JSON.stringify({
      requests: [{ method: 'POST', url: CONTACTS, body: JSON.parse(contactOfSize(300 * 1024)) }],
    })
    const answer = await rawRequest(pbUrl(), { path: '/api/batch', body })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
  })

  it('a batch under 1 MiB is read (its requests answered one by one)', async () => {
    const body = batchOfSize(BATCH_BODY_MAX_BYTES - 64 * 1024)
    expect(body.length).toBeLessThan(BATCH_BODY_MAX_BYTES)
    const answer = await rawRequest(pbUrl(), { path: '/api/batch', body })
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('message')
  })

  it('a contact streamed without Content-Length, under 256 KiB, is read whole and saved', async () => {
    const id = recordId()
    const message = 'Hello from a slow link. '.repeat(200)
    const answer = await rawRequest(pbUrl(), {
      path: CONTACTS,
      body: JSON.stringify({
        id,
        name: 'Ann',
        email: uniqueEmail('ann'),
        message,
        source: 'portfolio_website',
      }),
      chunked: true,
    })
    expect(answer.status, answer.body).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ id, message: message.trim() })
  })

  it('a normal contact still goes through', async () => {
    const answer = await rawRequest(pbUrl(), {
      path: CONTACTS,
      body: JSON.stringify({
        id: recordId(),
        name: 'Ann',
        email: uniqueEmail('ann'),
        message: 'Hello',
        source: 'portfolio_website',
      }),
    })
    expect(answer.status).toBe(200)
  })
})
