// The crash-and-restart soak, small enough for `npm test` (5 visitors x 4
// submissions, two crashes); `npm run soak` runs the full 20 x 10 with the same code. Sizes can
// be raised with SOAK_VISITORS / SOAK_SUBMISSIONS. Runs its own server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startSoakEnvironment } from '../../scripts/soak-server.mjs'
import { floodSummary, runFloodPhase } from './support/soak-flood'
import { runSoak, summaryLine, type SoakEnvironment } from './support/soak-run'

const VISITORS = Number(process.env.SOAK_VISITORS ?? 5)
const SUBMISSIONS = Number(process.env.SOAK_SUBMISSIONS ?? 4)

let env: SoakEnvironment & { stop(): Promise<void>; output(): string }

beforeAll(async () => {
  env = await startSoakEnvironment()
})

afterAll(async () => {
  await env?.stop()
})

describe('the soak: visitors keep submitting while the server crashes twice', () => {
  it(`stores all ${VISITORS * SUBMISSIONS} submissions once, leaves nothing queued, mails each once`, async () => {
    const report = await runSoak(env, {
      visitors: VISITORS,
      submissionsPerVisitor: SUBMISSIONS,
      restarts: 2,
      pauseMs: [100, 600],
      downtimeMs: 1500,
      timeoutMs: 150_000,
    })
    console.log(summaryLine(report))
    expect(report.problems, summaryLine(report)).toEqual([])
    expect(report).toMatchObject({
      ok: true,
      restarts: 2,
      duplicates: 0,
      missing: 0,
      queuedLeft: 0,
      failedLeft: 0,
      mailDuplicates: 0,
    })
    expect(report.mailsSent).toBe(report.mailsExpected)
  }, 180_000)
})

describe('the flood: two IPs use every way to mail a stranger while a visitor writes', () => {
  // On a server of its own, with mail on. The soak above uses up the owner's hour: its visitors'
  // notifications are sent as its flushes move time forward past each digest, and after six
  // notifications in an hour a seventh rightly waits for the digest, so the real visitor's
  // message would wait too, or not, depending on how the soak's sends fell.
  let flood: typeof env
  beforeAll(async () => {
    flood = await startSoakEnvironment()
    await flood.restartWithMail()
  })
  afterAll(async () => {
    await flood?.stop()
  })

  it('stores every audit, mails each stranger one mail of each kind, and tells the owner of the visitor on the next run', async () => {
    const report = await runFloodPhase(flood, {
      auditsPerIp: 10,
      floodIps: ['127.0.0.6', '127.0.0.7'],
      visitorIp: '127.0.0.8',
    })
    expect(report.problems, floodSummary(report)).toEqual([])
    expect(report).toMatchObject({
      auditsStored: 20,
      strangerMails: {
        results: 1,
        'newsletter confirmation': 1,
        verification: 1,
        'password reset': 1,
        'sign-in alert': 1,
        'e-mail change': 1,
      },
      ownerNamedAll: true,
    })
    // Bounded by its counts, not by time: on a loaded two-core host it has taken over 90 s.
  }, 180_000)
})
