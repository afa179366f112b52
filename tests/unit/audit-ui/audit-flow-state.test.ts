// The step machine's resume rules: what a stored draft comes back as.
import { describe, expect, it } from 'vitest'
import { sections } from '../../../src/audit'
import type { DraftRecord } from '../../../src/offline/drafts'
import {
  draftFromState,
  initialFlowState,
  lastSection,
  stateFromDraft,
  type AuditDraftExtras,
} from '../../../src/features/audit/audit-flow-state'

function draft(values: Partial<DraftRecord & AuditDraftExtras>): DraftRecord & AuditDraftExtras {
  return {
    flow: 'free',
    userId: '',
    answers: {},
    otherTexts: {},
    step: 'questions',
    section: 0,
    updatedAt: 0,
    ...values,
  }
}

describe('stateFromDraft', () => {
  it('starts at the landing step when there is no draft', () => {
    expect(stateFromDraft('free', undefined)).toEqual(initialFlowState)
    expect(stateFromDraft('member', null)).toEqual(initialFlowState)
  })

  it.each([
    ['questions at section 3', draft({ step: 'questions', section: 3 }), 'free', 'questions', 3],
    [
      'a section past the end',
      draft({ step: 'questions', section: 99 }),
      'free',
      'questions',
      lastSection,
    ],
    [
      'a negative or broken section',
      draft({ step: 'questions', section: -2 }),
      'free',
      'questions',
      0,
    ],
    [
      'the free teaser',
      draft({ step: 'teaser', section: lastSection }),
      'free',
      'teaser',
      lastSection,
    ],
    [
      'a teaser in the member flow',
      draft({ step: 'teaser', section: lastSection }),
      'member',
      'questions',
      lastSection,
    ],
    [
      'a report with its audit id',
      draft({
        step: 'report',
        section: lastSection,
        auditId: 'abc123def456ghi',
        delivery: 'queued',
      }),
      'free',
      'report',
      lastSection,
    ],
    [
      'a free report without an id',
      draft({ step: 'report', section: lastSection }),
      'free',
      'teaser',
      lastSection,
    ],
    [
      'a member report without an id',
      draft({ step: 'report', section: lastSection }),
      'member',
      'questions',
      lastSection,
    ],
    ['an unknown step', draft({ step: 'somewhere', section: 2 }), 'free', 'questions', 2],
  ] as const)('resumes %s', (_, stored, flow, step, section) => {
    const state = stateFromDraft(flow, stored)
    expect(state.step).toBe(step)
    expect(state.section).toBe(section)
  })

  it('keeps the audit id and delivery only on the report', () => {
    const report = stateFromDraft(
      'free',
      draft({ step: 'report', auditId: 'abc123def456ghi', delivery: 'sent', email: 'a@b.co' }),
    )
    expect(report).toMatchObject({ auditId: 'abc123def456ghi', delivery: 'sent', email: 'a@b.co' })
    const teaser = stateFromDraft(
      'free',
      draft({ step: 'teaser', auditId: 'abc123def456ghi', delivery: 'sent' }),
    )
    expect(teaser).toMatchObject({ auditId: null, delivery: null })
  })

  it('drops answers and texts that no longer match the question set', () => {
    const state = stateFromDraft(
      'free',
      draft({
        answers: {
          primary_goal: 'other',
          lead_generation: 'carrier_pigeon',
          retired_question: 'yes',
        },
        otherTexts: { primary_goal: 'Open a second shop', retired_question: 'x' },
      }),
    )
    expect(state.answers).toEqual({ primary_goal: 'other' })
    expect(state.otherTexts).toEqual({ primary_goal: 'Open a second shop' })
  })

  it('round-trips through draftFromState', () => {
    const state = {
      ...initialFlowState,
      step: 'report' as const,
      section: sections.length - 1,
      answers: { primary_goal: 'grow_revenue' },
      otherTexts: {},
      email: 'owner@inn.example',
      auditId: 'abc123def456ghi',
      delivery: 'queued' as const,
    }
    expect(stateFromDraft('free', draft(draftFromState(state)))).toEqual(state)
  })
})
