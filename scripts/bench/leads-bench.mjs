// The lead workspace under load on the benchmark's own PocketBase: 10,000 people (one contact
// message each: the people hook makes each person) and 50,000 funnel events, seeded through the
// batch API; then the first page of People and the 90-day funnel report, timed as the console
// calls them (src/backend/people-api.ts), on loopback.
import { median, percentile } from './stats.mjs'

export const LEADS_ADMIN = { email: 'bench-leads@bench.local', password: 'bench-leads-pass-123' }

/** @typedef {import('./kit-bundle.mjs').NodeKit} NodeKit */

/** @type {[string, number][]} */
const STEPS = [
  ['visit', 0.5],
  ['audit_started', 0.2],
  ['audit_completed', 0.12],
  ['email_given', 0.08],
  ['booking_opened', 0.06],
  ['call_booked', 0.04],
]
const REFERRERS = [
  '',
  '',
  'google.com',
  'facebook.com',
  'bing.com',
  'duckduckgo.com',
  'nhchamber.org',
]
const CAMPAIGNS = ['', '', '', 'spring', 'newsletter-june', 'fall-open-house']

/**
 * @param {string} url
 * @param {string | null} token
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} the answer's JSON
 */
async function api(url, token, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 500)}`)
  return text ? JSON.parse(text) : null
}

/**
 * @param {string} url
 * @param {string} token
 * @param {string} collection
 * @returns {Promise<number>}
 */
async function total(url, token, collection) {
  const page = await api(
    url,
    token,
    'GET',
    `/api/collections/${collection}/records?perPage=1&fields=id`,
  )
  return page.totalItems
}

/**
 * Sends `count` creates made by `body(n)` to `collection`, 50 per batch, `parallel` at a time.
 * @param {string} url
 * @param {string} token
 * @param {string} collection
 * @param {number} count
 * @param {(n: number) => object} body
 * @param {number} [parallel]
 */
async function seed(url, token, collection, count, body, parallel = 4) {
  let next = 0
  const worker = async () => {
    while (next < count) {
      const from = next
      next = Math.min(count, next + 50)
      const requests = []
      for (let n = from; n < next; n++)
        requests.push({
          method: 'POST',
          url: `/api/collections/${collection}/records`,
          body: body(n),
        })
      await api(url, token, 'POST', '/api/batch', { requests })
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
}

/** @param {number} n */
function stepOf(n) {
  let x = (n * 0.6180339887) % 1
  for (const [step, share] of STEPS) {
    if (x < share) return step
    x -= share
  }
  return 'visit'
}

/**
 * @param {{
 *   url: string,
 *   token: string,
 *   kit: NodeKit,
 *   people?: number,
 *   events?: number,
 *   rounds?: number,
 * }} options
 */
export async function runLeadsBench({
  url,
  token,
  kit,
  people = 10_000,
  events = 50_000,
  rounds = 200,
}) {
  const started = performance.now()
  await api(url, token, 'POST', '/api/collections/users/records', {
    ...LEADS_ADMIN,
    passwordConfirm: LEADS_ADMIN.password,
    fullName: 'Bench Leads Admin',
    verified: true,
    isAdmin: true,
  })
  const havePeople = await total(url, token, 'people')
  await seed(url, token, 'contacts', Math.max(0, people - havePeople), (n) => ({
    name: `Bench Person ${n}`,
    email: `bench-person-${n}@leads.example`,
    message: 'Seeded by npm run bench.',
    source: 'portfolio_website',
  }))
  const haveEvents = await total(url, token, 'events')
  await seed(url, token, 'events', Math.max(0, events - haveEvents), (n) => {
    const name = stepOf(n)
    return name === 'visit'
      ? {
          name,
          path: n % 3 ? '/' : '/free-audit',
          referrer: REFERRERS[n % REFERRERS.length],
          utmSource: CAMPAIGNS[n % CAMPAIGNS.length] ? 'newsletter' : '',
          utmCampaign: CAMPAIGNS[n % CAMPAIGNS.length],
        }
      : { name, path: '/free-audit' }
  })
  const seedSeconds = (performance.now() - started) / 1000
  const timed = await kit.timeLeadWorkspace(url, LEADS_ADMIN, rounds)
  return {
    rounds,
    seedSeconds,
    people: timed.people,
    events: await total(url, token, 'events'),
    visits90d: timed.visits,
    peopleFirstPage: { p50Ms: median(timed.peopleMs), p95Ms: percentile(timed.peopleMs, 95) },
    funnel: { p50Ms: median(timed.funnelMs), p95Ms: percentile(timed.funnelMs, 95) },
  }
}
