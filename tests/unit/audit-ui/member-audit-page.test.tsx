// @vitest-environment jsdom
// The signed-in flow's step machine: the sign-in gate, landing ->
// questions -> 'Get My Report' ('Generating Report...') -> report, the user's own draft, the
// save error that keeps the answers, and 'Take Audit Again'. Session and outbox are mocked
// at their boundaries; drafts are the real ones in fake-indexeddb.
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sections } from '../../../src/audit'
import { messages } from '../../../src/config/messages'
import { bandWord } from '../../../src/config/score-bands'
import { useSessionSummary } from '../../../src/backend/session-summary'
import type { AuditInput, UserRecord } from '../../../src/backend/types'
import { loadDraft, saveDraft } from '../../../src/offline/drafts'
import { discardOutboxItem, enqueue } from '../../../src/offline/app-outbox'
import MemberAuditPage from '../../../src/features/audit/MemberAuditPage'
import { auditReference } from '../../../src/config/audit-reference'
import { NEW_AUDIT_STATE } from '../../../src/config/audit-links'
import { memberReportMessages } from '../../../src/features/audit/audit-messages'
import {
  expectDraft,
  press,
  renderAt,
  resetOfflineDb,
  sampleAnswers,
  sampleEvaluation,
  sectionHeading,
  settle,
  stubWindow,
} from './support'

vi.mock('../../../src/offline/app-outbox', () => ({ enqueue: vi.fn(), discardOutboxItem: vi.fn() }))
vi.mock('../../../src/backend/session-summary', () => ({ useSessionSummary: vi.fn() }))
const enqueueMock = vi.mocked(enqueue)
const sessionMock = vi.mocked(useSessionSummary)
const AUDIT_ID = 'm3mb3r4ud1t0001'
const lastSection = sections.length - 1

const casey = {
  id: 'caseyuser000001',
  email: 'casey@inn.example',
  fullName: 'Casey Tester',
  verified: true,
} as UserRecord
const robin = {
  id: 'robinuser000002',
  email: 'robin@inn.example',
  fullName: 'Robin',
  verified: true,
} as UserRecord

function signIn(user: UserRecord | null) {
  sessionMock.mockReturnValue({
    signedIn: user !== null,
    userId: user?.id ?? null,
    email: user?.email ?? null,
    fullName: user?.fullName ?? null,
    isAdmin: false,
  })
}

function renderPage(path = '/digital-audit') {
  return renderAt(path, <MemberAuditPage />)
}

beforeEach(async () => {
  await resetOfflineDb()
  stubWindow()
  enqueueMock.mockReset()
  vi.mocked(discardOutboxItem).mockReset().mockResolvedValue(undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the signed-in audit', () => {
  it.each(['/digital-audit', '/digital-strategy-audit'])(
    'signed out at %s: the gate with Go Home, Create Account and sign-in, both carrying next',
    (path) => {
      signIn(null)
      renderPage(path)
      expect(screen.getByRole('heading', { level: 1, name: 'Sign in required' })).toBeTruthy()
      expect(
        screen.getByText(
          'Please create an account or sign in to take the Business Efficiency Audit.',
        ),
      ).toBeTruthy()
      const next = encodeURIComponent(path)
      expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/')
      expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe(
        `/signup?next=${next}`,
      )
      expect(
        screen.getByRole('link', { name: 'I already have an account' }).getAttribute('href'),
      ).toBe(`/login?next=${next}`)
    },
  )

  it("goes landing -> questions ('section N of total') -> 'Generating Report...' -> report with the audit id", async () => {
    signIn(casey)
    let resolve!: (value: Awaited<ReturnType<typeof enqueue>>) => void
    enqueueMock.mockReturnValue(new Promise((r) => (resolve = r)))
    renderPage()
    expect(await screen.findByText('Welcome, Casey')).toBeTruthy()
    await press('Start Audit')
    await sectionHeading(0)
    expect(screen.getByText(`Section 1 of ${sections.length}`)).toBeTruthy()
    for (let i = 1; i <= lastSection; i++) {
      await press('Next')
      await sectionHeading(i)
    }
    await press('Get My Report')
    const busy = screen.getByRole('button', { name: 'Generating Report...' }) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    )

    const [collection, payload, opts] = enqueueMock.mock.calls[0]
    expect(collection).toBe('audits')
    expect(opts).toEqual({ ownerId: casey.id })
    expect(payload).toMatchObject({
      flow: 'member',
      email: casey.email,
      user: casey.id,
      newsletterSubscription: false,
    })
    // Nothing answered: every question goes as 'Did not answer' with 0.
    expect(
      Object.values((payload as AuditInput).answers).every(
        (a) => a.value === 'Did not answer' && a.score === 0,
      ),
    ).toBe(true)

    resolve({ id: AUDIT_ID, status: 'sent' })
    await screen.findByRole('heading', { level: 1, name: 'Your Business Efficiency Report' })
    expect(screen.getByText(auditReference(AUDIT_ID))).toBeTruthy()
    expect(await screen.findByText(memberReportMessages.sent)).toBeTruthy()
    // After the score (shown on phones only) and again at the end.
    expect(screen.getAllByRole('button', { name: messages.bookCall })).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    )
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy()
    await expectDraft('member', casey.id, { step: 'report', auditId: AUDIT_ID })
  })

  it('shows the report scores the engine computes, with a bar per section', async () => {
    signIn(casey)
    await saveDraft(
      'member',
      {
        step: 'report',
        section: lastSection,
        answers: { ...sampleAnswers },
        ...{ auditId: AUDIT_ID, delivery: 'sent' },
      },
      casey.id,
    )
    renderPage()
    await screen.findByRole('heading', { level: 1, name: 'Your Business Efficiency Report' })
    const { scores, recommendations } = sampleEvaluation()
    expect(
      screen.getByRole('img', { name: new RegExp(`^Overall score: ${scores.overallScore}%`) }),
    ).toBeTruthy()
    // Each bar with its band in words beside it; the chart itself is decoration, and one text
    // says what it shows.
    const chart = screen.getByRole('heading', { name: 'Score by Section' }).parentElement!
    const bars = chart.querySelectorAll('.section-score')
    expect(bars).toHaveLength(sections.length)
    expect(chart.querySelector('.section-scores')!.getAttribute('aria-hidden')).toBe('true')
    const equivalents = chart.querySelectorAll('.visually-hidden')
    expect(equivalents).toHaveLength(1)
    sections.forEach(({ name }, i) => {
      const score = scores.sectionScores[name]
      expect(bars[i].querySelector('.section-score__name')!.textContent).toBe(name)
      expect(bars[i].querySelector('.section-score__value')!.textContent).toBe(
        `${score}% ${bandWord(score)}`,
      )
      expect(equivalents[0].textContent).toContain(`${name}: ${score}% (${bandWord(score)}).`)
    })
    expect(screen.getAllByRole('img')).toHaveLength(1)
    for (const rec of recommendations.topRecommendations) {
      expect(screen.getAllByText(rec.title).length).toBeGreaterThan(0)
    }
  })

  it('resumes the signed-in user’s own draft, never another user’s', async () => {
    await saveDraft(
      'member',
      { step: 'questions', section: 4, answers: { ...sampleAnswers } },
      casey.id,
    )
    await saveDraft('free', { step: 'questions', section: 2 })
    signIn(robin)
    renderPage()
    expect(await screen.findByRole('button', { name: 'Start Audit' })).toBeTruthy()
    cleanup()

    signIn(casey)
    renderPage()
    await sectionHeading(4)
    expect(screen.getByText(`${Object.keys(sampleAnswers).length} of 26 answered`)).toBeTruthy()
  })

  it("keeps the questions and the answers when saving fails: 'There was an error saving your audit. Please try again.'", async () => {
    signIn(casey)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    enqueueMock.mockResolvedValue({
      id: AUDIT_ID,
      status: 'failed',
      error: { kind: 'forbidden', status: 403, serverMessage: 'Forbidden', fieldErrors: {} },
    })
    await saveDraft(
      'member',
      { step: 'questions', section: lastSection, answers: { ...sampleAnswers } },
      casey.id,
    )
    renderPage()
    await sectionHeading(lastSection)
    await press('Get My Report')
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auditSaveFailure)
    expect(screen.getByRole('button', { name: 'Get My Report' })).toBeTruthy()
    expect(vi.mocked(discardOutboxItem)).toHaveBeenCalledWith(AUDIT_ID)
    await expectDraft('member', casey.id, { step: 'questions', answers: { ...sampleAnswers } })

    enqueueMock.mockResolvedValue({ id: 'second0attempt0', status: 'queued' })
    await press('Get My Report')
    await screen.findByRole('heading', { level: 1, name: 'Your Business Efficiency Report' })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("'Take Audit Again' clears the user's draft and returns to the landing", async () => {
    signIn(casey)
    await saveDraft(
      'member',
      {
        step: 'report',
        section: lastSection,
        answers: { ...sampleAnswers },
        ...{ auditId: AUDIT_ID, delivery: 'sent' },
      },
      casey.id,
    )
    renderPage()
    await screen.findByRole('heading', { level: 1, name: 'Your Business Efficiency Report' })
    await press('Take Audit Again')
    expect(await screen.findByRole('button', { name: 'Start Audit' })).toBeTruthy()
    await waitFor(async () => expect(await loadDraft('member', casey.id)).toBeUndefined())
    // The report is kept in the dashboard: nothing to warn about.
    expect(window.confirm).not.toHaveBeenCalled()
    await settle()
  })

  it.each([
    ['a finished report is cleared, not reopened', 'report', 'landing'],
    ['an unfinished audit resumes', 'questions', 'questions'],
  ] as const)('asked for a new audit (Start New Audit): %s', async (_, step, shows) => {
    signIn(casey)
    await saveDraft(
      'member',
      {
        step,
        section: 2,
        answers: { ...sampleAnswers },
        ...{
          auditId: step === 'report' ? AUDIT_ID : null,
          delivery: step === 'report' ? 'sent' : null,
        },
      },
      casey.id,
    )
    render(
      <MemoryRouter initialEntries={[{ pathname: '/digital-audit', state: NEW_AUDIT_STATE }]}>
        <MemberAuditPage />
      </MemoryRouter>,
    )
    if (shows === 'landing') {
      expect(await screen.findByRole('button', { name: 'Start Audit' })).toBeTruthy()
      expect(screen.queryByRole('heading', { name: 'Your Business Efficiency Report' })).toBeNull()
      await waitFor(async () => expect(await loadDraft('member', casey.id)).toBeUndefined())
    } else {
      expect(await sectionHeading(2)).toBeTruthy()
      expect((await loadDraft('member', casey.id))?.answers).toEqual(sampleAnswers)
    }
    await settle()
  })
})
