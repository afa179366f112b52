// The soak's flood phase: two IPs flood free audits naming one address while a real visitor
// sends a message. Every audit is stored, yet the flooded address gets ONE results mail, and the
// owner's notification of the message goes out on the very next sender run however much mail
// the flood queued. Runs against the soak's server with SMTP on (after the crash phase), with
// the production rate limits. Used by `npm run soak` (scripts/soak.mjs).
import PocketBase from 'pocketbase'
import { payloadFor } from './soak-run'
import { rawRequest } from './raw-request'

export interface FloodEnvironment {
  url: string
  mails: { envelope: { to: string[] }; text?: string; subject?: string }[]
  superuser: { email: string; password: string }
  ownerEmail: string
}

export interface FloodOptions {
  /** Free audits each flooding IP sends (inside its create limit of 60 per 10 s). */
  auditsPerIp: number
  floodIps: [string, string]
  visitorIp: string
}

export interface FloodReport {
  ok: boolean
  problems: string[]
  auditsAccepted: number
  auditsStored: number
  mailsToFloodedAddress: number
  ownerNotifiedOnNextRun: boolean
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function runFloodPhase(env: FloodEnvironment, o: FloodOptions): Promise<FloodReport> {
  const problems: string[] = []
  const runId = Math.random().toString(36).slice(2, 10)
  const target = `flooded-${runId}@example.com`
  const su = new PocketBase(env.url)
  su.autoCancellation(false)
  await su.collection('_superusers').authWithPassword(env.superuser.email, env.superuser.password)
  const flush = async () => {
    const res = await fetch(`${env.url}/api/mail/flush`, {
      method: 'POST',
      headers: { authorization: su.authStore.token },
    })
    if (!res.ok) throw new Error(`mail flush answered ${res.status}`)
    return (await res.json()) as { sent: number; pending: number }
  }

  // Nothing of earlier phases left in the queue.
  for (let i = 0; i < 20 && (await flush()).pending > 0; i++) await sleep(200)

  let accepted = 0
  const flooder = async (ip: string, offset: number) => {
    for (let n = 0; n < o.auditsPerIp; n++) {
      const body = payloadFor({ visitor: offset, n, collection: 'audits', email: target }, runId)
      const answer = await rawRequest(env.url, {
        path: '/api/collections/audits/records',
        body: JSON.stringify(body),
        from: ip,
      })
      if (answer.status === 200) accepted++
      else problems.push(`a flood audit from ${ip} answered ${answer.status}`)
    }
  }
  const marker = `flood-${runId}`
  const visitor = (async () => {
    await sleep(300)
    const answer = await rawRequest(env.url, {
      path: '/api/collections/contacts/records',
      body: JSON.stringify({
        name: 'A real visitor',
        email: `visitor-${runId}@example.com`,
        message: `Please call me back. ${marker}`,
        source: 'portfolio_website',
      }),
      from: o.visitorIp,
    })
    if (answer.status !== 200) problems.push(`the real visitor's message answered ${answer.status}`)
  })()
  await Promise.all([flooder(o.floodIps[0], 1), flooder(o.floodIps[1], 2), visitor])

  // The next sender run.
  const before = env.mails.length
  await flush()
  const ownerNotifiedOnNextRun = env.mails
    .slice(before)
    .some((m) => m.envelope.to.includes(env.ownerEmail) && (m.text ?? '').includes(marker))
  if (!ownerNotifiedOnNextRun) {
    problems.push("the owner's notification of the message did not go out on the next sender run")
  }
  for (let i = 0; i < 50 && (await flush()).pending > 0; i++) await sleep(200)

  const auditsStored = (
    await su
      .collection('audits')
      .getList(1, 1, { filter: su.filter('email = {:t}', { t: target }) })
  ).totalItems
  if (auditsStored !== 2 * o.auditsPerIp) {
    problems.push(`${auditsStored} of ${2 * o.auditsPerIp} flood audits stored`)
  }
  const mailsToFloodedAddress = env.mails.filter((m) => m.envelope.to.includes(target)).length
  if (mailsToFloodedAddress !== 1) {
    problems.push(`the flooded address got ${mailsToFloodedAddress} mails (1 expected)`)
  }
  return {
    ok: problems.length === 0,
    problems,
    auditsAccepted: accepted,
    auditsStored,
    mailsToFloodedAddress,
    ownerNotifiedOnNextRun,
  }
}

export function floodSummary(r: FloodReport): string {
  return (
    `soak flood ${r.ok ? 'OK' : 'FAILED'}: ${r.auditsStored} audits stored naming one address, ` +
    `${r.mailsToFloodedAddress} mail to it; owner notified on the next sender run: ` +
    `${r.ownerNotifiedOnNextRun ? 'yes' : 'no'}` +
    (r.ok ? '' : `; ${r.problems.join('; ')}`)
  )
}
