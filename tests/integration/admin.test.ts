// The consultant's console against the real PocketBase: the exact queries /audit-admin makes
// (src/backend/admin-api.ts), the counters route (pb_hooks/admin.pb.js,
// server/funnel/audit-stats.ts), what a non-admin and a guest get from them, and realtime events
// filtered by the audits list rule.
import { randomBytes } from 'node:crypto'
import type PocketBase from 'pocketbase'
import { beforeAll, describe, expect, it } from 'vitest'
import { questions } from '../../src/audit/index'
import {
  ADMIN_PAGE_SIZE,
  getAudit,
  getAuditStats,
  listAllAudits,
  listAllContacts,
  listAudits,
  listContacts,
  listFailedMail,
  listSubscribers,
  retryMail,
  setContactProcessed,
  type AdminFilter,
  type AuditStats,
} from '../../src/backend/admin-api'
import { auditsCsv } from '../../src/features/admin/csv'
import { answersScoring } from '../unit/admin/audit-answers'
import { parseCsv } from '../unit/admin/parse-csv'
import { createUser, guestClient, pbUrl, recordId, superuserClient, type TestUser } from './helpers'
import { decideSignUps } from './support/newsletter-signups'

const SEEDED = 120
const tag = randomBytes(4).toString('hex')
/** Every seeded audit lives under this domain, so other test files' audits never count. */
const domain = `admin-stats-${tag}.example`
const all: AdminFilter = { email: '', since: null }
const seededOnly: AdminFilter = { email: `@${domain}`, since: null }

/** Ten audits at each score: both sides of every band edge, and the extremes. */
const seedScores = [59, 60, 79, 80, 10, 100, 33, 66, 71, 88, 50, 95]

function band(score: number): keyof Omit<AuditStats, 'total'> {
  return score >= 80 ? 'high' : score >= 60 ? 'medium' : 'low'
}

async function inBatches<T>(
  count: number,
  size: number,
  make: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = []
  for (let start = 0; start < count; start += size) {
    const chunk = Array.from({ length: Math.min(size, count - start) }, (_, n) => make(start + n))
    out.push(...(await Promise.all(chunk)))
  }
  return out
}

let su: PocketBase
let admin: TestUser
let member: TestUser
let guest: PocketBase
let seededIds: string[]

beforeAll(async () => {
  su = await superuserClient()
  guest = guestClient()
  ;[admin, member] = await Promise.all([
    createUser({ isAdmin: true, label: 'admin' }),
    createUser({ verified: true, label: 'member' }),
  ])
  // Guests submit free audits with mixed-case e-mails; the server scores them from the answers.
  seededIds = await inBatches(SEEDED, 10, async (i) => {
    const record = await guest.collection('audits').create({
      id: recordId(),
      flow: 'free',
      email: `Lead-${String(i).padStart(3, '0')}@Admin-Stats-${tag}.Example`,
      answers: answersScoring(seedScores[i % seedScores.length]),
      otherTexts: {},
      newsletterSubscription: false,
      completedAt: new Date().toISOString(),
    })
    return record.id
  })
}, 120_000)

describe('the audit counters (GET /api/admin/audit-stats)', () => {
  it('equal a direct count of the 120 seeded audits, read back as superuser', async () => {
    const stored = await su
      .collection('audits')
      .getFullList({ filter: su.filter('email ~ {:d}', { d: domain }) })
    expect(stored).toHaveLength(SEEDED)
    const direct: AuditStats = { total: stored.length, high: 0, medium: 0, low: 0 }
    for (const audit of stored) direct[band(audit.overallScore)] += 1
    // The seed spans every band, so a counter that ignores one would be caught.
    expect(direct.high).toBeGreaterThan(0)
    expect(direct.medium).toBeGreaterThan(0)
    expect(direct.low).toBeGreaterThan(0)
    expect(stored.map((a) => a.overallScore).sort((a, b) => a - b)).toEqual(
      seedScores
        .flatMap((score) => Array(SEEDED / seedScores.length).fill(score))
        .sort((a, b) => a - b),
    )

    expect(await getAuditStats(admin.pb, seededOnly)).toEqual(direct)
  })

  it('count every audit on the server, not just one page of 50', async () => {
    const stats = await getAuditStats(admin.pb, all)
    const { totalItems } = await su.collection('audits').getList(1, 1)
    expect(stats.total).toBeGreaterThanOrEqual(SEEDED)
    expect(stats.total).toBeLessThanOrEqual(totalItems)
    expect(stats.high + stats.medium + stats.low).toBe(stats.total)
  })

  it('apply the same filters as the table, so counters and rows always agree', async () => {
    const filters: AdminFilter[] = [
      seededOnly,
      { email: `ADMIN-STATS-${tag.toUpperCase()}`, since: null },
      { email: `lead-01`, since: null },
      { email: `lead_01`, since: null }, // `_` is a character here, not a LIKE wildcard
      { email: `lead%01`, since: null }, // and so is `%`
      { email: `@${domain}`, since: new Date(Date.now() - 60 * 60 * 1000) },
      { email: `@${domain}`, since: new Date(Date.now() + 60 * 60 * 1000) },
    ]
    for (const filter of filters) {
      const [stats, page] = await Promise.all([
        getAuditStats(admin.pb, filter),
        listAudits(admin.pb, 1, filter),
      ])
      expect(stats.total, JSON.stringify(filter)).toBe(page.totalItems)
    }
  })

  it('answer 401 to a guest and 403 to a signed-in non-admin, and 200 to a superuser', async () => {
    await expect(getAuditStats(guest, all)).rejects.toMatchObject({ status: 401 })
    await expect(getAuditStats(member.pb, all)).rejects.toMatchObject({ status: 403 })
    expect((await getAuditStats(su, seededOnly)).total).toBe(SEEDED)
  })

  it('refuse a malformed `since` instead of passing it to SQL', async () => {
    const res = await fetch(
      `${pbUrl()}/api/admin/audit-stats?since=${encodeURIComponent("2020' OR 1=1 --")}`,
      {
        headers: { Authorization: admin.pb.authStore.token },
      },
    )
    expect(res.status).toBe(400)
  })
})

describe('the audit list', () => {
  it('filters by e-mail case-insensitively, on the server', async () => {
    const upper = await listAudits(admin.pb, 1, { email: `LEAD-00`, since: null })
    const seededUpper = upper.items.filter((a) => a.email.endsWith(domain))
    expect(seededUpper.map((a) => a.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `lead-00${i}@${domain}`),
    )
    const mixed = await listAudits(admin.pb, 1, { email: `Admin-Stats-${tag}`, since: null })
    expect(mixed.totalItems).toBe(SEEDED)
  })

  it('pages through all 120 in pages of 50, newest first', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => listAudits(admin.pb, p, seededOnly)))
    expect(pages.map((p) => p.items.length)).toEqual([
      ADMIN_PAGE_SIZE,
      ADMIN_PAGE_SIZE,
      SEEDED - 2 * ADMIN_PAGE_SIZE,
    ])
    expect(pages[0].totalPages).toBe(3)
    const rows = pages.flatMap((p) => p.items)
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(seededIds))
    const created = rows.map((r) => r.created)
    expect(created).toEqual([...created].sort().reverse())
  })

  it('sorts by score when asked (best or weakest lead first)', async () => {
    const highest = await listAudits(admin.pb, 1, seededOnly, 'highest')
    const scores = highest.items.map((a) => a.overallScore)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    const lowest = await listAudits(admin.pb, 1, seededOnly, 'lowest')
    expect(lowest.items[0].overallScore).toBe(Math.min(...scores, lowest.items[0].overallScore))
  })

  it('exports every matching audit (not one page) as the spec CSV', async () => {
    const rows = await listAllAudits(admin.pb, seededOnly)
    // Times on the consultant's clock, the zone named in the header.
    const parsed = parseCsv(auditsCsv(rows, 'America/New_York'))
    expect(parsed[0]).toEqual([
      'Email',
      'Overall Score',
      'Timestamp (America/New_York)',
      'Audit ID',
    ])
    expect(parsed).toHaveLength(SEEDED + 1)
    expect(new Set(parsed.slice(1).map((r) => r[3]))).toEqual(new Set(seededIds))
  })

  it('opens one audit with its answers, section scores and recommendations', async () => {
    const audit = await getAudit(admin.pb, seededIds[26])
    expect(audit?.email).toBe(`lead-026@${domain}`)
    expect(Object.keys(audit?.answers ?? {})).toHaveLength(questions.length)
    expect(Object.keys(audit?.scores.sectionScores ?? {}).length).toBeGreaterThan(0)
    expect(Array.isArray(audit?.recommendations.topRecommendations)).toBe(true)
    expect(await getAudit(admin.pb, 'doesnotexist123')).toBeNull()
  })
})

describe('messages, subscribers and failed mail', () => {
  it('shows unprocessed messages first and saves the Processed toggle', async () => {
    const email = `writer-${tag}@example.com`
    const older = await guest
      .collection('contacts')
      .create({ name: 'Older', email, message: 'first', source: 'portfolio_website' })
    const newer = await guest.collection('contacts').create({
      name: 'Newer',
      email,
      message: 'second',
      source: 'business_efficiency_audit',
      auditId: seededIds[0],
    })
    const filter: AdminFilter = { email: `WRITER-${tag}`, since: null }

    expect((await listContacts(admin.pb, 1, filter)).items.map((c) => c.name)).toEqual([
      'Newer',
      'Older',
    ])
    const saved = await setContactProcessed(admin.pb, newer.id, true)
    expect(saved.processed).toBe(true)
    expect((await su.collection('contacts').getOne(newer.id)).processed).toBe(true)
    expect((await listAllContacts(admin.pb, filter)).map((c) => c.name)).toEqual(['Older', 'Newer'])
    expect(older.processed).toBe(false)
  })

  it('re-queues a failed e-mail with only a status change', async () => {
    const mail = await su.collection('deliveries').create({
      recipient: `bounced-${tag}@example.com`,
      subject: 'Your audit results',
      kind: 'visitor_results',
      channel: 'mail',
      class: 'visitor',
      status: 'failed',
      attempts: 5,
      lastError: 'connection refused',
    })
    expect((await listFailedMail(admin.pb)).map((m) => m.id)).toContain(mail.id)
    await expect(retryMail(member.pb, mail.id)).rejects.toMatchObject({ status: 404 })

    const retried = await retryMail(admin.pb, mail.id)
    expect(retried.status).toBe('pending')
    expect((await listFailedMail(admin.pb)).map((m) => m.id)).not.toContain(mail.id)
    // Once it is no longer failed, the rule refuses a second "retry".
    await expect(retryMail(admin.pb, mail.id)).rejects.toMatchObject({ status: 404 })
  })
})

describe('a non-admin gets nothing from the queries the page uses', () => {
  const contactId = { value: '' }
  beforeAll(async () => {
    const contact = await guest.collection('contacts').create({
      name: 'Private',
      email: `private-${tag}@example.com`,
      message: 'hello',
      source: 'portfolio_website',
    })
    contactId.value = contact.id
    await guest
      .collection('newsletter_subscriptions')
      .create({ email: `news-${tag}@example.com`, source: 'footer' })
    // Sign-ups are answered at once and decided later (pb_hooks/newsletter.pb.js,
    // server/newsletter/signups.ts).
    await decideSignUps(pbUrl(), (await superuserClient()).authStore.token)
  })

  it.each([
    ['a signed-in non-admin', () => member.pb],
    ['a guest', () => guest],
  ])('%s sees empty lists and cannot open, toggle or retry anything', async (_who, client) => {
    const pb = client()
    expect((await listAudits(pb, 1, all)).totalItems).toBe(0)
    expect(await listAllAudits(pb, all)).toEqual([])
    expect((await listContacts(pb, 1, all)).totalItems).toBe(0)
    expect((await listSubscribers(pb, 1, all)).totalItems).toBe(0)
    expect(await listFailedMail(pb)).toEqual([])
    await expect(getAuditStats(pb, all)).rejects.toMatchObject({ status: expect.any(Number) })
    expect(await getAudit(pb, seededIds[0])).toBeNull()
    await expect(setContactProcessed(pb, contactId.value, true)).rejects.toMatchObject({
      status: 404,
    })
    expect((await su.collection('contacts').getOne(contactId.value)).processed).toBe(false)
  })

  it('while the admin sees the same records', async () => {
    expect(
      (await listContacts(admin.pb, 1, { email: `private-${tag}`, since: null })).totalItems,
    ).toBe(1)
    expect(
      (await listSubscribers(admin.pb, 1, { email: `news-${tag}`, since: null })).totalItems,
    ).toBe(1)
  })
})

// --- realtime ----------------------------------------------------------------------------

interface RealtimeClient {
  events: { topic: string; data: { action: string; record: { id: string; email: string } } }[]
  close: () => void
}

/** A raw SSE client of /api/realtime, subscribed with `token` (as the SDK does in a browser). */
async function openRealtime(token: string, topics: string[]): Promise<RealtimeClient> {
  const controller = new AbortController()
  const res = await fetch(`${pbUrl()}/api/realtime`, { signal: controller.signal })
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const client: RealtimeClient = { events: [], close: () => controller.abort() }
  let clientId = ''
  let connected: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (connected = resolve))
  ;(async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const field = (name: string) =>
            block
              .split('\n')
              .filter((l) => l.startsWith(`${name}:`))
              .map((l) => l.slice(name.length + 1))
              .join('\n')
          const topic = field('event')
          const data = JSON.parse(field('data') || '{}')
          if (topic === 'PB_CONNECT') {
            clientId = data.clientId
            connected()
          } else {
            client.events.push({ topic, data })
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  await ready
  const sub = await fetch(`${pbUrl()}/api/realtime`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify({ clientId, subscriptions: topics }),
  })
  expect(sub.status).toBe(204)
  return client
}

describe('live audits', () => {
  it('reach the admin as they are created, and never a non-admin or a guest', async () => {
    const [adminRt, memberRt, guestRt] = await Promise.all([
      openRealtime(admin.pb.authStore.token, ['audits/*']),
      openRealtime(member.pb.authStore.token, ['audits/*']),
      openRealtime('', ['audits/*']),
    ])
    try {
      const created = await guest.collection('audits').create({
        flow: 'free',
        email: `live-${tag}@example.com`,
        answers: answersScoring(75),
        newsletterSubscription: false,
      })
      const deadline = Date.now() + 5000
      while (
        !adminRt.events.some((e) => e.data.record?.id === created.id) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 50))
      }
      const event = adminRt.events.find((e) => e.data.record?.id === created.id)
      expect(event?.data.action).toBe('create')
      expect(event?.data.record.email).toBe(`live-${tag}@example.com`)
      // Give the others the same chance to (wrongly) receive it.
      await new Promise((r) => setTimeout(r, 500))
      expect(memberRt.events).toEqual([])
      expect(guestRt.events).toEqual([])
    } finally {
      adminRt.close()
      memberRt.close()
      guestRt.close()
    }
  })
})
