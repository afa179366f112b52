// The soak: simulated visitors, each with the REAL outbox (src/offline/) over its own
// fake-indexeddb database, submit contact messages, newsletter sign-ups and audits while the
// server is crashed (SIGKILL) and started again. At the end every submission must be stored
// exactly once, nothing may be left queued, and the mail queue must have sent each resulting
// mail exactly once. Driven by `npm run soak` (20 x 10) and by tests/integration/soak.test.ts
// (a small run in `npm test`); the server and the SMTP receiver come from scripts/soak-server.mjs.
// Imports nothing from vitest: scripts/soak.mjs bundles this file with esbuild.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import PocketBase from 'pocketbase'
import { QUESTION_SET_VERSION, evaluateAudit, questions } from '../../../src/audit'
import {
  createOfflineDatabase,
  type OfflineDatabase,
  type OutboxCollection,
} from '../../../src/offline/db'
import type { OutboxPayloads } from '../../../src/backend/types'
import { createOutbox, type Outbox } from '../../../src/offline/outbox'
import { startSyncLoop, type SyncLoop } from '../../../src/offline/sync-loop'
import { decideSignUps } from './newsletter-signups'

/** What scripts/soak-server.mjs provides. */
export interface SoakEnvironment {
  url: string
  mails: { envelope: { to: string[] }; replyTo: string; subject: string; text: string }[]
  superuser: { email: string; password: string }
  ownerEmail: string
  start(): Promise<void>
  kill(): Promise<void>
  /** A clean restart with SMTP on (the crashes happen with mail only queued). */
  restartWithMail(): Promise<void>
}

export interface SoakOptions {
  visitors: number
  submissionsPerVisitor: number
  /** Crash-and-restart cycles, spread evenly over the submissions. */
  restarts: number
  /** A visitor's pause before each submission, [min, max] ms. */
  pauseMs: [number, number]
  /** How long the server stays down after each crash. */
  downtimeMs: number
  /** The whole run fails after this long. */
  timeoutMs: number
  log?: (line: string) => void
}

export interface SoakReport {
  ok: boolean
  problems: string[]
  submissions: number
  rows: Record<OutboxCollection, number>
  duplicates: number
  missing: number
  queuedLeft: number
  failedLeft: number
  restarts: number
  retries: number
  mailsExpected: number
  mailsSent: number
  mailDuplicates: number
  durationMs: number
}

export interface Submission {
  visitor: number
  n: number
  collection: OutboxCollection
  email: string
  id?: string
}

interface Visitor {
  db: OfflineDatabase
  outbox: Outbox
  loop: SyncLoop
}

const COLLECTIONS: OutboxCollection[] = ['contacts', 'newsletter_subscriptions', 'audits']

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function randomBetween([min, max]: [number, number]): number {
  return min + Math.random() * (max - min)
}

export function payloadFor(s: Submission, runId: string): OutboxPayloads[OutboxCollection] {
  if (s.collection === 'contacts') {
    return {
      name: `Soak visitor ${s.visitor}-${s.n}`,
      email: s.email,
      message: `Soak ${runId}: message ${s.n} of visitor ${s.visitor}.`,
      source: 'portfolio_website',
      userAgent: 'soak',
    }
  }
  if (s.collection === 'newsletter_subscriptions') {
    return { email: s.email, source: 'footer', userAgent: 'soak' }
  }
  const answers: Record<string, string> = {}
  questions.forEach((q, i) => {
    answers[q.id] = q.options[(s.visitor + s.n + i) % q.options.length].value
  })
  const evaluation = evaluateAudit(answers, {})
  // Sends the browser's scores too, as an old client might: the server must overwrite them.
  return {
    flow: 'free',
    email: s.email,
    answers: evaluation.answers,
    otherTexts: evaluation.otherTexts,
    scores: evaluation.scores,
    overallScore: evaluation.scores.overallScore,
    recommendations: evaluation.recommendations,
    questionSetVersion: QUESTION_SET_VERSION,
    newsletterSubscription: false,
    userAgent: 'soak',
    completedAt: new Date().toISOString(),
  } as OutboxPayloads['audits']
}

/** The one e-mail address in a header value such as `Name <a@b.co>`. */
function address(value: string): string {
  return (/[^\s<>"]+@[^\s<>"]+/.exec(value)?.[0] ?? '').toLowerCase()
}

class Deadline {
  constructor(private readonly at: number) {}
  check(what: string) {
    if (Date.now() > this.at) throw new Error(`timed out ${what}`)
  }
}

async function until(
  deadline: Deadline,
  what: string,
  check: () => Promise<boolean>,
  everyMs = 250,
) {
  while (!(await check())) {
    deadline.check(what)
    await sleep(everyMs)
  }
}

export async function runSoak(env: SoakEnvironment, options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined)
  const started = Date.now()
  const deadline = new Deadline(started + options.timeoutMs)
  const runId = Math.random().toString(36).slice(2, 8)
  const report: SoakReport = {
    ok: false,
    problems: [],
    submissions: options.visitors * options.submissionsPerVisitor,
    rows: {
      contacts: 0,
      newsletter_subscriptions: 0,
      audits: 0,
      person_updates: 0,
      people: 0,
      events: 0,
      newsletter_issues: 0,
      newsletter_issue_edits: 0,
      site_edits: 0,
    },
    duplicates: 0,
    missing: 0,
    queuedLeft: 0,
    failedLeft: 0,
    restarts: 0,
    retries: 0,
    mailsExpected: 0,
    mailsSent: 0,
    mailDuplicates: 0,
    durationMs: 0,
  }

  const plan: Submission[][] = Array.from({ length: options.visitors }, (_, visitor) =>
    Array.from({ length: options.submissionsPerVisitor }, (_, n) => ({
      visitor,
      n,
      collection: COLLECTIONS[(visitor + n) % COLLECTIONS.length],
      email: `soak-${runId}-v${visitor}-n${n}@example.com`,
    })),
  )
  const all = plan.flat()

  const visitors: Visitor[] = plan.map((_, v) => {
    const db = createOfflineDatabase(`soak-${runId}-${v}`, { indexedDB, IDBKeyRange })
    const pb = new PocketBase(env.url)
    pb.autoCancellation(false)
    // Node has no Web Locks: each visitor's outbox uses its lease, as a browser without them.
    const outbox = createOutbox({ db, pb, locks: null, enqueueWaitMs: 5000 })
    outbox.onFlush((flush) => (report.retries += flush.retrying))
    return { db, outbox, loop: startSyncLoop(outbox, {}) }
  })

  let enqueued = 0
  let stopped = false // set when the run ends early, so nothing keeps submitting or crashing
  const submitAll = Promise.all(
    plan.map(async (submissions, v) => {
      for (const s of submissions) {
        await sleep(randomBetween(options.pauseMs))
        if (stopped) return
        deadline.check('while visitors were submitting')
        const result = await visitors[v].outbox.enqueue(s.collection, payloadFor(s, runId))
        s.id = result.id
        enqueued++
      }
    }),
  )

  const crashes = (async () => {
    for (let i = 1; i <= options.restarts; i++) {
      const threshold = Math.floor((report.submissions * i) / (options.restarts + 1))
      await until(
        deadline,
        `waiting for ${threshold} submissions before crash ${i}`,
        async () => enqueued >= threshold,
        25,
      )
      if (stopped) return
      log(`crash ${i}: killing the server after ${enqueued}/${report.submissions} submissions`)
      await env.kill()
      await sleep(options.downtimeMs)
      await env.start()
      report.restarts++
      log(`crash ${i}: the server is back`)
    }
  })()

  try {
    await Promise.all([submitAll, crashes])
    log(`all ${report.submissions} submissions made; waiting for the outboxes to drain`)

    // Nobody tells the outboxes the server is back: their back-off timers find it.
    await until(deadline, 'waiting for the outboxes to drain', async () => {
      let waiting = 0
      for (const v of visitors)
        waiting += await v.db.outbox.where('status').anyOf('queued', 'sending').count()
      return waiting === 0
    })
    for (const v of visitors) {
      const failed = await v.db.outbox.where('status').equals('failed').toArray()
      report.failedLeft += failed.length
      for (const item of failed) {
        report.problems.push(
          `an outbox item failed: ${item.collection} ${item.id} ${JSON.stringify(item.lastError)}`,
        )
      }
      report.queuedLeft += (await v.db.outbox.count()) - failed.length
    }

    // Every submission is stored exactly once, under the id its outbox gave it.
    const su = new PocketBase(env.url)
    su.autoCancellation(false)
    await su.collection('_superusers').authWithPassword(env.superuser.email, env.superuser.password)
    // Newsletter sign-ups are answered at once and decided later, outside any request
    // (pb_hooks/newsletter.pb.js, server/newsletter/signups.ts): their queue survived the crashes
    // too; decide it now.
    await decideSignUps(env.url, su.authStore.token)
    const byEmail = new Map<string, { id: string; collection: OutboxCollection }[]>()
    for (const collection of COLLECTIONS) {
      const rows = await su.collection(collection).getFullList({
        filter: su.filter('email ~ {:run}', { run: `soak-${runId}-` }),
        batch: 500,
      })
      report.rows[collection] = rows.length
      for (const row of rows) {
        const list = byEmail.get(row.email) ?? []
        list.push({ id: row.id, collection })
        byEmail.set(row.email, list)
      }
    }
    for (const s of all) {
      const rows = byEmail.get(s.email) ?? []
      if (rows.length === 0) {
        report.missing++
        report.problems.push(`lost: ${s.collection} of visitor ${s.visitor} #${s.n}`)
      } else if (rows.length > 1) {
        report.duplicates += rows.length - 1
        report.problems.push(
          `duplicated ${rows.length}x: ${s.collection} of visitor ${s.visitor} #${s.n}`,
        )
      } else if (rows[0].id !== s.id || rows[0].collection !== s.collection) {
        report.problems.push(
          `stored under another id: ${s.email} (${rows[0].id}, queued as ${s.id})`,
        )
      }
    }
    const stored = COLLECTIONS.reduce((sum, c) => sum + report.rows[c], 0)
    if (stored !== report.submissions)
      report.problems.push(`${stored} rows for ${report.submissions} submissions`)

    // The mail queue: one owner notification per contact and audit (or its line in the hourly
    // digest, past OWNER_MAIL_PER_HOUR), one results mail per audit,
    // one confirmation per newsletter sign-up, all queued so far (the server had no SMTP while it
    // crashed); now it may send them.
    await env.restartWithMail()
    await su.collection('_superusers').authWithPassword(env.superuser.email, env.superuser.password)
    const expected = new Map<string, number>()
    for (const s of all) {
      if (s.collection === 'newsletter_subscriptions') {
        expected.set(`visitor:${s.email}`, 0)
        continue
      }
      expected.set(`owner:${s.email}`, 0)
      if (s.collection === 'audits') expected.set(`visitor:${s.email}`, 0)
    }
    report.mailsExpected = expected.size
    // The owner's notifications beyond the hourly cap wait for the digest an hour later: time
    // moves forward through the flush endpoint when only such mail is left.
    let clock = Date.now()
    await until(deadline, 'waiting for the mail queue to empty', async () => {
      clock = Math.max(clock, Date.now())
      const res = await fetch(`${env.url}/api/mail/flush`, {
        method: 'POST',
        headers: { authorization: su.authStore.token, 'content-type': 'application/json' },
        body: JSON.stringify({ now: new Date(clock).toISOString() }),
      })
      if (!res.ok) {
        log(`mail flush: ${res.status} ${await res.text()}`)
        return false
      }
      const summary = (await res.json()) as { pending: number; sent: number }
      log(`mail flush: ${JSON.stringify(summary)}`)
      if (summary.pending > 0 && summary.sent === 0) clock += 61 * 60_000
      return summary.pending === 0
    })
    await sleep(1000) // a late duplicate would arrive now
    const owner = env.ownerEmail.toLowerCase()
    for (const mail of env.mails) {
      const to = mail.envelope.to.map((a) => a.toLowerCase())
      // The hourly digest names each notification it stands for by its e-mail.
      const keys =
        to.includes(owner) && mail.subject.startsWith('Digest:')
          ? [...expected.keys()].filter(
              (key) => key.startsWith('owner:') && mail.text.includes(key.slice('owner:'.length)),
            )
          : [to.includes(owner) ? `owner:${address(mail.replyTo)}` : `visitor:${to[0]}`]
      for (const key of keys) {
        if (expected.has(key)) expected.set(key, (expected.get(key) ?? 0) + 1)
      }
    }
    for (const [key, count] of expected) {
      if (count >= 1) report.mailsSent++
      if (count === 0) report.problems.push(`mail never sent: ${key}`)
      if (count > 1) {
        report.mailDuplicates += count - 1
        report.problems.push(`mail sent ${count}x: ${key}`)
      }
    }
    const unsent = await su.collection('deliveries').getFullList({
      // The server's own scheduled jobs (clean-ups) wait for their time; every delivery is sent.
      filter: 'status != "sent" && channel != "job"',
    })
    for (const row of unsent)
      report.problems.push(`delivery ${row.id} (${row.kind}) is ${row.status}: ${row.lastError}`)
  } catch (err) {
    report.problems.push(err instanceof Error ? err.message : String(err))
  } finally {
    stopped = true
    await Promise.allSettled([submitAll, crashes])
    for (const v of visitors) {
      v.loop.stop()
      v.db.close()
    }
  }
  report.durationMs = Date.now() - started
  report.ok = report.problems.length === 0
  return report
}

/** One line for the terminal. */
export function summaryLine(r: SoakReport): string {
  const stored = COLLECTIONS.reduce((sum, c) => sum + r.rows[c], 0)
  const facts =
    `${stored}/${r.submissions} rows (contacts ${r.rows.contacts}, newsletter ${r.rows.newsletter_subscriptions}, ` +
    `audits ${r.rows.audits}), ${r.duplicates} duplicates, ${r.missing} lost, ${r.queuedLeft} queued, ` +
    `${r.failedLeft} failed; ${r.restarts} crash-restarts, ${r.retries} retries; ` +
    `mail ${r.mailsSent}/${r.mailsExpected} sent, ${r.mailDuplicates} twice; ${(r.durationMs / 1000).toFixed(1)} s`
  if (r.ok) return `soak OK: ${facts}`
  const first = r.problems.slice(0, 3).join(' | ')
  const more = r.problems.length > 3 ? ` (+${r.problems.length - 3} more)` : ''
  return `soak FAILED: ${facts} -- ${first}${more}`
}
