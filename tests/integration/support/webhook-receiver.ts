// A real HTTP receiver on loopback for the webhook tests: it records every request (headers and
// the exact body bytes) and every connection, and answers as a test tells it to - 2xx, an error
// status, a redirect, a huge body, or never (a hung receiver).
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { waitUntil } from './wait'

export interface ReceivedWebhook {
  path: string
  headers: Record<string, string>
  body: string
  at: number
}

export type Answer =
  | { status: number; body?: string; headers?: Record<string, string> }
  | { hang: true }
  | { hugeBody: number }

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> (or http://[::1]:<port>) */
  origin: string
  port: number
  received: ReceivedWebhook[]
  /** Requests to one path. */
  at(path: string): ReceivedWebhook[]
  /** TCP connections accepted so far (a refused delivery must never open one). */
  connections(): number
  /**
   * Resolves once no connection is open: every request a killed sender had already written has
   * been read and answered by the rules in force until then.
   */
  waitForIdle(timeoutMs?: number): Promise<void>
  /** How to answer requests to `path` from now on (default 200 "ok"). */
  answer(path: string, answer: Answer): void
  waitFor(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export async function startWebhookReceiver(host = '127.0.0.1'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const answers = new Map<string, Answer>()
  const sockets = new Set<Socket>()
  const hanging = new Set<ServerResponse>()
  let connections = 0

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '')
      }
      received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() })
      const answer = answers.get(path) ?? { status: 200, body: 'ok' }
      if ('hang' in answer) {
        hanging.add(res)
        return
      }
      if ('hugeBody' in answer) {
        res.writeHead(200, { 'content-type': 'text/plain' })
        const chunk = Buffer.alloc(64 * 1024, 'x')
        let sent = 0
        const write = () => {
          while (sent < answer.hugeBody) {
            sent += chunk.length
            if (!res.write(chunk)) return void res.once('drain', write)
          }
          res.end()
        }
        res.on('error', () => undefined)
        return write()
      }
      res.writeHead(answer.status, answer.headers ?? { 'content-type': 'text/plain' })
      res.end(answer.body ?? '')
    })
  })
  server.on('connection', (socket: Socket) => {
    connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const origin = host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`

  return {
    origin,
    port,
    received,
    at: (path) => received.filter((r) => r.path === path),
    connections: () => connections,
    waitForIdle: (timeoutMs = 5_000) =>
      waitUntil(
        () => sockets.size === 0,
        timeoutMs,
        () => `its connections to close (${sockets.size} still open)`,
        20,
      ),
    answer: (path, answer) => void answers.set(path, answer),
    waitFor: (predicate, timeoutMs = 15_000) =>
      waitUntil(
        () => predicate(received),
        timeoutMs,
        () =>
          `webhooks; received ${received.length}: ` +
          received.map((r) => `${r.path} ${r.headers['webhook-id']}`).join(', '),
        50,
      ),
    async close() {
      for (const res of hanging) res.destroy()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
