// The one reader of PocketBase's answer to a batch that stopped at a request, shared by the
// browser's outbox and the server's Retry-After.
import { describe, expect, it } from 'vitest'
import { stoppedBatchRequest } from '../../../src/config/batch-answer'

describe('stoppedBatchRequest', () => {
  it('finds the request the batch stopped at, with its response', () => {
    const response = { status: 400, message: 'Failed to create record.', data: { email: {} } }
    expect(stoppedBatchRequest({ requests: { '2': { response } } })).toEqual({
      index: 2,
      response,
    })
  })

  it.each([
    ['no data', undefined],
    ['null', null],
    ['a field error, not a batch', { email: { code: 'validation_invalid_email' } }],
    ['requests that are not an object', { requests: 'x' }],
    ['a request with no response', { requests: { '0': {} } }],
    ['a response with no status', { requests: { '0': { response: { message: 'x' } } } }],
    ['a null request', { requests: { '0': null } }],
  ])('is undefined for %s', (_, data) => {
    expect(stoppedBatchRequest(data)).toBeUndefined()
  })
})
