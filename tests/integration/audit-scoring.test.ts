// The server is the authority on audit scores: pb_hooks/audits.pb.js (server/leads/audits.ts)
// validates every audits create and re-scores it with the engine of src/audit/, bundled into the
// server by `node scripts/build-server.mjs`. Checked against the real PocketBase, whose
// stored records are compared with the same engine run here in Node.
import fc from 'fast-check'
import { ClientResponseError } from 'pocketbase'
import type PocketBase from 'pocketbase'
import { describe, expect, it } from 'vitest'
import {
  ANSWER_NOT_GIVEN,
  QUESTION_SET_VERSION,
  evaluateAudit,
  questions,
  sections,
} from '../../src/audit/index'
import type { AuditRecord } from '../../src/backend/types'
import { createUser, guestClient, pbUrl, recordId, superuserClient, uniqueEmail } from './helpers'

const RECORDS = '/api/collections/audits/records'

function best(): Record<string, string> {
  return Object.fromEntries(
    questions.map((q) => [q.id, q.options.find((o) => o.score === 10)!.value]),
  )
}

function worst(): Record<string, string> {
  return Object.fromEntries(questions.map((q) => [q.id, q.options[q.options.length - 1].value]))
}

/** The browser's shape: {questionId: {value, score}}, here with every score forged to 10. */
function withForgedScores(values: Record<string, string>) {
  return Object.fromEntries(Object.entries(values).map(([id, value]) => [id, { value, score: 10 }]))
}

function freeAudit(extra: Record<string, unknown> = {}) {
  return {
    id: recordId(),
    flow: 'free',
    email: uniqueEmail('scoring'),
    answers: {},
    newsletterSubscription: false,
    userAgent: 'vitest',
    completedAt: '2026-11-21 10:00:00.000Z',
    ...extra,
  }
}

interface ErrorReply {
  status: number
  message: string
  data: Record<string, { code: string; message: string }>
}

async function post(body: unknown): Promise<{ status: number; json: ErrorReply }> {
  const res = await fetch(`${pbUrl()}${RECORDS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() }
}

let superuser: Promise<PocketBase> | undefined

/** The record as the database holds it (read as superuser), or null when nothing was stored. */
async function stored(id: string): Promise<AuditRecord | null> {
  superuser ??= superuserClient()
  const su = await superuser
  try {
    return await su.collection('audits').getOne<AuditRecord>(id)
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return null
    throw err
  }
}

function expectScoredLike(record: AuditRecord, answers: Record<string, string>, other = {}) {
  const truth = evaluateAudit(answers, other)
  expect(record.answers).toEqual(truth.answers)
  expect(record.scores).toEqual(truth.scores)
  expect(record.overallScore).toBe(truth.scores.overallScore)
  expect(record.recommendations).toEqual(truth.recommendations)
  expect(record.otherTexts).toEqual(truth.otherTexts)
  expect(record.questionSetVersion).toBe(QUESTION_SET_VERSION)
}

describe('audits create: the server re-scores', () => {
  it('stores the true scores of an audit posted with forged ones', async () => {
    const answers = worst()
    const body = freeAudit({
      answers: withForgedScores(answers),
      scores: { overallScore: 100, sectionScores: { Anything: 100 } },
      overallScore: 100,
      recommendations: {
        topRecommendations: [{ title: 'You are perfect' }],
        sectionRecommendations: {},
      },
      questionSetVersion: 'forged',
    })
    const created = await guestClient().collection('audits').create<AuditRecord>(body)
    expect(created.overallScore).toBe(2)

    const record = (await stored(body.id))!
    expectScoredLike(record, answers)
    expect(record.answers.lead_tracking).toEqual({ value: 'none', score: 0 })
  })

  it('stores a partly answered audit with every question filled and the right scores', async () => {
    const answers = {
      primary_goal: 'reduce_costs',
      lead_generation: 'website_only',
      task_automation: 'all_manual',
    }
    const body = freeAudit({ answers: withForgedScores(answers) })
    await guestClient().collection('audits').create(body)

    const record = (await stored(body.id))!
    expectScoredLike(record, answers)
    expect(Object.keys(record.answers)).toEqual(questions.map((q) => q.id))
    expect(record.answers.growth_planning).toEqual({ value: ANSWER_NOT_GIVEN, score: 0 })
    expect(record.scores.sectionScores['Business Goals & Lead Generation']).toBe(50) // 15 of 30
    expect(record.overallScore).toBe(6) // 15 of 260
  })

  it('keeps the section order of the engine in the stored scores', async () => {
    const body = freeAudit({ answers: best() })
    await guestClient().collection('audits').create(body)
    const record = (await stored(body.id))!
    expect(Object.keys(record.scores.sectionScores)).toEqual(sections.map((s) => s.name))
    expect(record.overallScore).toBe(100)
  })

  it('accepts a plain {questionId: value} map and an audit with nothing answered', async () => {
    const plain = freeAudit({ answers: { lead_tracking: 'crm_system' } })
    await guestClient().collection('audits').create(plain)
    expectScoredLike((await stored(plain.id))!, { lead_tracking: 'crm_system' })

    const empty = freeAudit({ answers: {} })
    await guestClient().collection('audits').create(empty)
    expect((await stored(empty.id))!.overallScore).toBe(0)
  })

  it('trims and lowercases the e-mail', async () => {
    const email = uniqueEmail('Case')
    const body = freeAudit({ email: `  ${email.toUpperCase()} ` })
    await guestClient().collection('audits').create(body)
    expect((await stored(body.id))!.email).toBe(email.toLowerCase())
  })

  it("keeps the free text of an 'other' answer and drops texts of other answers", async () => {
    const answers = { primary_goal: 'other', lead_tracking: 'manual' }
    const body = freeAudit({
      answers,
      otherTexts: {
        primary_goal: '  Hand the inn to my daughter  ',
        lead_tracking: 'stale draft text',
      },
    })
    await guestClient().collection('audits').create(body)
    const record = (await stored(body.id))!
    expect(record.otherTexts).toEqual({ primary_goal: 'Hand the inn to my daughter' })
    expect(record.answers.primary_goal).toEqual({ value: 'other', score: 5 })
  })

  it("re-scores a signed-in member's audit too", async () => {
    const user = await createUser({ label: 'scoring-member' })
    const answers = { email_marketing: 'regular_newsletter', follow_up_process: 'no_follow_up' }
    const body = {
      ...freeAudit({ answers: withForgedScores(answers) }),
      flow: 'member',
      user: user.id,
      email: user.email,
    }
    await user.pb.collection('audits').create({ ...body, overallScore: 100 })
    expectScoredLike((await stored(body.id))!, answers)
  })

  it('re-scores audits sent through the batch API (the outbox sends several at once)', async () => {
    const answers = { customer_support: 'inconsistent', primary_goal: 'grow_revenue' }
    const first = freeAudit({ answers: withForgedScores(answers), overallScore: 99 })
    const second = freeAudit({ answers: best() })
    const batch = guestClient().createBatch()
    batch.collection('audits').create(first)
    batch.collection('audits').create(second)
    await batch.send()
    expectScoredLike((await stored(first.id))!, answers)
    expect((await stored(second.id))!.overallScore).toBe(100)
  })

  it('re-scores a plain multipart form too, where every field arrives as text', async () => {
    const body = freeAudit()
    const form = new FormData()
    for (const [key, value] of Object.entries(body)) form.append(key, String(value))
    form.set('answers', JSON.stringify({ lead_capture: 'no_capture' }))
    form.set('overallScore', '100')
    form.set('newsletterSubscription', 'true')
    const res = await fetch(`${pbUrl()}${RECORDS}`, { method: 'POST', body: form })
    expect(res.status).toBe(200)
    const record = (await stored(body.id))!
    expectScoredLike(record, { lead_capture: 'no_capture' })
    expect(record.newsletterSubscription).toBe(true)
  })

  it('still answers a re-sent audit with validation_not_unique on the id', async () => {
    const body = freeAudit({ answers: best() })
    await guestClient().collection('audits').create(body)
    const again = await post(body)
    expect(again.status).toBe(400)
    expect(again.json.data.id.code).toBe('validation_not_unique')
  })

  it('scores any audit exactly as the engine in the browser does', async () => {
    const answersArb = fc.record(
      Object.fromEntries(
        questions.map((q) => [
          q.id,
          fc.constantFrom(ANSWER_NOT_GIVEN, ...q.options.map((o) => o.value)),
        ]),
      ),
      { requiredKeys: [] },
    ) as fc.Arbitrary<Record<string, string>>
    const samples = fc.sample(answersArb, { numRuns: 25, seed: 20261121 })
    const bodies = samples.map((answers) => freeAudit({ answers: withForgedScores(answers) }))
    const pb = guestClient()
    await Promise.all(bodies.map((body) => pb.collection('audits').create(body)))
    for (const [i, body] of bodies.entries()) expectScoredLike((await stored(body.id))!, samples[i])
  })
})

describe('audits create: the server rejects a malformed audit with 400 naming the field', () => {
  // [what, body overrides, message, field, code]
  // prettier-ignore
  const cases: [string, Record<string, unknown>, string, string, string][] = [
    ['an unknown question id', { answers: { favourite_colour: 'blue' } }, 'Invalid answers format.', 'answers.favourite_colour', 'validation_unknown_question'],
    ['an unknown option value', { answers: { primary_goal: { value: 'world_domination', score: 10 } } }, 'Invalid answers format.', 'answers.primary_goal', 'validation_unknown_option'],
    ['an option of another question', { answers: { lead_tracking: 'increase_leads' } }, 'Invalid answers format.', 'answers.lead_tracking', 'validation_unknown_option'],
    ['an answer that is a number', { answers: { lead_tracking: 7 } }, 'Invalid answers format.', 'answers.lead_tracking', 'validation_invalid_format'],
    ["an 'other' text over 500 characters", { answers: { primary_goal: 'other' }, otherTexts: { primary_goal: 'x'.repeat(501) } }, 'Invalid answers format.', 'otherTexts.primary_goal', 'validation_too_long'],
    ['an other text for an unknown question', { otherTexts: { nope: 'x' } }, 'Invalid answers format.', 'otherTexts.nope', 'validation_unknown_question'],
    ['answers that are a list', { answers: ['increase_leads'] }, 'Invalid answers format.', 'answers', 'validation_invalid_format'],
    ['scores that are a number', { scores: 100 }, 'Invalid scores format.', 'scores', 'validation_invalid_format'],
    ['recommendations that are text', { recommendations: 'none' }, 'Invalid recommendations format.', 'recommendations', 'validation_invalid_format'],
    ['a newsletter flag that is text', { newsletterSubscription: 'yes' }, 'Invalid newsletter subscription format.', 'newsletterSubscription', 'validation_invalid_format'],
    ['an e-mail that is a number', { email: 42 }, 'Invalid email format.', 'email', 'validation_invalid_email'],
    ['an empty e-mail', { email: '  ' }, 'Invalid email format.', 'email', 'validation_invalid_email'],
  ]

  it.each(cases)('%s, and stores nothing', async (_what, overrides, message, field, code) => {
    const body = freeAudit(overrides)
    const res = await post(body)
    expect(res.status).toBe(400)
    // PocketBase's error shape; it ends messages with a full stop.
    expect(res.json).toEqual({
      status: 400,
      message,
      data: { [field]: { code, message: expect.any(String) } },
    })
    expect(await stored(body.id)).toBeNull()
  })

  it('rejects a batch holding one bad audit as a whole, naming the field', async () => {
    const good = freeAudit({ answers: best() })
    const bad = freeAudit({ answers: { primary_goal: 'nope' } })
    const res = await fetch(`${pbUrl()}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [good, bad].map((body) => ({ method: 'POST', url: RECORDS, body })),
      }),
    })
    expect(res.status).toBe(400)
    const json = await res.json()
    expect(json.data.requests['1'].response.data['answers.primary_goal'].code).toBe(
      'validation_unknown_option',
    )
    expect(await stored(good.id)).toBeNull()
    expect(await stored(bad.id)).toBeNull()
  })

  it('gives the SDK a ClientResponseError whose data names the field', async () => {
    const body = freeAudit({ answers: { not_a_question: 'x' } })
    const err = await guestClient()
      .collection('audits')
      .create(body)
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ClientResponseError)
    expect((err as ClientResponseError).status).toBe(400)
    expect((err as ClientResponseError).response.data['answers.not_a_question'].code).toBe(
      'validation_unknown_question',
    )
  })
})
