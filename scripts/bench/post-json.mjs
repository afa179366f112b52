// One JSON POST over a keep-alive agent, as the benches' load loops send them: resolves with the
// status code (the body is drained, not read), rejects on a connection error.
import { request } from 'node:http'

/**
 * @param {URL} target
 * @param {import('node:http').Agent} agent
 * @param {string} json
 * @returns {Promise<number | undefined>}
 */
export function postJson(target, agent, json) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(json),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(json)
  })
}
