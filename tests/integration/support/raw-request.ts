// Plain HTTP requests with control the SDK and fetch do not give: the source loopback address
// (each attacker its own IP, as the rate limiter sees it), a declared Content-Length, or a body
// streamed without one. The answer is read even when the server stops the upload early.
import { request } from 'node:http'

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface RawRequest {
  method?: string
  path: string
  headers?: Record<string, string>
  /** Sent as is; with `chunked` streamed without a Content-Length. */
  body?: Buffer | string
  /** A body this many bytes long, streamed in 64 KiB pieces (never built in memory). */
  bodyBytes?: number
  chunked?: boolean
  /** What a streamed body starts with (e.g. `{"message":"` so it reads as JSON to the end). */
  prefix?: string
  /** A slow client: wait this long before each 64 KiB piece (default: as fast as it drains). */
  paceMs?: number
  /**
   * Send `Expect: 100-continue` and the body only if the server asks for it (as curl does for a
   * large body): a server that refuses from the headers answers without reading anything, and
   * the answer cannot be lost to a connection reset while the body is still going out.
   */
  expectContinue?: boolean
  /** The source address, e.g. 127.0.0.2 (anything in 127/8 is loopback on Linux). */
  from?: string
}

/** Sends one request to `baseUrl` and resolves with the answer (rejects only if none came). */
export function rawRequest(baseUrl: string, opts: RawRequest): Promise<RawAnswer> {
  const url = new URL(opts.path, baseUrl)
  const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : opts.body
  const length = body ? body.length : (opts.bodyBytes ?? 0)
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers }
  if (!opts.chunked) headers['content-length'] = String(length)
  // Node frames a GET or DELETE body only when asked: say it is chunked, as an attacker would.
  else headers['transfer-encoding'] = 'chunked'
  if (opts.expectContinue) headers.expect = '100-continue'
  return new Promise((resolve, reject) => {
    let answered = false
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? 'POST',
        headers,
        localAddress: opts.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          answered = true
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        })
        res.on('error', () => undefined)
      },
    )
    // The server may answer and close while the body is still going out: that is the point.
    req.on('error', (err) => {
      if (!answered) setTimeout(() => (answered ? undefined : reject(err)), 200)
    })
    const send = () => {
      if (body) req.end(body)
      else pump()
    }
    const piece = Buffer.alloc(64 * 1024, 0x61)
    const prefix = Buffer.from(opts.prefix ?? '')
    let left = length
    if (prefix.length > 0) {
      req.write(prefix)
      left -= prefix.length
    }
    const pump = () => {
      while (left > 0 && !req.destroyed) {
        const size = Math.min(piece.length, left)
        left -= size
        const drained = req.write(size === piece.length ? piece : piece.subarray(0, size))
        if (opts.paceMs) {
          // The next piece once this one is out and the pause is over, whichever comes last.
          const written = drained ? Promise.resolve() : new Promise((r) => req.once('drain', r))
          const paused = new Promise((r) => setTimeout(r, opts.paceMs))
          void Promise.all([written, paused]).then(pump)
          return
        }
        if (!drained) {
          req.once('drain', pump)
          return
        }
      }
      if (!req.destroyed) req.end()
    }
    if (opts.expectContinue) req.once('continue', send)
    else send()
  })
}
