// `npm run soak`, in five phases on loopback with the production rate limits and a real SMTP
// receiver, each attacker from its own loopback address:
//   1. memory: 50 bodies of 30 MB at every route of the server (half declaring their length, half
//      streamed without one); nothing is read past a route's limit, the server stays under 230 MB
//      resident and answers (tests/integration/support/abuse-memory.ts);
//   1b. realtime: 300 realtime connections at once from one address; at most 4 open, the server
//      under 300 MB (tests/integration/support/soak-abuse.ts);
//   2. crashes: 20 simulated visitors x 10 submissions through the REAL outbox (src/offline/ over
//      fake-indexeddb) while the server is crashed and restarted twice
//      (tests/integration/support/soak-run.ts; the same code runs small in `npm test`);
//   3. flood, on a server of its own with mail on: two IPs use every way a guest can make the
//      server mail an address (free audits, newsletter sign-ups, an account opened with it:
//      verification, reset, sign-in alerts; an e-mail change to another one) while a visitor
//      sends a message; each stranger gets one mail of each kind, and the server's own minute
//      cron tells the owner of the visitor within 75 s (tests/integration/support/soak-flood.ts);
//   4. caps: on a fresh server with the default daily cap on messages (and 40 funnel events), one
//      address stores messages and funnel events past a day's caps, single and batched; exactly the caps are stored, every
//      refusal says when to come back (tests/integration/support/soak-abuse.ts).
// Prints one summary line per phase and exits non-zero on any loss, duplicate, leftover or
// double-sent mail, a failed phase, or after SOAK_TIMEOUT_MS (5 minutes). The phases are bundled
// here with esbuild. Sizes: SOAK_VISITORS, SOAK_SUBMISSIONS; SOAK_VERBOSE=1 logs.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { root, startPocketBase } from './pocketbase.mjs'
import { startSoakEnvironment } from './soak-server.mjs'

const visitors = Number(process.env.SOAK_VISITORS || 20)
const submissions = Number(process.env.SOAK_SUBMISSIONS || 10)
const timeoutMs = Number(process.env.SOAK_TIMEOUT_MS || 5 * 60_000)
const verbose = process.env.SOAK_VERBOSE === '1'

// Inside node_modules so the bundle's bare imports (dexie, pocketbase, ...) resolve from here.
const outDir = join(root, 'node_modules', '.cache', 'soak')
mkdirSync(outDir, { recursive: true })
await build({
  entryPoints: ['soak-run', 'abuse-memory', 'soak-abuse', 'soak-flood'].map((name) =>
    join(root, `tests/integration/support/${name}.ts`),
  ),
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'error',
})
const { runSoak, summaryLine } = await import(pathToFileURL(join(outDir, 'soak-run.mjs')).href)
const { runAbuseMemory, abuseMemorySummary } = await import(
  pathToFileURL(join(outDir, 'abuse-memory.mjs')).href
)
const { runCapsPhase, runRealtimePhase } = await import(
  pathToFileURL(join(outDir, 'soak-abuse.mjs')).href
)
const { runFloodPhase, floodSummary } = await import(
  pathToFileURL(join(outDir, 'soak-flood.mjs')).href
)

// A last resort if something hangs outside the run's own deadline.
const hardStop = setTimeout(() => {
  console.log(`soak FAILED: still running ${Math.round((timeoutMs + 60_000) / 1000)} s after start`)
  process.exit(2)
}, timeoutMs + 60_000)
hardStop.unref()

const env = await startSoakEnvironment()
// Interrupted (Ctrl-C, a CI timeout) or exiting early: no PocketBase is left behind.
process.on('exit', () => env.killAll())
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.log(`soak FAILED: interrupted by ${signal}`)
    process.exit(130)
  })
}
let report
let memory
let realtime
let flood
let caps
try {
  // First, on a fresh server: 50 bodies of 30 MB at every route, each route's attacker its own IP.
  memory = await runAbuseMemory({
    url: env.url,
    pid: env.pid(),
    requests: 50,
    bytesEach: 30 * 1024 * 1024,
    maxRssMb: 230,
  })
  realtime = await runRealtimePhase({
    url: env.url,
    pid: env.pid(),
    from: '127.0.0.5',
    connections: 300,
    maxRssMb: 300,
  })
  report = await runSoak(env, {
    visitors,
    submissionsPerVisitor: submissions,
    restarts: 2,
    pauseMs: [300, 2500],
    downtimeMs: 2500,
    timeoutMs,
    log: verbose ? (/** @type {string} */ line) => console.error(`  ${line}`) : undefined,
  })
} finally {
  await env.stop()
}
// Then, on a server of its own with mail on (the crash phase's notifications use up the owner's
// hour, after which a real visitor's message rightly waits for the digest): two IPs flood one
// address with free audits while a visitor writes.
const floodEnv = await startSoakEnvironment()
process.on('exit', () => floodEnv.killAll())
try {
  await floodEnv.restartWithMail()
  flood = await runFloodPhase(floodEnv, {
    auditsPerIp: 50,
    floodIps: ['127.0.0.6', '127.0.0.7'],
    visitorIp: '127.0.0.8',
    waitForCron: true,
  })
} finally {
  await floodEnv.stop()
}
// Last, on a server of its own with the default daily cap on messages (the soak's server raises
// the caps: its simulated visitors all send from 127.0.0.1) and a small one on funnel events, which
// the phase reaches within their per-minute rate limit.
const EVENTS_CAP = 40
const capsData = mkdtempSync(join(tmpdir(), 'pb-soak-caps-'))
const capsServer = await startPocketBase({
  dataDir: capsData,
  env: { SMTP_HOST: '', EVENTS_PER_IP_PER_DAY: String(EVENTS_CAP) },
})
try {
  caps = await runCapsPhase({ url: capsServer.url, from: '127.0.0.9', eventsCap: EVENTS_CAP })
} finally {
  await capsServer.stop()
  rmSync(capsData, { recursive: true, force: true })
}
console.log(abuseMemorySummary(memory))
console.log(realtime.summary)
console.log(summaryLine(report))
console.log(floodSummary(flood))
console.log(caps.summary)
if (!report.ok && verbose) for (const problem of report.problems) console.error(`  ${problem}`)
process.exit(report.ok && memory.ok && realtime.ok && flood.ok && caps.ok ? 0 : 1)
