// The app's own code, run in Node for `npm run bench` (bundled by esbuild into a temp .mjs, the
// way tests/integration/support/node-outbox.ts runs it under vitest): the audit payload the
// browser sends, the REAL outbox (src/offline/outbox.ts) over fake-indexeddb, and the admin
// list call of the consultant's console. Nothing here is a stand-in for the thing measured.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import PocketBase from 'pocketbase'
import { evaluateAudit, questions } from '../../src/audit'
import { listAudits } from '../../src/backend/admin-api'
import { emptyPeopleFilter, getFunnel, listPeople } from '../../src/backend/people-api'
import { auditPayload } from '../../src/features/audit/submit-audit'
import { createOfflineDatabase } from '../../src/offline/db'
import { newRecordId } from '../../src/backend/outbox-transport'
import { createOutbox, type OutboxCollection } from '../../src/offline/outbox'
// @ts-expect-error -- plain ESM helper of the bench scripts
import { startSlowProxy } from './slow-proxy.mjs'

export { newRecordId }

/** A small deterministic PRNG, so every bench run sends the same audits. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The body of a free audit exactly as the browser queues it (answers vary with `n`). */
export function freeAuditBody(n: number): Record<string, unknown> {
  const random = mulberry32(n + 1)
  const answers = Object.fromEntries(
    questions.map((q) => [q.id, q.options[Math.floor(random() * q.options.length)].value]),
  )
  const evaluation = evaluateAudit(answers, {})
  const payload = auditPayload(
    { flow: 'free', email: `bench-visitor-${n}@example.com`, evaluation },
    new Date(Date.UTC(2026, 10, 21, 10, 0, n % 60)),
  )
  return { ...payload, userAgent: 'npm-run-bench' }
}

function contactBody(n: number) {
  return {
    name: `Bench Visitor ${n}`,
    email: `bench-contact-${n}@example.com`,
    message: `Queued while offline on a back road, message #${n}. Could you call me about booking?`,
    source: 'portfolio_website',
    userAgent: 'npm-run-bench',
  }
}

function newsletterBody(n: number) {
  return { email: `bench-news-${n}@example.com`, source: 'footer', userAgent: 'npm-run-bench' }
}

/** The offline backlog of the sync bench: 20 audits, 20 contact messages, 10 sign-ups. */
export function backlog(
  count = 50,
): { collection: OutboxCollection; body: Record<string, unknown> }[] {
  const items: { collection: OutboxCollection; body: Record<string, unknown> }[] = []
  for (let n = 0; n < count; n++) {
    if (n % 5 === 0 || n % 5 === 2)
      items.push({ collection: 'audits', body: freeAuditBody(1000 + n) })
    else if (n % 5 === 4)
      items.push({ collection: 'newsletter_subscriptions', body: newsletterBody(n) })
    else items.push({ collection: 'contacts', body: contactBody(n) })
  }
  return items
}

export interface SyncBenchResult {
  items: number
  delivered: number
  failed: number
  retrying: number
  wallMs: number
  requests: {
    method: string
    path: string
    status: number
    newConnection: boolean
    bytesUp: number
    bytesDown: number
    ms: number
  }[]
}

/** Sets navigator.onLine as the outbox reads it (Node has no navigator.onLine). */
function setOnline(online: boolean) {
  const current = (globalThis as { navigator?: object }).navigator ?? {}
  Object.defineProperty(globalThis, 'navigator', {
    value: Object.assign(Object.create(current), { onLine: online }),
    configurable: true,
    writable: true,
  })
}

/**
 * Queues `count` items while "offline" (the outbox stores them and sends nothing), then comes
 * back online behind a link with `rttMs` round trips and times one flush of the real outbox.
 */
export async function runSyncBench(
  pbUrl: string,
  count = 50,
  rttMs = 400,
): Promise<SyncBenchResult> {
  const proxy = await startSlowProxy(pbUrl, { rttMs })
  const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
  try {
    const db = createOfflineDatabase(`bench-${newRecordId()}`, { indexedDB, IDBKeyRange })
    const pb = new PocketBase(proxy.url)
    pb.autoCancellation(false)
    const outbox = createOutbox({ db, pb, locks: null })

    const items = backlog(count)
    setOnline(false)
    for (const item of items) {
      const queued = await outbox.enqueue(item.collection, item.body)
      if (queued.status !== 'queued')
        throw new Error(`expected a queued item, got ${queued.status}`)
    }
    if (proxy.requests.length !== 0) throw new Error('the outbox sent something while offline')

    setOnline(true)
    const started = performance.now()
    const report = await outbox.flush({ wake: true })
    const wallMs = performance.now() - started
    const left = await db.outbox.count()
    db.close()
    return {
      items: count,
      delivered: report.delivered,
      failed: report.failed,
      retrying: report.retrying + (left - report.failed),
      wallMs,
      requests: proxy.requests,
    }
  } finally {
    if (original) Object.defineProperty(globalThis, 'navigator', original)
    else delete (globalThis as { navigator?: unknown }).navigator
    await proxy.stop()
  }
}

/** Times `rounds` loads of the admin list's first page (50 newest audits) as `admin`. */
export async function timeAdminList(
  pbUrl: string,
  admin: { email: string; password: string },
  rounds: number,
  warmup = 10,
): Promise<{ ms: number[]; total: number; items: number }> {
  const pb = new PocketBase(pbUrl)
  pb.autoCancellation(false)
  await pb.collection('users').authWithPassword(admin.email, admin.password)
  const filter = { email: '', since: null }
  for (let i = 0; i < warmup; i++) await listAudits(pb, 1, filter)
  const ms: number[] = []
  let last = await listAudits(pb, 1, filter)
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    last = await listAudits(pb, 1, filter)
    ms.push(performance.now() - started)
  }
  return { ms, total: last.totalItems, items: last.items.length }
}

/**
 * Times the lead workspace's two heavy reads as the console makes them: the first page of
 * People (50 most recently active, with totals) and the 90-day funnel report.
 */
export async function timeLeadWorkspace(
  pbUrl: string,
  admin: { email: string; password: string },
  rounds: number,
  warmup = 10,
): Promise<{ peopleMs: number[]; funnelMs: number[]; people: number; visits: number }> {
  const pb = new PocketBase(pbUrl)
  pb.autoCancellation(false)
  await pb.collection('users').authWithPassword(admin.email, admin.password)
  for (let i = 0; i < warmup; i++) {
    await listPeople(pb, 1, emptyPeopleFilter)
    await getFunnel(pb, 90)
  }
  const peopleMs: number[] = []
  const funnelMs: number[] = []
  let people = 0
  let visits = 0
  for (let i = 0; i < rounds; i++) {
    let started = performance.now()
    const page = await listPeople(pb, 1, emptyPeopleFilter)
    peopleMs.push(performance.now() - started)
    people = page.totalItems
    started = performance.now()
    const funnel = await getFunnel(pb, 90)
    funnelMs.push(performance.now() - started)
    visits = funnel.steps[0].count
  }
  return { peopleMs, funnelMs, people, visits }
}
