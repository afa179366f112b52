// Realtime (server-sent events) connections and memory: what one open connection costs the
// server (it holds each JavaScript middleware's engine for its lifetime), measured on servers of
// their own with the production limits, each client from its own loopback address:
//   - `perConnection`: resident memory with N open connections, minus before, divided by N, on a
//     server whose caps are raised so N fit (REALTIME_MAX_CONNECTIONS, REALTIME_PER_IP);
//   - `flood`: 300 connections at once from one address against the default caps (4 per
//     address): how many are refused and the peak resident memory while they are.
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPocketBase } from '../pocketbase.mjs'
import { residentMb } from './process-stats.mjs'

/**
 * Opens one SSE connection from `from`; resolves { status, close } once it is open or refused.
 * @param {string} url
 * @param {string} from
 * @returns {Promise<{ status: number | undefined, close: () => void }>}
 */
function connect(url, from) {
  const target = new URL('/api/realtime', url)
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        localAddress: from,
        agent: false,
      },
      (res) => {
        const close = () => req.destroy()
        if (res.statusCode !== 200) {
          res.resume()
          resolve({ status: res.statusCode, close })
        } else res.once('data', () => resolve({ status: 200, close }))
      },
    )
    req.on('error', () => resolve({ status: 0, close: () => undefined }))
    req.end()
  })
}

/**
 * @template T
 * @param {Record<string, string>} env
 * @param {(url: string, pid: number | undefined) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withServer(env, fn) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nce-bench-rt-'))
  const server = await startPocketBase({
    dataDir,
    env: { SMTP_HOST: '', ...env },
  })
  try {
    return await fn(server.url, server.process.pid)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500))

/** @param {{ connections?: number, flood?: number }} [options] */
export async function runRealtimeBench({ connections = 30, flood = 300 } = {}) {
  const perConnection = await withServer(
    { REALTIME_MAX_CONNECTIONS: String(connections * 2), REALTIME_PER_IP: String(connections) },
    async (url, pid) => {
      await settle()
      const before = residentMb(pid)
      const open = []
      for (let n = 0; n < connections; n++) open.push(await connect(url, `127.0.2.${10 + n}`))
      await settle()
      const after = residentMb(pid)
      for (const c of open) c.close()
      return {
        connections,
        accepted: open.filter((c) => c.status === 200).length,
        rssBeforeMb: before,
        rssAfterMb: after,
        mbPerConnection: (after - before) / connections,
      }
    },
  )
  const floodResult = await withServer({}, async (url, pid) => {
    await settle()
    const before = residentMb(pid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 20)
    const all = await Promise.all(Array.from({ length: flood }, () => connect(url, '127.0.3.9')))
    clearInterval(sampler)
    peak = Math.max(peak, residentMb(pid))
    for (const c of all) c.close()
    return {
      connections: flood,
      accepted: all.filter((c) => c.status === 200).length,
      refused: all.filter((c) => c.status === 429).length,
      rssBeforeMb: before,
      peakRssMb: peak,
    }
  })
  return { perConnection, flood: floodResult }
}
