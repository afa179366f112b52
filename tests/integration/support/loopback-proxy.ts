// A loopback HTTP proxy in front of a real PocketBase that can misbehave like a bad network:
// forward a request, cut the connection before forwarding it ("reset"), or forward it, let
// the server commit, and then drop the response on the floor ("drop-response"). It also logs
// which record ids each request carried, to prove nothing was sent twice.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ProxyAction = 'forward' | 'reset' | 'drop-response'

export interface ProxiedRequest {
  method: string
  path: string
  body: string
  /** Every 15-character record id in the body (single creates and batch sub-requests). */
  ids: string[]
  action: ProxyAction
  /** The server's status, when the request reached it. */
  status?: number
}

export interface LoopbackProxy {
  url: string
  requests: ProxiedRequest[]
  /** Decides what happens to each request; the default forwards everything. */
  decide: (req: { method: string; path: string; body: string }) => ProxyAction
  /** Awaited before a request is forwarded: a test's chance to set the server's state first. */
  beforeForward?: (req: { method: string; path: string; body: string }) => Promise<void>
  /** Ids in the order they were forwarded to the server (dropped responses included). */
  forwardedIds(): string[]
  stop(): Promise<void>
}

const ID_IN_BODY = /"id":"([a-z0-9]{15})"/g

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export async function startLoopbackProxy(target: string): Promise<LoopbackProxy> {
  const proxy: LoopbackProxy = {
    url: '',
    requests: [],
    decide: () => 'forward',
    forwardedIds: () => proxy.requests.filter((r) => r.action !== 'reset').flatMap((r) => r.ids),
    stop: async () => undefined,
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req)
    const body = raw.toString('utf8')
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    const action = proxy.decide({ method, path, body })
    const logged: ProxiedRequest = {
      method,
      path,
      body,
      ids: [...body.matchAll(ID_IN_BODY)].map((m) => m[1]),
      action,
    }
    proxy.requests.push(logged)
    if (action === 'reset') {
      req.socket.destroy()
      return
    }
    await proxy.beforeForward?.({ method, path, body })
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) {
        headers.set(name, value)
      }
    }
    let upstream: Response
    try {
      upstream = await fetch(`${target}${path}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(raw),
      })
    } catch {
      req.socket.destroy() // the real server is down: the client sees a network error
      return
    }
    const answer = Buffer.from(await upstream.arrayBuffer())
    logged.status = upstream.status
    if (action === 'drop-response') {
      // The server has committed the create; the client never learns it.
      req.socket.destroy()
      return
    }
    const out: Record<string, string> = {}
    for (const name of ['content-type', 'retry-after']) {
      const value = upstream.headers.get(name)
      if (value) out[name] = value
    }
    res.writeHead(upstream.status, out)
    res.end(answer)
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return proxy
}
