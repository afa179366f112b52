// The browser's scoring of the audit flow's answers: the audit engine's (without the
// recommendations, which the report draws), given again for the same answers (the teaser scores
// them ahead, so Get My Report's tap scores nothing).
import { describe, expect, it } from 'vitest'
import { scoreAudit } from '../../../src/audit/questionnaire'
import { scoreAnswers } from '../../../src/features/audit/use-audit-flow'
import { sampleAnswers } from './support'

describe('scoreAnswers', () => {
  it("is the audit engine's scoring of the answers and their other-texts", () => {
    const answers = { ...sampleAnswers }
    expect(scoreAnswers(answers, {})).toEqual(scoreAudit(answers, {}))
  })

  it('gives the same scoring again for the same answers, and scores new ones afresh', () => {
    const answers: Record<string, string> = { ...sampleAnswers }
    const otherTexts = {}
    const first = scoreAnswers(answers, otherTexts)
    expect(scoreAnswers(answers, otherTexts)).toBe(first)

    // A changed answer is a new object (the flow's state is never changed in place).
    const changed = { ...answers, lead_tracking: 'crm_system' }
    const second = scoreAnswers(changed, otherTexts)
    expect(second).not.toBe(first)
    expect(second).toEqual(scoreAudit(changed, otherTexts))
    // Equal answers in a new object are scored again, to the same result.
    const again = scoreAnswers({ ...answers }, otherTexts)
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
    // New other-texts with the same answers are a new scoring too.
    expect(scoreAnswers(changed, { lead_tracking: 'a notebook' })).not.toBe(second)
  })

  it('is null without answers', () => {
    expect(scoreAnswers(undefined, {})).toBeNull()
    expect(scoreAnswers({}, undefined)).toBeNull()
  })
})
