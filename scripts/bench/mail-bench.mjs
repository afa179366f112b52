// Mail throughput (`npm run bench -- --only mail`, issue 35): how fast the product hands mail to
// an SMTP server, and where a mail's time goes, against two receivers on loopback, each with a
// PocketBase of its own (SMTP comes from env at start) and the newsletter throttle off:
//   smtp-server  the npm package (scripts/mail-receiver.mjs), which holds its greeting 100 ms on
//                every connection to catch clients that talk too soon, as a mail exchanger (MX)
//                does against spam: most of a mail's time there;
//   prompt       scripts/bench/prompt-smtp-receiver.mjs, which greets and answers at once, as a
//                submission relay (port 587) does: what the product itself costs per mail.
// Against each:
//   smtp alone  one-line mails through PocketBase's mail client, one after another, outside the
//               queue: what one SMTP connection costs (PocketBase 0.40.4 dials, greets, sends and
//               QUITs once per mail: tools/mailer/smtp.go over mailyak v3.6.2's sender);
//   send        a newsletter issue to its subscribers (500 at smtp-server, 5,000 at prompt), sent
//               by the queue's own dispatcher (no flush): from the send request (which queues
//               every copy) until the receiver has every copy, mails per second, one mail's time;
//   render      every copy rendered again by its kind, sending nothing: the render's share;
//   5,000       a 5,000-copy send's time: MEASURED where the send was 5,000 copies and all arrived
//               within SEND_LIMIT_MS, else EXTRAPOLATED (5,000 / rate) and said so;
//   parallel    PocketBase's client on 4 connections at once, outside the queue: what sending
//               bulk mail on several connections would give (the queue sends one mail at a time,
//               server/queue/wire.ts, so a crash re-sends at most one).
// Tests and bench-only routes: tests/integration/support/hooks/{newsletter-seed,mail-timing}.pb.js.
//   node scripts/bench/mail-bench.mjs [--recipients N] [--prompt-recipients N]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startMailReceiver } from '../mail-receiver.mjs'
import { superuserToken } from '../pocketbase.mjs'
import { publishIssue, SAMPLE_ISSUE, startNewsletterServer } from './newsletter-bench.mjs'
import { startPromptSmtpReceiver } from './prompt-smtp-receiver.mjs'
import { table } from './stats.mjs'

const SU = { email: 'bench-mail@bench.local', password: 'bench-mail-pass-123' }
/** The send to smtp-server: about 9 mails/s there, so 500 copies take about a minute. */
export const MAIL_BENCH_RECIPIENTS = 500
/** The send issue 35 asks about; sent for real to the prompt receiver. */
export const LARGE_SEND = 5000
/** "Minutes, not ten" (issue 35): a 5,000-copy send without throttle in under five minutes. */
export const LARGE_SEND_TARGET_SECONDS = 300
const SMTP_ALONE_MAILS = 30
const PARALLEL_CONNECTIONS = 4
/** Mails on each connection at once: a second or two of sending at either receiver. */
const PARALLEL_MAILS_PER_CONNECTION = { 'smtp-server': 20, prompt: 250 }
/**
 * Stop waiting for a send's copies after this long and extrapolate from those that arrived: the
 * section takes about 2 minutes, and stays bounded on a slow or busy machine.
 */
const SEND_LIMIT_MS = 2 * 60 * 1000

/**
 * The receivers, in the order they are measured.
 * @typedef {'smtp-server' | 'prompt'} ReceiverName
 * @type {{ name: ReceiverName, about: string }[]}
 */
const RECEIVERS = [
  { name: 'smtp-server', about: 'smtp-server: greets 100 ms after each connection (like an MX)' },
  { name: 'prompt', about: 'prompt receiver: greets at once (like a submission relay)' },
]

/**
 * @param {string} url
 * @param {string} token
 * @param {string} path
 * @param {unknown} [body] none: the request has no body (the bench routes take none)
 * @returns {Promise<any>} the answer's JSON
 */
async function post(url, token, path, body) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

/**
 * The mean of the middle half: steady against a busy machine's outliers like a median, and finer
 * than whole milliseconds (PocketBase times each mail in whole milliseconds, about one at the
 * prompt receiver).
 * @param {number[]} values
 */
function middleMean(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const quarter = Math.floor(sorted.length / 4)
  const middle = sorted.slice(quarter, sorted.length - quarter)
  return middle.reduce((sum, v) => sum + v, 0) / Math.max(1, middle.length)
}

/**
 * Starts a receiver by name on loopback; both only count here.
 * @param {ReceiverName} name
 * @returns {Promise<{ port: number, received: () => number, close: () => Promise<unknown> }>}
 */
async function startReceiver(name) {
  if (name === 'prompt') return startPromptSmtpReceiver()
  let received = 0
  const receiver = await startMailReceiver({ onMail: () => received++, onError: () => undefined })
  return { port: receiver.port, received: () => received, close: receiver.close }
}

/**
 * Everything measured against one receiver, with a PocketBase of its own that sends to it.
 * @param {{ name: ReceiverName, about: string }} which
 * @param {number} recipients the newsletter's subscribers
 * @param {(msg: string) => void} log
 */
async function measureAgainst({ name, about }, recipients, log) {
  const scratch = mkdtempSync(join(tmpdir(), `nce-mail-bench-${name}-`))
  const receiver = await startReceiver(name)
  /** @type {Awaited<ReturnType<typeof startNewsletterServer>> | undefined} */
  let server
  try {
    server = await startNewsletterServer(
      scratch,
      receiver.port,
      ['newsletter-seed.pb.js', 'mail-timing.pb.js'],
      SU,
    )
    const url = server.url
    const token = await superuserToken(url, SU.email, SU.password)
    await post(url, token, '/api/test/newsletter-subscribers', {
      prefix: 'bench-reader',
      count: recipients,
      status: 'active',
    })

    const alone = await post(url, token, `/api/test/mail-smtp-alone?count=${SMTP_ALONE_MAILS}`)
    const smtpAloneMs = middleMean(alone.each)
    log(`mail (${name}): one SMTP connection with a one-line mail ${smtpAloneMs.toFixed(1)} ms`)

    const before = receiver.received()
    // From the send request on (it queues every copy): some may go out before it answers.
    const started = performance.now()
    const issue = await publishIssue(url, token, 'Give yourself an hour back', SAMPLE_ISSUE)
    const arrived = () => receiver.received() - before
    while (arrived() < issue.recipients && performance.now() - started < SEND_LIMIT_MS)
      await new Promise((r) => setTimeout(r, 20))
    const seconds = (performance.now() - started) / 1000
    const mails = arrived()
    const perSecond = mails / seconds
    log(`mail (${name}): ${mails} of ${issue.recipients} copies in ${seconds.toFixed(1)} s`)
    // Measured only when the send was the large one and every copy arrived in time.
    const measured = issue.recipients === LARGE_SEND && mails === LARGE_SEND

    const rendered = await post(url, token, `/api/test/mail-render?issue=${issue.id}`)
    const renderMs = rendered.ms / Math.max(1, rendered.count)

    const perConnection = PARALLEL_MAILS_PER_CONNECTION[name]
    const parallelStarted = performance.now()
    await Promise.all(
      Array.from({ length: PARALLEL_CONNECTIONS }, () =>
        post(url, token, `/api/test/mail-smtp-alone?count=${perConnection}`),
      ),
    )
    const parallelPerSecond =
      (PARALLEL_CONNECTIONS * perConnection) / ((performance.now() - parallelStarted) / 1000)

    const msPerMail = (seconds * 1000) / mails
    return {
      name,
      receiver: about,
      recipients: issue.recipients,
      queueMs: issue.queueMs,
      send: { mails, seconds, perSecond, msPerMail },
      perMail: {
        smtpConnectionMs: smtpAloneMs,
        renderMs,
        copyBytes: rendered.bytes / Math.max(1, rendered.count),
        restMs: msPerMail - smtpAloneMs - renderMs,
      },
      largeSend: {
        copies: LARGE_SEND,
        measured,
        extrapolatedFrom: measured ? null : mails,
        seconds: measured ? seconds : LARGE_SEND / perSecond,
      },
      parallelClient: { connections: PARALLEL_CONNECTIONS, perSecond: parallelPerSecond },
    }
  } finally {
    await server?.stop()
    await receiver.close()
    rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  }
}

/**
 * The section: smtp-server with `recipients` copies, then the prompt receiver with
 * `promptRecipients` (5,000: the large send for real).
 * @param {{ recipients?: number, promptRecipients?: number, log?: (msg: string) => void }} [options]
 */
export async function runMailBench({
  recipients = MAIL_BENCH_RECIPIENTS,
  promptRecipients = LARGE_SEND,
  log = () => {},
} = {}) {
  const receivers = []
  for (const which of RECEIVERS)
    receivers.push(
      await measureAgainst(which, which.name === 'prompt' ? promptRecipients : recipients, log),
    )
  return { receivers }
}

/** @param {number} seconds */
const minutes = (seconds) =>
  Number.isFinite(seconds)
    ? `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`
    : 'n/a'

/**
 * The bench table's rows for this section: four a receiver.
 * @param {Awaited<ReturnType<typeof runMailBench>>} m
 * @param {(ok: boolean) => string} met
 */
export function mailRows(m, met) {
  const copies = LARGE_SEND.toLocaleString('en-US')
  return m.receivers.flatMap((r) => {
    const p = r.perMail
    const how = r.largeSend.measured
      ? 'MEASURED'
      : `EXTRAPOLATED from ${r.largeSend.extrapolatedFrom}`
    return [
      [
        `Mail to ${r.name}: newsletter to ${r.recipients}, sent by the dispatcher`,
        `${r.send.perSecond.toFixed(1)} mails/s (${r.send.mails} in ${r.send.seconds.toFixed(1)} s)`,
        '',
        '',
      ],
      [
        `Mail to ${r.name}: one mail = SMTP connection + render + the rest`,
        `${r.send.msPerMail.toFixed(1)} = ${p.smtpConnectionMs.toFixed(1)} + ${p.renderMs.toFixed(2)} + ${p.restMs.toFixed(1)} ms`,
        '',
        '',
      ],
      [
        `Mail to ${r.name}: a ${copies}-copy send, throttle off (${how})`,
        minutes(r.largeSend.seconds),
        `< ${minutes(LARGE_SEND_TARGET_SECONDS)}`,
        met(r.largeSend.seconds < LARGE_SEND_TARGET_SECONDS),
      ],
      [
        `Mail to ${r.name}: PocketBase's client on ${r.parallelClient.connections} connections (outside the queue)`,
        `${r.parallelClient.perSecond.toFixed(1)} mails/s; ${copies} in ${minutes(LARGE_SEND / r.parallelClient.perSecond)}`,
        '',
        '',
      ],
    ]
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  /** @param {string} flag @param {number} fallback */
  const numberArg = (flag, fallback) => {
    const i = process.argv.indexOf(flag)
    return i > 0 ? Number(process.argv[i + 1]) : fallback
  }
  const result = await runMailBench({
    recipients: numberArg('--recipients', MAIL_BENCH_RECIPIENTS),
    promptRecipients: numberArg('--prompt-recipients', LARGE_SEND),
    log: (msg) => console.log(msg),
  })
  console.log(JSON.stringify(result, null, 2))
  const met = (/** @type {boolean} */ ok) => (ok ? 'yes' : 'NO')
  console.log(table(['Measure', 'Result', 'Target', 'Met'], mailRows(result, met)))
}
