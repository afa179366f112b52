// A loopback HTTP proxy that behaves like a slow mobile link: every request/response round trip
// takes `rttMs` longer (half on the way in, half on the way out), and the first request on a
// new connection pays one more round trip for the TCP handshake. It counts the HTTP requests
// and the bytes each way as they cross the link (compressed answers stay compressed). Ported
// from tests/integration/support/loopback-proxy.ts.
import { createServer, request } from 'node:http'

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/**
 * One request to the real server, bytes untouched (fetch would decompress them).
 * @param {string} target
 * @param {string | undefined} method
 * @param {string | undefined} path
 * @param {import('node:http').OutgoingHttpHeaders} headers
 * @param {Buffer} body
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
function forward(target, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const upstream = request(`${target}${path}`, { method, headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () =>
        // (A response from a server always has its status code.)
        resolve({
          status: /** @type {number} */ (res.statusCode),
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      )
      res.on('error', reject)
    })
    upstream.on('error', reject)
    upstream.end(method === 'GET' || method === 'HEAD' ? undefined : body)
  })
}

/**
 * @typedef {object} ProxiedRequest
 * @property {string | undefined} method
 * @property {string | undefined} path
 * @property {number} status
 * @property {boolean} newConnection
 * @property {number} bytesUp
 * @property {number} bytesDown
 * @property {number} ms
 */

/**
 * Starts the proxy in front of `target` (http://127.0.0.1:port).
 * @param {string} target
 * @param {{ rttMs?: number }} [options]
 */
export async function startSlowProxy(target, { rttMs = 400 } = {}) {
  /** @type {ProxiedRequest[]} */
  const log = []
  const knownSockets = new WeakSet()
  const server = createServer(async (req, res) => {
    const started = Date.now()
    const fresh = !knownSockets.has(req.socket)
    knownSockets.add(req.socket)
    const body = await readBody(req)
    // The request's way in (plus the handshake on a new connection).
    await sleep(rttMs / 2 + (fresh ? rttMs : 0))

    const headers = { ...req.headers, host: new URL(target).host }
    delete headers.connection
    let upstream
    try {
      upstream = await forward(target, req.method, req.url, headers, body)
    } catch {
      req.socket.destroy()
      return
    }
    // The answer's way out.
    await sleep(rttMs / 2)
    /** @type {import('node:http').OutgoingHttpHeaders} */
    const out = {}
    for (const name of ['content-type', 'content-encoding', 'retry-after', 'vary']) {
      if (upstream.headers[name]) out[name] = upstream.headers[name]
    }
    res.writeHead(upstream.status, out)
    res.end(upstream.body)
    const answer = upstream.body
    log.push({
      method: req.method,
      path: req.url,
      status: upstream.status,
      newConnection: fresh,
      bytesUp: body.length,
      bytesDown: answer.length,
      ms: Date.now() - started,
    })
  })
  await /** @type {Promise<void>} */ (
    new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  )
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    requests: log,
    /** @returns {Promise<void>} */
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
