// Newsletter issues (`npm run bench -- --only newsletter`): a send to 5,000 active subscribers on
// a server of its own with a real SMTP receiver on loopback and the throttle off
// (NEWSLETTER_RATE_PER_MINUTE=0): the time to queue it (POST .../send: render once, one
// INSERT ... SELECT), the delivery rate through POST /api/mail/flush until every copy is sent,
// and the server's peak resident memory (VmHWM of its process). Subscribers are seeded in one
// statement by the test-only hook tests/integration/support/hooks/newsletter-seed.pb.js, copied
// into a temp hooks folder beside the real ones. Then the hostile bodies (50,000 characters of
// `[`, `*a_` repeated: they once took 60 s and 24 s): the sender's run that renders and sends
// each one's test copy, and each one's send request (render once, queue every copy); any body
// renders in bounded time (src/content/markdown.ts). Also: a published issue for Lighthouse.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root, startPocketBase, superuserToken, upsertSuperuser } from '../pocketbase.mjs'
import { startMailReceiver } from '../mail-receiver.mjs'

const SU = { email: 'bench-newsletter@bench.local', password: 'bench-newsletter-pass-123' }
export const NEWSLETTER_BENCH_RECIPIENTS = 5000

/**
 * @param {string} url
 * @param {string} token
 * @param {string} path
 * @param {unknown} body
 * @param {string} [method]
 * @returns {Promise<any>} the answer's JSON
 */
async function api(url, token, path, body, method = 'POST') {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

function randomId() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from({ length: 15 }, () => alphabet[Math.floor(Math.random() * 36)]).join('')
}

/**
 * A new issue, sent (to whoever is active): returns its id and slug.
 * @param {string} url
 * @param {string} token
 * @param {string} subject
 * @param {string} body
 */
export async function publishIssue(url, token, subject, body) {
  const id = randomId()
  await api(url, token, '/api/collections/newsletter_issues/records', {
    id,
    subject,
    preheader: 'Three small changes that give you an hour back every week.',
    body,
  })
  const started = performance.now()
  const answer = await api(url, token, `/api/newsletter/issues/${id}/send`, {})
  const queueMs = performance.now() - started
  const issue = await api(
    url,
    token,
    `/api/collections/newsletter_issues/records/${id}`,
    null,
    'GET',
  )
  return { id, slug: issue.slug, recipients: answer.recipients, queueMs }
}

export const SAMPLE_ISSUE = [
  'Most small businesses lose an hour a day to the phone. Here is how three of our neighbours got it back.',
  '',
  '## Let customers book themselves',
  '',
  'A booking page answers *when are you open* and *can you fit me in* while you work. Put the link on your',
  'website, your Google profile and your voicemail greeting.',
  '',
  '## Send the reminder automatically',
  '',
  '- A text the day before cuts no-shows by half.',
  '- A short e-mail after the visit brings the reviews in.',
  '',
  '## Keep the answers in one place',
  '',
  'Write the five questions you hear most, and answer them once on your site. Then [book a free call](https://calendly.com/your-name/15min) if you want help setting it up.',
].join('\n')

/** Bodies that made the renderer's work grow faster than their length, at the length limit. */
const BODY_MAX = 50_000
export const HOSTILE_BODIES = {
  '50,000 [': '['.repeat(BODY_MAX),
  '*a_ repeated': '*a_'.repeat(Math.ceil(BODY_MAX / 3)).slice(0, BODY_MAX),
}

/**
 * For each hostile body: the run of the sender that renders and sends its test copy (nothing
 * else is due: every test first, then the sends that queue the copies) and its send request.
 * @param {string} url
 * @param {string} token
 * @returns {Promise<Array<{ name: string, testRunMs: number, sendMs: number }>>}
 */
async function hostileBodies(url, token) {
  const issues = []
  for (const [name, body] of Object.entries(HOSTILE_BODIES)) {
    const id = randomId()
    await api(url, token, '/api/collections/newsletter_issues/records', {
      id,
      subject: `Hostile: ${name}`,
      preheader: '',
      body,
    })
    await api(url, token, `/api/newsletter/issues/${id}/test`, {})
    const started = performance.now()
    const run = await api(url, token, '/api/mail/flush', {})
    if (!run.sent) throw new Error(`${name}: the test copy was not sent (${JSON.stringify(run)})`)
    issues.push({ name, id, testRunMs: performance.now() - started })
  }
  const rows = []
  for (const { name, id, testRunMs } of issues) {
    const started = performance.now()
    await api(url, token, `/api/newsletter/issues/${id}/send`, {})
    rows.push({ name, testRunMs, sendMs: performance.now() - started })
  }
  return rows
}

/**
 * Peak resident memory of a process, in MiB (Linux /proc).
 * @param {number | undefined} pid
 */
function peakRssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN)
  return kib / 1024
}

/**
 * A PocketBase of its own in `scratch` for a newsletter send, mailing `smtpPort` on loopback with
 * the throttle off, with the product's hooks plus the test-only `hookFiles`
 * (tests/integration/support/hooks/; newsletter-seed.pb.js seeds the subscribers).
 * @param {string} scratch
 * @param {number} smtpPort
 * @param {string[]} hookFiles
 * @param {{ email: string, password: string }} [superuser] made in its data folder
 */
export async function startNewsletterServer(scratch, smtpPort, hookFiles, superuser = SU) {
  const hooks = join(scratch, 'hooks')
  cpSync(join(root, 'pb_hooks'), hooks, { recursive: true })
  for (const file of hookFiles)
    cpSync(join(root, 'tests/integration/support/hooks', file), join(hooks, `zz-${file}`))
  const dataDir = join(scratch, 'data')
  upsertSuperuser(dataDir, superuser.email, superuser.password)
  return startPocketBase({
    dataDir,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      MAIL_FROM: 'tips@bench.local',
      OWNER_EMAIL: 'owner@bench.local',
      APP_URL: 'https://bench.local',
      MAIL_POSTAL_ADDRESS: '12 Main Street\\nLittleton, NH 03561',
      NEWSLETTER_RATE_PER_MINUTE: '0',
    },
    extra: [`--hooksDir=${hooks}`],
  })
}

export async function runNewsletterBench({ recipients = NEWSLETTER_BENCH_RECIPIENTS } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), 'nce-newsletter-bench-'))
  let received = 0
  const receiver = await startMailReceiver({ onMail: () => received++, onError: () => undefined })
  let server
  try {
    server = await startNewsletterServer(scratch, receiver.port, ['newsletter-seed.pb.js'])
    const token = await superuserToken(server.url, SU.email, SU.password)
    await api(server.url, token, '/api/test/newsletter-subscribers', {
      prefix: 'bench-reader',
      count: recipients,
      status: 'active',
    })
    const issue = await publishIssue(server.url, token, 'Give yourself an hour back', SAMPLE_ISSUE)
    const started = performance.now()
    for (let run = 0; run < 10_000 && received < issue.recipients; run++) {
      await api(server.url, token, '/api/mail/flush', {})
    }
    const deliverMs = performance.now() - started
    const results = await api(
      server.url,
      token,
      `/api/newsletter/issues/${issue.id}/results`,
      null,
      'GET',
    )
    // Measured before the hostile bodies, whose sends queue more copies.
    const peakRss = peakRssMiB(server.process.pid)
    const hostile = await hostileBodies(server.url, token)
    return {
      recipients: issue.recipients,
      queueMs: issue.queueMs,
      delivered: results.sent,
      received,
      deliverMs,
      perSecond: (results.sent / deliverMs) * 1000,
      peakRssMiB: peakRss,
      hostile,
    }
  } finally {
    await server?.stop()
    await receiver.close()
    rmSync(scratch, { recursive: true, force: true })
  }
}
