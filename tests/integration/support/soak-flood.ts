// The soak's flood phase: for a minute at most, two IPs use every way a guest can make the server
// mail an address someone else owns - free audits naming it (results, and a newsletter sign-up
// from the audit), newsletter sign-ups, an account opened with it (verification and password
// reset requests, sign-ins from "new devices" for the sign-in alert), and an e-mail change to
// another stranger's address from the attacker's own account - while a real visitor sends a
// message. Every audit is stored; each stranger gets exactly one mail of each kind; the owner
// hears of the visitor within 75 s (of the message, by the minute cron in `npm run soak`; of the
// next sender run after the flood in `npm test`) and of every flood audit in the end (one by one or in the hourly digest).
// Runs against a soak server of its own with SMTP on, with the production rate limits (after the
// crash phase, its server has used up the owner's hour of notifications). Used by `npm run soak` (scripts/soak.mjs) and tests/integration/soak.test.ts.
import PocketBase from 'pocketbase'
import { decideSignUps } from './newsletter-signups'
import { payloadFor } from './soak-run'
import { rawRequest } from './raw-request'

export interface FloodEnvironment {
  url: string
  mails: {
    envelope: { to: string[] }
    text?: string
    subject?: string
    replyTo?: string
  }[]
  superuser: { email: string; password: string }
  ownerEmail: string
}

export interface FloodOptions {
  /** Free audits each flooding IP sends (inside its create limit of 60 per 10 s). */
  auditsPerIp: number
  floodIps: [string, string]
  visitorIp: string
  /** Wait for the server's own minute cron to send the visitor's notification (no flush). */
  waitForCron?: boolean
}

/** Each kind of mail a guest can cause to a stranger, by its subject. */
const STRANGER_KINDS: [string, RegExp][] = [
  ['results', /^Your Business Efficiency Audit results/],
  ['newsletter confirmation', /confirm your subscription/i],
  ['verification', /^Verify your e-mail/],
  ['password reset', /^Reset your/],
  ['sign-in alert', /^New sign-in/],
]
const CHANGE_KIND: [string, RegExp] = ['e-mail change', /^Confirm your new e-mail/]
const OWNER_WITHIN_MS = 75_000
const HOUR = 3600_000

export interface FloodReport {
  ok: boolean
  problems: string[]
  auditsAccepted: number
  auditsStored: number
  /** Mails of each kind the strangers got. */
  strangerMails: Record<string, number>
  /** How long the real visitor's message took to reach the owner, or null. */
  ownerMailSeconds: number | null
  ownerNamedAll: boolean
  refusedByRateLimit: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function runFloodPhase(env: FloodEnvironment, o: FloodOptions): Promise<FloodReport> {
  const problems: string[] = []
  const runId = Math.random().toString(36).slice(2, 10)
  const stranger = `stranger-${runId}@example.com`
  const otherStranger = `moved-${runId}@example.com`
  const password = `flood-password-${runId}`
  const su = new PocketBase(env.url)
  su.autoCancellation(false)
  await su.collection('_superusers').authWithPassword(env.superuser.email, env.superuser.password)
  // Time moves forward through the flush endpoint (the owner's digest waits an hour).
  let clock = Date.now()
  const flush = async (at = clock) => {
    // Newsletter sign-ups are decided by their own minute job first, as in production.
    await decideSignUps(env.url, su.authStore.token)
    const res = await fetch(`${env.url}/api/mail/flush`, {
      method: 'POST',
      headers: { authorization: su.authStore.token, 'content-type': 'application/json' },
      body: JSON.stringify({ now: new Date(at).toISOString() }),
    })
    if (!res.ok) throw new Error(`mail flush answered ${res.status}`)
    return (await res.json()) as { sent: number; pending: number; held: number }
  }
  const drain = async () => {
    for (let i = 0; i < 40; i++) {
      clock = Math.max(clock, Date.now())
      const summary = await flush()
      if (summary.pending === 0) return
      // Only what waits for later (a back-off, the digest): an hour on.
      if (summary.sent === 0) clock += HOUR + 60_000
    }
    problems.push('the mail queue did not empty')
  }
  await drain()

  let refusedByRateLimit = 0
  const post = async (
    from: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const answer = await rawRequest(env.url, { path, body: JSON.stringify(body), from, headers })
    if (answer.status === 429) refusedByRateLimit++
    else if (answer.status >= 300) problems.push(`${path} from ${from} answered ${answer.status}`)
    return answer
  }

  // The attacker's preparations: an account opened with the stranger's address (never verified)
  // and one of their own, to ask for an e-mail change to another stranger's address.
  const users = '/api/collections/users'
  const account = (email: string) => ({
    email,
    password,
    passwordConfirm: password,
    fullName: 'Flood',
    agreedToTerms: true,
  })
  await post(o.floodIps[0], `${users}/records`, account(stranger))
  await post(o.floodIps[1], `${users}/records`, account(`attacker-${runId}@example.com`))
  const attacker = await post(o.floodIps[1], `${users}/auth-with-password`, {
    identity: `attacker-${runId}@example.com`,
    password,
  })
  const attackerToken = attacker.status === 200 ? JSON.parse(attacker.body).token : ''
  // The stranger's account signs in once (its first device gets no alert).
  await post(o.floodIps[0], `${users}/auth-with-password`, { identity: stranger, password })

  let accepted = 0
  const flooder = async (ip: string, offset: number) => {
    for (let n = 0; n < o.auditsPerIp; n++) {
      const audit = payloadFor({ visitor: offset, n, collection: 'audits', email: stranger }, runId)
      if (n % 10 === 0) Object.assign(audit, { newsletterSubscription: true })
      const answer = await post(ip, '/api/collections/audits/records', audit)
      if (answer.status === 200) accepted++
      else problems.push(`a flood audit from ${ip} answered ${answer.status}`)
      if (n % 10 !== 1) continue
      // Every tenth round, every other way (inside the limits on creates and sign-ins).
      await post(ip, '/api/collections/newsletter_subscriptions/records', {
        email: stranger,
        source: 'footer',
      })
      await post(ip, `${users}/request-verification`, { email: stranger })
      await post(ip, `${users}/request-password-reset`, { email: stranger })
      if (attackerToken) {
        await post(
          ip,
          `${users}/request-email-change`,
          { newEmail: otherStranger },
          { authorization: attackerToken },
        )
      }
      await post(
        ip,
        `${users}/auth-with-password`,
        { identity: stranger, password },
        { 'user-agent': `FloodDevice/${ip}/${n}` },
      )
    }
  }
  const marker = `flood-${runId}`
  const visitorEmail = `visitor-${runId}@example.com`
  let messageAt = 0
  const visitor = (async () => {
    await sleep(300)
    messageAt = Date.now()
    const answer = await rawRequest(env.url, {
      path: '/api/collections/contacts/records',
      body: JSON.stringify({
        name: 'A real visitor',
        email: visitorEmail,
        message: `Please call me back. ${marker}`,
        source: 'portfolio_website',
      }),
      from: o.visitorIp,
    })
    if (answer.status !== 200) problems.push(`the real visitor's message answered ${answer.status}`)
  })()
  const before = env.mails.length
  await Promise.all([flooder(o.floodIps[0], 1), flooder(o.floodIps[1], 2), visitor])

  // The owner hears of the real visitor: from the server's dispatcher, or the next sender run.
  const ownerGotIt = () =>
    env.mails
      .slice(before)
      .some((m) => m.envelope.to.includes(env.ownerEmail) && (m.text ?? '').includes(marker))
  let ownerMailSeconds: number | null = null
  // Counted from the message with the minute cron (`npm run soak`); in `npm test`, from the sender
  // run after the flood, which a slow host can take longer than a minute to finish sending.
  const since = o.waitForCron ? messageAt : Date.now()
  // A flush may find the mail already taken by the dispatcher, still on its way: wait for it.
  if (!o.waitForCron) await flush(Date.now())
  while (!ownerGotIt() && Date.now() - since < OWNER_WITHIN_MS + 15_000) await sleep(250)
  if (ownerGotIt()) ownerMailSeconds = Math.round((Date.now() - since) / 1000)
  if (ownerMailSeconds === null || ownerMailSeconds * 1000 > OWNER_WITHIN_MS) {
    problems.push(
      `the owner heard of the real visitor's message after ${ownerMailSeconds ?? 'never'} s (75 s at most)`,
    )
  }

  await drain()
  const flood = env.mails.slice(before)
  const strangerMails: Record<string, number> = {}
  const count = (to: string, [name, subject]: [string, RegExp]) => {
    strangerMails[name] = flood.filter(
      (m) => m.envelope.to.includes(to) && subject.test(m.subject ?? ''),
    ).length
    if (strangerMails[name] !== 1) {
      problems.push(`the stranger got ${strangerMails[name]} ${name} mails (exactly 1 expected)`)
    }
  }
  for (const kind of STRANGER_KINDS) count(stranger, kind)
  count(otherStranger, CHANGE_KIND)

  // Nothing dropped: every flood audit is named to the owner, one by one or in the digest.
  const toOwner = flood.filter((m) => m.envelope.to.includes(env.ownerEmail))
  const auditRows = await su.collection('audits').getFullList({
    filter: su.filter('email = {:t}', { t: stranger }),
    fields: 'id',
  })
  const auditsStored = auditRows.length
  if (auditsStored !== 2 * o.auditsPerIp) {
    problems.push(`${auditsStored} of ${2 * o.auditsPerIp} flood audits stored`)
  }
  const ownerRows = await su.collection('deliveries').getFullList({
    filter: su.filter('class = "owner" && kind != "owner_digest" && created >= {:since}', {
      since: new Date(messageAt - 60_000).toISOString().replace('T', ' '),
    }),
  })
  const unsentOwner = ownerRows.filter((row) => row.status !== 'sent')
  for (const row of unsentOwner) problems.push(`owner notification ${row.id} is ${row.status}`)
  const digests = toOwner.filter((m) => (m.subject ?? '').startsWith('Digest:'))
  const ownerNamedAll =
    unsentOwner.length === 0 &&
    toOwner.length <= 2 + 1 + digests.length &&
    digests.every((m) => (m.text ?? '').includes(stranger))
  if (!ownerNamedAll) {
    problems.push(
      `the owner was not told of every flood audit exactly: ${toOwner.length} owner mails, ` +
        `${digests.length} digests (${toOwner.map((m) => m.subject).join(' | ')})`,
    )
  }

  return {
    ok: problems.length === 0,
    problems,
    auditsAccepted: accepted,
    auditsStored,
    strangerMails,
    ownerMailSeconds,
    ownerNamedAll,
    refusedByRateLimit,
  }
}

export function floodSummary(r: FloodReport): string {
  const kinds = Object.entries(r.strangerMails)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ')
  return (
    `soak flood ${r.ok ? 'OK' : 'FAILED'}: ${r.auditsStored} audits stored naming one address; ` +
    `the strangers got ${kinds}; the owner heard of the real visitor after ` +
    `${r.ownerMailSeconds ?? 'never'} s; ${r.refusedByRateLimit} asks refused by the rate limits` +
    (r.ok ? '' : `; ${r.problems.join('; ')}`)
  )
}
