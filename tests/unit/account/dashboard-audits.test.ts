import { describe, expect, it } from 'vitest'
import type { AuditRecord } from '../../../src/backend/types'
import {
  compareLatest,
  compareWithFirst,
  describeChange,
  firstName,
  formatRef,
  mergeAudits,
  sectionScoreList,
  type WaitingAudit,
} from '../../../src/features/account/dashboard-audits'
import { auditReportText, reportFileName } from '../../../src/features/account/audit-report-text'
import { validateSignup, type SignupInput } from '../../../src/backend/account-api'

function serverAudit(id: string, created: string, flow: 'member' | 'free' = 'member'): AuditRecord {
  return {
    id,
    collectionId: 'audits',
    collectionName: 'audits',
    flow,
    email: 'pat@example.com',
    user: flow === 'member' ? 'u1' : '',
    answers: {},
    otherTexts: {},
    scores: {
      overallScore: 62,
      sectionScores: {
        'Business Goals & Lead Generation': 70,
        'Website & Lead Generation': 50,
        'Business Process Efficiency': 40,
        'Marketing & Lead Nurturing': 90,
      },
    },
    overallScore: 62,
    recommendations: {
      topRecommendations: [{ title: 'Track leads', description: 'Use a CRM.' }],
      sectionRecommendations: {
        'Website & Lead Generation': [{ title: 'Add a form', description: 'Capture leads.' }],
      },
    },
    questionSetVersion: '1',
    newsletterSubscription: false,
    userAgent: '',
    completedAt: created,
    created,
    updated: created,
  }
}

function waiting(id: string, queuedAt: string, failed = false): WaitingAudit {
  return {
    id,
    flow: 'member',
    email: 'pat@example.com',
    queuedAt: Date.parse(queuedAt),
    failed,
    scores: null,
    recommendations: null,
    answers: null,
    payload: { id },
  }
}

describe('mergeAudits', () => {
  it('lists newest first and numbers by position oldest-first', () => {
    const merged = mergeAudits(
      [
        serverAudit('bbb', '2026-11-20 09:00:00.000Z'),
        serverAudit('aaa', '2026-11-01 09:00:00.000Z', 'free'),
      ],
      [waiting('ccc', '2026-11-21T09:00:00.000Z')],
    )
    expect(merged.map((a) => [a.id, a.ref, a.delivery])).toEqual([
      ['ccc', 3, 'waiting'],
      ['bbb', 2, 'saved'],
      ['aaa', 1, 'saved'],
    ])
  })

  it('shows an outbox audit the server already has once, as saved', () => {
    const merged = mergeAudits(
      [serverAudit('same', '2026-11-20 09:00:00.000Z')],
      [waiting('same', '2026-11-20T08:59:00.000Z')],
    )
    expect(merged).toHaveLength(1)
    expect(merged[0].delivery).toBe('saved')
  })

  it('marks an audit the server refused as failed', () => {
    expect(mergeAudits([], [waiting('x', '2026-11-20T08:59:00.000Z', true)])[0].delivery).toBe(
      'failed',
    )
  })
})

describe('formatting', () => {
  it.each([
    [1, 'Ref #0001'],
    [42, 'Ref #0042'],
    [12345, 'Ref #12345'],
  ])('pads ref %i to four digits', (n, text) => {
    expect(formatRef(n)).toBe(text)
  })

  it('lists every section score in questionnaire order', () => {
    const [audit] = mergeAudits([serverAudit('a', '2026-11-20 09:00:00.000Z')], [])
    expect(sectionScoreList(audit.scores)).toEqual([
      ['Business Goals & Lead Generation', 70],
      ['Website & Lead Generation', 50],
      ['Business Process Efficiency', 40],
      ['Marketing & Lead Nurturing', 90],
    ])
  })

  it('names the text file with the audit date and writes the whole report', () => {
    const [audit] = mergeAudits([serverAudit('k7q2m9xab3c4d5e', '2026-11-21 12:00:00.000Z')], [])
    expect(reportFileName(audit)).toMatch(/^efficiency-audit-2026-11-2[01]\.txt$/)
    const text = auditReportText(audit, 'pat@example.com')
    for (const part of [
      'Business Efficiency Audit',
      'Ref #0001 - Taken in your dashboard',
      'E-mail: pat@example.com',
      // The short reference a person quotes, not the record's whole id.
      'Audit reference: k7q2m9xa',
      'Overall score: 62%',
      '- Website & Lead Generation: 50%',
      '1. Track leads',
      '- Add a form: Capture leads.',
    ]) {
      expect(text).toContain(part)
    }
    expect(text).not.toContain('k7q2m9xab3c4d5e')
  })
})

describe('validateSignup', () => {
  const ok: SignupInput = {
    fullName: 'Pat',
    email: 'p@example.com',
    password: 'abcdefgh',
    passwordConfirm: 'abcdefgh',
    newsletterConsent: false,
    agreedToTerms: true,
  }
  it.each([
    [{ agreedToTerms: false }, 'You must agree to the Terms and Privacy Policy to continue.'],
    [{ passwordConfirm: 'abcdefgX' }, 'Passwords do not match.'],
    [
      { password: 'abcdefg', passwordConfirm: 'abcdefg' },
      'Password must be at least 8 characters long.',
    ],
  ])('refuses %o with the spec message', (change, message) => {
    expect(validateSignup({ ...ok, ...change })?.message).toBe(message)
  })
  it('accepts a complete form', () => {
    expect(validateSignup(ok)).toBeNull()
  })
})

describe('compareLatest', () => {
  function scored(id: string, created: string, overall: number, sections: number[]) {
    const names = ['Business Goals & Lead Generation', 'Website & Lead Generation', 'Team']
    const audit = serverAudit(id, created)
    audit.scores = {
      overallScore: overall,
      sectionScores: Object.fromEntries(sections.map((s, i) => [names[i], s])),
    }
    return audit
  }

  it('needs two scored audits', () => {
    expect(compareLatest(mergeAudits([scored('a', '2026-11-01 09:00:00Z', 50, [50])], []))).toBe(
      null,
    )
    // An audit still waiting, scored nowhere yet, does not count.
    const list = mergeAudits(
      [scored('a', '2026-11-01 09:00:00Z', 50, [50])],
      [waiting('w', '2026-11-21T09:00:00.000Z')],
    )
    expect(compareLatest(list)).toBe(null)
  })

  it('compares the latest with the one before, overall and per section, up and down', () => {
    const list = mergeAudits(
      [
        scored('old', '2026-10-01 09:00:00Z', 30, [10, 90, 40]),
        scored('before', '2026-11-01 09:00:00Z', 45, [50, 60]),
        scored('latest', '2026-11-20 09:00:00Z', 52, [57, 50, 70]),
      ],
      [],
    )
    const comparison = compareLatest(list)!
    expect([comparison.latest.id, comparison.previous.id]).toEqual(['latest', 'before'])
    expect(comparison.overall).toEqual({ name: 'Overall', before: 45, after: 52, change: 7 })
    // A section the audit before did not score is left out.
    expect(comparison.sections.map((s) => [s.name, s.change])).toEqual([
      ['Business Goals & Lead Generation', 7],
      ['Website & Lead Generation', -10],
    ])
  })

  it('measures the progress since the first audit once there are three', () => {
    const first = scored('first', '2026-09-01 09:00:00Z', 30, [10, 90, 40])
    const second = scored('second', '2026-10-01 09:00:00Z', 45, [50, 60])
    expect(compareWithFirst(mergeAudits([first, second], []))).toBe(null)
    const latest = scored('latest', '2026-11-20 09:00:00Z', 52, [57, 50, 70])
    const comparison = compareWithFirst(mergeAudits([second, latest, first], []))!
    expect([comparison.latest.id, comparison.previous.id]).toEqual(['latest', 'first'])
    expect(comparison.overall).toEqual({ name: 'Overall', before: 30, after: 52, change: 22 })
    expect(comparison.sections.map((s) => [s.name, s.change])).toEqual([
      ['Business Goals & Lead Generation', 47],
      ['Website & Lead Generation', -40],
      ['Team', 30],
    ])
  })

  it.each([
    [7, 'up 7 points'],
    [-1, 'down 1 point'],
    [0, 'no change'],
  ])('describes %i as "%s"', (change, words) => expect(describeChange(change)).toBe(words))

  it('greets by the first name', () => {
    expect(firstName('  Dana  Whitcomb ')).toBe('Dana')
    expect(firstName('')).toBe('')
    expect(firstName(null)).toBe('')
  })
})
