// PocketBase's answer to a batch (`POST /api/batch`) whose transaction stopped at one of its
// requests, read the same way by the browser's outbox (src/backend/outbox-transport.ts) and by
// the server's Retry-After (server/limits/retry-rules.ts).

/** The response of the request a batch stopped at. */
export interface StoppedRequestResponse {
  status: number
  message?: string
  data?: Record<string, unknown>
}

/**
 * PocketBase 0.40 answers a batch whose transaction stopped at a request with 400 and
 * `data.requests[index].response`: from that `data`, the request's index and its response;
 * undefined for any other answer.
 */
export function stoppedBatchRequest(
  data: unknown,
): { index: number; response: StoppedRequestResponse } | undefined {
  const requests = (data as { requests?: unknown } | null | undefined)?.requests
  if (!requests || typeof requests !== 'object') return undefined
  for (const key of Object.keys(requests)) {
    const response = (requests as Record<string, { response?: { status?: unknown } } | null>)[key]
      ?.response
    if (response && typeof response.status === 'number') {
      return { index: Number(key), response: response as StoppedRequestResponse }
    }
  }
  return undefined
}
