// Realtime (server-sent events) connections opened the way a browser's EventSource opens them,
// each from a chosen loopback address, held open until closed. Used by the realtime tests and
// the bench's memory-per-connection measure.
import { request, type ClientRequest, type IncomingMessage } from 'node:http'

export interface RealtimeConnection {
  /** 200 for an open stream (PB_CONNECT received), else the refusal's status or 0. */
  status: number
  retryAfter?: string
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

export function openRealtime(baseUrl: string, from: string): Promise<RealtimeConnection> {
  const url = new URL('/api/realtime', baseUrl)
  return new Promise((resolve) => {
    let endedResolve: () => void = () => undefined
    const ended = new Promise<void>((r) => (endedResolve = r))
    const close = () => req.destroy()
    const req: ClientRequest = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'GET',
        headers: { accept: 'text/event-stream' },
        localAddress: from,
        agent: false,
      },
      (res: IncomingMessage) => {
        res.on('end', endedResolve)
        res.on('close', endedResolve)
        res.on('error', endedResolve)
        if (res.statusCode !== 200) {
          res.resume()
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
            ended,
            close,
          })
          return
        }
        res.once('data', () => resolve({ status: 200, ended, close }))
      },
    )
    req.on('error', () => {
      endedResolve()
      resolve({ status: 0, ended, close })
    })
    req.end()
  })
}
