// A PocketBase of its own for a mail test file (the shared test server has no SMTP), plus
// helpers to flush the delivery queue, read it, and build audits the real audit engine accepts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
import * as engine from '../../../src/audit/index'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase, upsertSuperuser } from '../../../scripts/pocketbase.mjs'
import { OWNER_EMAIL, SUPERUSER, harnessEnv } from '../harness-env'
import { guestClient, recordId, superuserClient } from '../helpers'
import { auditJobsDone, runAuditJobs } from './audit-jobs'
import { decideSignUps } from './newsletter-signups'
import type { ReceivedMail, SmtpReceiver } from './smtp-receiver'
import { migratedDataDir } from './data-dir'

export { OWNER_EMAIL }

export interface MailServer {
  url: string
  su: PocketBase
  guest: PocketBase
  /** Decides the waiting newsletter sign-ups, then POST /api/mail/flush: runs the sender now, or
   * as if at `now`. */
  flush(now?: Date): Promise<FlushSummary>
  /** `flush`, then waits until no mail is being sent: with the dispatcher running, a mail it
   * claimed just before the flush (which the flush then leaves alone) is still on its way when
   * the flush answers. Once nothing is `sending`, every mail sent so far is in the receiver, which
   * keeps a mail before it answers 250. */
  flushAndSettle(now?: Date): Promise<FlushSummary>
  /** Decides the waiting newsletter sign-ups now (their rows and confirmation mails). */
  decideSignUps(): Promise<number>
  /** Runs the audits' jobs now and waits for them (their mails, person...: audit-jobs.ts). */
  runAuditJobs(): Promise<void>
  /** The deliveries queued for one record, oldest first. */
  outboxFor(sourceId: string): Promise<OutboxRow[]>
  /** Moves a row's next attempt into the past, as if its back-off had elapsed. */
  makeDue(id: string): Promise<void>
  output(): string
  stop(): Promise<void>
}

export interface FlushSummary {
  smtpConfigured: boolean
  sent: number
  failed: number
  retried: number
  held: number
  cancelled: number
  recovered: number
  pending: number
}

/** A row of `deliveries` (the mail channel's fields). */
export interface OutboxRow {
  id: string
  kind: string
  channel: string
  class: string
  recipient: string
  replyTo: string
  subject: string
  html: string
  text: string
  status: 'pending' | 'sending' | 'held' | 'sent' | 'failed' | 'cancelled'
  attempts: number
  lastError: string
  lastErrorAt: string
  errorLog: { at: string; attempt: number; error: string; permanent: boolean }[] | null
  runAt: string
  claimedAt: string
  sentAt: string
  expiresAt: string
  sourceId: string
  payload: Record<string, unknown> | null
  created: string
  updated: string
}

/** POST /api/mail/flush on `url` with a superuser's token, optionally as if at `now`. */
export async function flushMail(url: string, token: string, now?: Date): Promise<FlushSummary> {
  const res = await fetch(`${url}/api/mail/flush`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(now ? { now: now.toISOString() } : {}),
  })
  if (!res.ok) throw new Error(`flush failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as FlushSummary
}

/**
 * Starts PocketBase with SMTP pointed at 127.0.0.1:`smtpPort` (nothing need listen there);
 * `hooksDir` runs another copy of the hooks (a test's own kinds).
 */
export async function startMailServer(
  smtpPort: number,
  env: Record<string, string> = {},
  { hooksDir }: { hooksDir?: string } = {},
) {
  const dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-mail-')))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  // No port given: a free one, picked again if another server took it first.
  const server = await startPocketBase({
    dataDir,
    env: harnessEnv({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      MAIL_FROM: 'audit@north-country.test',
      MAIL_FROM_NAME: 'North Country Efficiency',
      OWNER_EMAIL,
      APP_URL: 'https://efficiency.test',
      ...env,
    }),
    extra: hooksDir ? [`--hooksDir=${hooksDir}`] : [],
  })
  const su = await superuserClient(server.url)
  const mailServer: MailServer = {
    url: server.url,
    su,
    guest: guestClient(server.url),
    async runAuditJobs() {
      await runAuditJobs(server.url, su.authStore.token)
      await auditJobsDone(server.url, su.authStore.token)
    },
    // The audits' jobs first: an audit's mails and newsletter choice are queued by its job.
    async decideSignUps() {
      await runAuditJobs(server.url, su.authStore.token)
      return decideSignUps(server.url, su.authStore.token)
    },
    async flush(now) {
      await runAuditJobs(server.url, su.authStore.token)
      await decideSignUps(server.url, su.authStore.token)
      return flushMail(server.url, su.authStore.token, now)
    },
    async flushAndSettle(now) {
      const summary = await mailServer.flush(now)
      await untilNoMailSending(su)
      return summary
    },
    outboxFor: (sourceId) =>
      su.collection('deliveries').getFullList<OutboxRow>({
        filter: su.filter('sourceId = {:sourceId}', { sourceId }),
        sort: 'created,kind',
      }),
    async makeDue(id) {
      await su
        .collection('deliveries')
        .update(id, { runAt: new Date(Date.now() - 1000).toISOString() })
    },
    output: () => server.output(),
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return mailServer
}

/**
 * Waits until no mail is being sent: a receiver keeps a mail when its data ends, a moment before
 * the sender reads the 250 and marks its row sent, and the dispatcher's own loop may be sending
 * one that a flush left alone.
 */
export async function untilNoMailSending(su: PocketBase, timeoutMs?: number) {
  await eventually(
    async () =>
      (
        await su
          .collection('deliveries')
          .getList(1, 1, { filter: 'channel = "mail" && status = "sending"' })
      ).totalItems === 0,
    timeoutMs,
  )
}

/** Polls `check` until it returns true. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 100))
  }
}

// --- audits the real engine accepts (the one the server bundles: src/audit/) -----------------------------------------------------------

/**
 * A complete audit submission as the browser sends it: mixed answers (so scores differ per
 * section), scored by the engine, with a client-made id. `otherTexts` lets a test add free text.
 */
/**
 * The newest mail to `address` whose subject matches, running `server`'s mail sender until
 * `receiver` has one.
 */
export async function newestMailTo(
  server: MailServer,
  receiver: SmtpReceiver,
  address: string,
  subject: RegExp,
): Promise<ReceivedMail> {
  const matching = () => receiver.mailsTo(address).filter((m) => subject.test(m.subject))
  await eventually(async () => {
    await server.flush()
    return matching().length > 0
  })
  return matching()[matching().length - 1]
}

export function auditSubmission(opts: {
  email: string
  flow?: 'free' | 'member'
  otherTexts?: Record<string, string>
  userAgent?: string
  /** Which option each question gets (default: a mix, so scores differ per section). */
  optionIndex?: (questionIndex: number) => number
}) {
  const answers: Record<string, string> = {}
  const pick = opts.optionIndex ?? ((i: number) => i * 2)
  engine.questions.forEach((q, i) => {
    answers[q.id] = q.options[pick(i) % q.options.length].value
  })
  for (const id of Object.keys(opts.otherTexts ?? {})) answers[id] = 'other'
  const evaluation = engine.evaluateAudit(answers, opts.otherTexts ?? {})
  return {
    id: recordId(),
    flow: opts.flow ?? 'free',
    email: opts.email,
    answers: evaluation.answers,
    otherTexts: evaluation.otherTexts,
    scores: evaluation.scores,
    overallScore: evaluation.scores.overallScore,
    recommendations: evaluation.recommendations,
    questionSetVersion: engine.QUESTION_SET_VERSION,
    newsletterSubscription: false,
    userAgent: opts.userAgent ?? 'vitest mail test',
    completedAt: new Date().toISOString(),
  }
}
