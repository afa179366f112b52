// GET /api/audits/{id}/results-mail: the free audit's report learns whether its results are
// e-mailed or went out with an earlier audit of the same device (one results mail per address
// per MAIL_RESULTS_PER_RECIPIENT_HOURS, the delivery queue's cap). The device names its earlier
// audits by the ids it made; the answer agrees with the queue for the device that made them, and
// tells a stranger who types someone's address nothing about what that address has had.
// A server of its own with a results window of a few seconds, so the window can pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ResultsMailAnswer } from '../../server/leads/api'
import { createUser, recordId, uniqueEmail } from './helpers'
import { auditSubmission, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { auditJobsDone } from './support/audit-jobs'

const WINDOW_HOURS = 0.002 // 7.2 seconds
const WINDOW_MS = WINDOW_HOURS * 3600 * 1000

let server: MailServer

beforeAll(async () => {
  // Nothing listens on port 9: the test reads the queue's rows, it sends nothing.
  server = await startMailServer(9, { MAIL_RESULTS_PER_RECIPIENT_HOURS: String(WINDOW_HOURS) })
})

afterAll(async () => {
  await server?.stop()
})

/** A free audit to `email`, saved the way the browser's outbox sends it; returns its id. */
async function freeAudit(email: string): Promise<string> {
  const audit = auditSubmission({ email })
  await server.guest.collection('audits').create(audit)
  // Its mails are queued by its job, moments after the answer.
  await auditJobsDone(server.url, server.su.authStore.token, audit.id)
  return audit.id
}

async function ask(id: string, earlier: string[] = []) {
  const query = earlier.length ? `?earlier=${earlier.join(',')}` : ''
  const res = await fetch(`${server.url}/api/audits/${id}/results-mail${query}`)
  return { status: res.status, body: (await res.json()) as ResultsMailAnswer, res }
}

/** What the queue did: 'this' when the audit's results mail is queued. */
async function queued(id: string): Promise<'this' | 'earlier'> {
  const rows = await server.outboxFor(id)
  return rows.some((row) => row.kind === 'visitor_results') ? 'this' : 'earlier'
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the device that made the audits', () => {
  it('hears what the queue did: this audit mailed, or the earlier one within the window', async () => {
    const email = uniqueEmail('again')
    const first = await freeAudit(email)
    const answerFirst = await ask(first)
    expect(answerFirst.status).toBe(200)
    expect(answerFirst.body).toEqual({ mailed: 'this' })
    expect(answerFirst.res.headers.get('cache-control')).toBe('no-store')
    expect(await queued(first)).toBe('this')

    // A second audit to the same address (in another case) within the window: saved, not mailed.
    const second = await freeAudit(email.toUpperCase())
    const answerSecond = await ask(second, [first])
    expect(await queued(second)).toBe('earlier')
    expect(answerSecond.body).toMatchObject({ mailed: 'earlier', windowHours: WINDOW_HOURS })
    const firstRow = await server.su.collection('audits').getOne(first)
    expect(Date.parse((answerSecond.body as { earlierAt: string }).earlierAt)).toBe(
      Date.parse(firstRow.created),
    )

    // Once the window has passed since the mailed one, the next is mailed again, though the one
    // withheld in between is younger; the one after that is withheld again.
    await sleep(WINDOW_MS + 500)
    const third = await freeAudit(email)
    expect(await queued(third)).toBe('this')
    expect((await ask(third, [second, first])).body).toEqual({ mailed: 'this' })
    const fourth = await freeAudit(email)
    expect(await queued(fourth)).toBe('earlier')
    const answerFourth = await ask(fourth, [first, second, third])
    expect(answerFourth.body).toMatchObject({ mailed: 'earlier' })
    const thirdRow = await server.su.collection('audits').getOne(third)
    expect(Date.parse((answerFourth.body as { earlierAt: string }).earlierAt)).toBe(
      Date.parse(thirdRow.created),
    )
  })

  it.each([
    ['an audit to another address', async () => freeAudit(uniqueEmail('other'))],
    ['an id no audit has', async () => recordId()],
  ])('counts only its own earlier audits to the same address: not %s', async (_, other) => {
    const id = await freeAudit(uniqueEmail('alone'))
    expect((await ask(id, [await other()])).body).toEqual({ mailed: 'this' })
  })

  it('does not count an audit saved after the one it asks about', async () => {
    const email = uniqueEmail('order')
    const first = await freeAudit(email)
    const second = await freeAudit(email)
    expect((await ask(first, [second])).body).toEqual({ mailed: 'this' })
  })
})

describe('a stranger who typed an address', () => {
  it('gets the same answers whether the address had results mailed today or never', async () => {
    const taken = uniqueEmail('victim')
    const fresh = uniqueEmail('fresh')
    // The address's owner took the audit on their own device: a results mail went to them.
    const owners = await freeAudit(taken)
    expect(await queued(owners)).toBe('this')

    const answers = async (email: string) => {
      const one = await freeAudit(email)
      const two = await freeAudit(email)
      const first = await ask(one)
      const second = await ask(two, [one])
      return {
        first: first.body,
        second: { ...second.body, earlierAt: 'the stranger’s own first audit' },
      }
    }
    const [onTaken, onFresh] = [await answers(taken), await answers(fresh)]
    expect(onTaken).toEqual(onFresh)
    expect(onTaken.first).toEqual({ mailed: 'this' })
  })
})

describe('what it refuses', () => {
  it.each([
    ['a member audit', 'member'],
    ['an id no audit has', 'unknown'],
    ['a malformed id', 'malformed'],
  ])('answers 404 for %s', async (_, what) => {
    let id = 'Not-An-Id'
    if (what === 'unknown') id = recordId()
    if (what === 'member') {
      const user = await createUser({ url: server.url, verified: true })
      const audit = auditSubmission({ email: user.email, flow: 'member' })
      await user.pb.collection('audits').create({ ...audit, user: user.id })
      id = audit.id
    }
    const answer = await ask(id)
    expect(answer.status).toBe(404)
    expect(JSON.stringify(answer.body)).not.toMatch(/@/)
  })

  it.each([
    ['more than ten ids', Array.from({ length: 11 }, () => recordId()).join(',')],
    ['something other than ids', 'abc,../../x'],
  ])('answers 400 naming `earlier` for %s', async (_, earlier) => {
    const id = await freeAudit(uniqueEmail('bad-query'))
    const res = await fetch(`${server.url}/api/audits/${id}/results-mail?earlier=${earlier}`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { data: Record<string, unknown> }).data).toHaveProperty('earlier')
  })
})
