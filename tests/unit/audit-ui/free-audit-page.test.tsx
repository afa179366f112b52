// @vitest-environment jsdom
// The free flow's step machine with the real drafts in fake-indexeddb and
// the outbox mocked at its boundary: landing -> questions -> teaser -> report, resume from a
// draft, errors that keep the answers, and 'Take Audit Again'.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { lowestScoringSection, questions, sections } from '../../../src/audit'
import { messages } from '../../../src/config/messages'
import type { AuditInput } from '../../../src/backend/types'
import { offlineDb } from '../../../src/offline/db'
import { loadDraft, saveDraft } from '../../../src/offline/drafts'
import { discardOutboxItem, enqueue } from '../../../src/offline/app-outbox'
import FreeAuditPage from '../../../src/features/audit/FreeAuditPage'
import { freeResultsMessages } from '../../../src/features/audit/audit-messages'
import { RESTART_CONFIRM } from '../../../src/features/audit/AuditReport'
import { auditReference } from '../../../src/config/audit-reference'
import {
  choose,
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
import { setOnline } from '../support/online'

vi.mock('../../../src/offline/app-outbox', () => ({ enqueue: vi.fn(), discardOutboxItem: vi.fn() }))
const enqueueMock = vi.mocked(enqueue)
const discardMock = vi.mocked(discardOutboxItem)
const AUDIT_ID = 'k3j5h2g7f8d9s0a'
const lastSection = sections.length - 1

function renderPage() {
  return renderAt('/free-audit', <FreeAuditPage />)
}

async function reload() {
  cleanup()
  renderPage()
  await settle()
}

/** A draft at the teaser with the sample answers. */
async function atTeaser(email = '') {
  await saveDraft('free', {
    step: 'teaser',
    section: lastSection,
    answers: { ...sampleAnswers },
    ...{ email },
  })
  renderPage()
  await screen.findByRole('heading', { name: 'Thanks for completing the audit!' })
}

function emailInput() {
  return screen.getByLabelText('Email') as HTMLInputElement
}

async function submitEmail(email: string) {
  fireEvent.change(emailInput(), { target: { value: email } })
  fireEvent.submit(emailInput().form!)
  await settle()
}

beforeEach(async () => {
  await resetOfflineDb()
  stubWindow()
  setOnline(true)
  enqueueMock.mockReset()
  discardMock.mockReset().mockResolvedValue(undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the free audit', () => {
  it('starts at the landing with the three benefit cards and no draft', async () => {
    renderPage()
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'A Free 5-Minute Business Efficiency Audit',
      }),
    ).toBeTruthy()
    for (const card of ['Quick & Easy', 'Personalized Insights', 'Actionable Results']) {
      expect(screen.getByRole('heading', { name: card })).toBeTruthy()
    }
    expect(await loadDraft('free')).toBeUndefined()
  })

  it('walks the sections with Previous (disabled on the first) and Next, scrolling up and focusing each heading', async () => {
    renderPage()
    const landing = await screen.findByRole('heading', {
      level: 1,
      name: 'A Free 5-Minute Business Efficiency Audit',
    })
    // The first section's top is laid out ahead while the landing is read, but out of reach: no
    // heading, no button, nothing focusable; the landing keeps the step's heading.
    await waitFor(() => expect(document.querySelector('.audit-questions')).not.toBeNull())
    const ahead = document.querySelector('.audit-questions')!
    expect(ahead.closest('[inert][aria-hidden]')).not.toBeNull()
    expect(screen.queryByRole('heading', { name: sections[0].name })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
    await press('Start the Free Audit')
    const first = await sectionHeading(0)
    // The same section, shown: Start opened what was laid out.
    expect(document.querySelector('.audit-questions')).toBe(ahead)
    expect(first.closest('[inert]')).toBeNull()
    expect(first.closest('[aria-hidden]')).toBeNull()
    expect(screen.queryByRole('heading', { name: landing.textContent! })).toBeNull()
    expect(screen.getByText(`Section 1 of ${sections.length}`)).toBeTruthy()
    expect(
      screen.getByRole('progressbar', { name: 'Audit progress' }).getAttribute('aria-valuenow'),
    ).toBe('1')
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect(document.activeElement).toBe(first)
    const scrolls = vi.mocked(window.scrollTo).mock.calls.length

    await press('Next')
    const second = await sectionHeading(1)
    expect(screen.getByText(`Section 2 of ${sections.length}`)).toBeTruthy()
    expect(document.activeElement).toBe(second)
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBe(scrolls + 1)
    await expectDraft('free', undefined, { step: 'questions', section: 1 })

    await press('Previous')
    await sectionHeading(0)
    await expectDraft('free', undefined, { section: 0 })
  })

  it('keeps a press on a button that changes the step from focusing it (the new heading takes the focus), not one on an answer', async () => {
    const { unmount } = renderPage()
    /** True when the press's default (the focus moving to what was pressed) is prevented. */
    const pressKeepsFocus = (element: Element) => !fireEvent.mouseDown(element)
    await screen.findByRole('heading', { name: 'A Free 5-Minute Business Efficiency Audit' })
    expect(pressKeepsFocus(screen.getByRole('button', { name: 'Start the Free Audit' }))).toBe(true)
    await press('Start the Free Audit')
    await sectionHeading(0)
    expect(pressKeepsFocus(screen.getByRole('button', { name: 'Next' }))).toBe(true)
    expect(pressKeepsFocus(screen.getByRole('button', { name: 'Previous' }))).toBe(true)
    expect(pressKeepsFocus(screen.getAllByRole('radio')[0])).toBe(false)
    const next = screen.getByRole('button', { name: 'Next' })
    unmount()
    // With the audit gone, a press anywhere is the browser's again.
    document.body.appendChild(next)
    expect(pressKeepsFocus(next)).toBe(false)
    next.remove()
  })

  it('saves every answer and the other-text to the draft at once, and lets a question be cleared', async () => {
    renderPage()
    await screen.findByRole('button', { name: 'Start the Free Audit' })
    await press('Start the Free Audit')
    await sectionHeading(0)
    const goal = questions.find((q) => q.id === 'primary_goal')!
    expect(screen.queryByPlaceholderText('Please specify...')).toBeNull()

    choose(goal.text, 'Something else')
    const specify = (await screen.findByPlaceholderText('Please specify...')) as HTMLInputElement
    expect(specify.maxLength).toBe(500)
    fireEvent.change(specify, { target: { value: 'Hire a second crew' } })
    await expectDraft('free', undefined, {
      answers: { primary_goal: 'other' },
      otherTexts: { primary_goal: 'Hire a second crew' },
    })
    expect(screen.getByText(`1 of ${questions.length} answered`)).toBeTruthy()

    await press(/Clear answer to question 1/)
    expect(screen.queryByPlaceholderText('Please specify...')).toBeNull()
    await expectDraft('free', undefined, { answers: {} })
  })

  it('resumes a stored draft at the same section with the same answers', async () => {
    await saveDraft('free', {
      step: 'questions',
      section: 2,
      answers: {
        primary_goal: 'other',
        task_automation: questions.find((q) => q.id === 'task_automation')!.options[0].value,
      },
      otherTexts: { primary_goal: 'Sell online' },
    })
    renderPage()
    await sectionHeading(2)
    const task = questions.find((q) => q.id === 'task_automation')!
    // The questions show a frame after the section's heading.
    const group = await screen.findByRole('group', { name: new RegExp(task.text.slice(0, 30)) })
    expect(
      (within(group).getByRole('radio', { name: task.options[0].label }) as HTMLInputElement)
        .checked,
    ).toBe(true)
    await press('Previous')
    await press('Previous')
    await sectionHeading(0)
    expect(
      ((await screen.findByPlaceholderText('Please specify...')) as HTMLInputElement).value,
    ).toBe('Sell online')
  })

  it("shows the teaser with the score and the weakest section after 'Get My Report'", async () => {
    await saveDraft('free', {
      step: 'questions',
      section: lastSection,
      answers: { ...sampleAnswers },
    })
    renderPage()
    await sectionHeading(lastSection)
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
    // Laid out ahead while the last section is read, but out of reach: no heading, no focus.
    await waitFor(() => expect(document.querySelector('.audit-teaser')).not.toBeNull())
    expect(document.querySelector('.audit-teaser')!.closest('[inert][aria-hidden]')).not.toBeNull()
    expect(screen.queryByRole('heading', { name: 'Thanks for completing the audit!' })).toBeNull()
    await press('Get My Report')
    const heading = await screen.findByRole('heading', { name: 'Thanks for completing the audit!' })
    expect(heading.closest('[inert]')).toBeNull()
    expect(document.activeElement).toBe(heading)
    const { scores } = sampleEvaluation()
    expect(
      screen.getByRole('img', { name: new RegExp(`Your score: ${scores.overallScore}%`) }),
    ).toBeTruthy()
    const weakest = lowestScoringSection(scores.sectionScores)!
    expect(screen.getByText(/biggest time-saving opportunity/).textContent).toContain(weakest)
    expect(emailInput().required).toBe(true)
    await expectDraft('free', undefined, { step: 'teaser' })
    expect(enqueueMock).not.toHaveBeenCalled()
  })

  it("'Review my answers' goes back to the last section and Get My Report returns, e-mail kept", async () => {
    await atTeaser('owner@inn.example')
    const teaser = document.querySelector('.audit-teaser')
    await press('Review my answers')
    const heading = await sectionHeading(lastSection)
    expect(document.activeElement).toBe(heading)
    expect(screen.queryByRole('heading', { name: 'Thanks for completing the audit!' })).toBeNull()
    await press('Get My Report')
    await screen.findByRole('heading', { name: 'Thanks for completing the audit!' })
    expect(emailInput().value).toBe('owner@inn.example')
    // The same teaser, kept mounted (and laid out) while the visitor went back and forth.
    expect(document.querySelector('.audit-teaser')).toBe(teaser)
  })

  it('ignores the e-mail step while the field is empty', async () => {
    await atTeaser()
    await submitEmail('   ')
    expect(enqueueMock).not.toHaveBeenCalled()
  })

  it("queues the audit (flow free), shows 'Sending...' and ignores a second press, then the report", async () => {
    let resolve!: (value: Awaited<ReturnType<typeof enqueue>>) => void
    enqueueMock.mockReturnValue(new Promise((r) => (resolve = r)))
    await atTeaser()
    await submitEmail(' owner@inn.example ')
    const sending = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement
    expect(sending.disabled).toBe(true)
    fireEvent.submit(emailInput().form!)
    await settle()
    expect(enqueueMock).toHaveBeenCalledTimes(1)

    const evaluation = sampleEvaluation()
    const [collection, payload, opts] = enqueueMock.mock.calls[0]
    expect(collection).toBe('audits')
    expect(opts).toBeUndefined()
    expect(payload).toEqual({
      flow: 'free',
      email: 'owner@inn.example',
      answers: evaluation.answers,
      otherTexts: {},
      newsletterSubscription: false,
      userAgent: navigator.userAgent.slice(0, 512),
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })

    resolve({ id: AUDIT_ID, status: 'sent' })
    await screen.findByRole('heading', { level: 1, name: 'Your Business Efficiency Report' })
    // The short reference, not the record's id.
    expect(screen.getByText(auditReference(AUDIT_ID))).toBeTruthy()
    expect(screen.queryByText(AUDIT_ID)).toBeNull()
    expect(await screen.findByText(freeResultsMessages.sent)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Top 3 Recommendations' })).toBeTruthy()
    // After the score (shown on phones only) and again at the end.
    expect(screen.getAllByRole('button', { name: messages.bookCall })).toHaveLength(2)
    await expectDraft('free', undefined, { step: 'report', auditId: AUDIT_ID, delivery: 'sent' })

    // A reload shows the same report again.
    await reload()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Business Efficiency Report' }),
    ).toBeTruthy()
    expect(screen.getByText(auditReference(AUDIT_ID))).toBeTruthy()
  })

  it.each([
    ['this audit', { mailed: 'this' }, freeResultsMessages.sent],
    [
      'an earlier audit of this device',
      { mailed: 'earlier', earlierAt: '2026-03-02T12:00:00.000Z', windowHours: 24 },
      'Your earlier results went to owner@inn.example on Mar 2 at',
    ],
  ])(
    'once delivered, says what the server says carries the results: %s',
    async (_, answer, text) => {
      const earlier = 'e4rl13r4ud1t000'
      localStorage.setItem('free-audits', JSON.stringify([{ id: earlier, at: Date.now() }]))
      const fetchMock = vi
        .spyOn(globalThis, 'fetch')
        .mockImplementation(async () => new Response(JSON.stringify(answer), { status: 200 }))
      enqueueMock.mockResolvedValue({ id: AUDIT_ID, status: 'sent' })
      await atTeaser()
      await submitEmail('owner@inn.example')
      expect(await screen.findByText(new RegExp(text.replace(/[.!?]/g, '\\$&')))).toBeTruthy()
      // The device named its earlier audit, and no other id.
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/audits/${AUDIT_ID}/results-mail?earlier=${earlier}`,
      )
      if (answer.mailed === 'earlier') {
        expect(screen.queryByText(freeResultsMessages.sent)).toBeNull()
        // A reload with no connection says the same.
        fetchMock.mockRejectedValue(new TypeError('offline'))
        await reload()
        expect(await screen.findByText(new RegExp(text))).toBeTruthy()
      }
      localStorage.removeItem('free-audits')
    },
  )

  it('says honestly that the results wait for the connection, and updates once the outbox sent them', async () => {
    setOnline(false)
    // What the real outbox leaves behind for an audit queued offline.
    await offlineDb().outbox.add({
      id: AUDIT_ID,
      collection: 'audits',
      payload: {} as AuditInput,
      status: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 0,
      seq: 1,
    })
    enqueueMock.mockResolvedValue({ id: AUDIT_ID, status: 'queued' })
    await atTeaser()
    await submitEmail('owner@inn.example')
    expect(await screen.findByText(freeResultsMessages.queuedOffline)).toBeTruthy()
    expect(screen.queryByText(freeResultsMessages.sent)).toBeNull()

    await reload()
    expect(await screen.findByText(freeResultsMessages.queuedOffline)).toBeTruthy()

    setOnline(true)
    await offlineDb().outbox.delete(AUDIT_ID)
    expect(await screen.findByText(freeResultsMessages.sent)).toBeTruthy()
  })

  it.each([
    [
      'the server refused it',
      {
        id: AUDIT_ID,
        status: 'failed' as const,
        error: { kind: 'server' as const, status: 400, serverMessage: 'x', fieldErrors: {} },
      },
    ],
    ['the outbox could not store it', new Error('QuotaExceededError')],
  ])(
    "keeps the teaser and every answer when %s: 'There was an error. Please try again.'",
    async (_, outcome) => {
      if (outcome instanceof Error) enqueueMock.mockRejectedValue(outcome)
      else enqueueMock.mockResolvedValue(outcome)
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      await atTeaser()
      await submitEmail('owner@inn.example')
      expect((await screen.findByRole('alert')).textContent).toBe(messages.freeAuditEmailFailure)
      expect(screen.getByRole('heading', { name: 'Thanks for completing the audit!' })).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Get My Results' })).toBeTruthy()
      await expectDraft('free', undefined, {
        step: 'teaser',
        answers: { ...sampleAnswers },
        email: 'owner@inn.example',
      })
      if (!(outcome instanceof Error)) expect(discardMock).toHaveBeenCalledWith(AUDIT_ID)
    },
  )

  it('points at the e-mail field when the address is not one the server takes', async () => {
    await atTeaser()
    await submitEmail('owner@localhost')
    expect(enqueueMock).not.toHaveBeenCalled()
    expect(screen.getByText('Invalid email format')).toBeTruthy()
    expect(emailInput().getAttribute('aria-invalid')).toBe('true')
  })

  it('reveals Create Free Dashboard and Maybe Later from the invitation', async () => {
    enqueueMock.mockResolvedValue({ id: AUDIT_ID, status: 'sent' })
    await atTeaser('owner@inn.example')
    await press('Get My Results')
    await press('Set Up My Free Dashboard')
    const create = screen.getByRole('link', { name: 'Create Free Dashboard' })
    expect(create.getAttribute('href')).toBe('/signup')
    await press('Maybe Later')
    expect(screen.queryByRole('link', { name: 'Create Free Dashboard' })).toBeNull()
  })

  it("'Take Audit Again' asks first, then clears everything back to the landing, draft included", async () => {
    await saveDraft('free', {
      step: 'report',
      section: lastSection,
      answers: { ...sampleAnswers },
      otherTexts: { primary_goal: 'x' },
      ...{ auditId: AUDIT_ID, delivery: 'sent', email: 'owner@inn.example' },
    })
    renderPage()
    await screen.findByRole('heading', { level: 1, name: 'Your Business Efficiency Report' })

    vi.mocked(window.confirm).mockReturnValueOnce(false)
    await press('Take Audit Again')
    expect(window.confirm).toHaveBeenCalledWith(RESTART_CONFIRM)
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your Business Efficiency Report' }),
    ).toBeTruthy()

    await press('Take Audit Again')
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'A Free 5-Minute Business Efficiency Audit',
      }),
    ).toBeTruthy()
    await waitFor(async () => expect(await loadDraft('free')).toBeUndefined())

    await press('Start the Free Audit')
    await sectionHeading(0)
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false)
    expect(screen.getByText(`0 of ${questions.length} answered`)).toBeTruthy()
  })
})
