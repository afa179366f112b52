// How long a publish takes, from the request to the answer: the server renders every public page
// with the new content (node --jitless, server/site/render.ts), saves the version and serves the
// new folder, so when it answers, the pages, the business data, the share cards, the sitemap and
// the worker are the new ones (issue 36: within 10 s). On the benchmark's own server, as its
// superuser (who may do what the site admin does): a phone changed in the draft, then published,
// `runs` times, then the first version rolled back to.
import { median } from './stats.mjs'

/**
 * @param {string} url
 * @param {string} token
 * @param {string} method
 * @param {string} path
 * @param {unknown} body
 */
async function call(url, token, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`)
  return JSON.parse(text)
}

/**
 * @param {{ url: string, token: string, runs: number }} options
 * @returns {Promise<{ runs: number, publishMs: number[], medianMs: number, worstMs: number }>}
 */
export async function measurePublish({ url, token, runs }) {
  /** @type {number[]} */
  const publishMs = []
  for (let n = 0; n < runs; n++) {
    await call(url, token, 'PATCH', '/api/site/draft', { phone: `(603) 555-01${10 + n}` })
    const started = performance.now()
    const answer = await call(url, token, 'POST', '/api/site/publish', {})
    publishMs.push(Math.round(performance.now() - started))
    if (!answer.changed) throw new Error('the publish changed nothing')
    const page = await (await fetch(`${url}/`)).text()
    if (!page.includes(`(603) 555-01${10 + n}`)) throw new Error('the home page is not the new one')
  }
  await call(url, token, 'POST', '/api/site/rollback', { version: 1 })
  return { runs, publishMs, medianMs: median(publishMs), worstMs: Math.max(...publishMs) }
}
