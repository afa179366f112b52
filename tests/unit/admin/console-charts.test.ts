// The console's pure pieces: the Funnel's pictures (weeks without gaps, the line through them, the
// bars) and the status line's words for what just went out.
import { describe, expect, it } from 'vitest'
import { sentSummary } from '../../../src/offline/outbox-status-read'
import {
  barPercent,
  linePoints,
  weekLabel,
  weekOf,
  weeklySeries,
} from '../../../src/features/admin/funnel-charts'

describe('the funnel by week', () => {
  it('groups by the Monday of the week (UTC), as the server does', () => {
    expect(weekOf(Date.parse('2026-11-25T15:00:00Z'))).toBe('2026-11-23') // a Wednesday
    expect(weekOf(Date.parse('2026-11-23T00:00:00Z'))).toBe('2026-11-23')
    expect(weekOf(Date.parse('2026-11-22T23:59:00Z'))).toBe('2026-11-16') // a Sunday
  })

  it('lists every week of the period, a week without events as zeros', () => {
    const series = weeklySeries({
      since: '2026-11-01 10:00:00.000Z',
      days: 30,
      weeks: [{ week: '2026-11-16', counts: { visit: 4 } as never, confirmedBookings: 1 }],
    })
    expect(series.map((w) => w.week)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ])
    expect(series.map((w) => w.counts.visit ?? 0)).toEqual([0, 0, 0, 4, 0, 0])
  })

  it('draws the largest value at the top and zero at the bottom', () => {
    expect(linePoints([0, 5, 10], 100, 40)).toBe('0,40 50,20 100,0')
    expect(linePoints([3], 100, 40)).toBe('0,0 100,0')
    expect(linePoints([0, 0], 100, 40)).toBe('0,40 100,40')
  })

  it('gives a count that is not zero at least a sliver of bar', () => {
    expect(barPercent(0, 10)).toBe(0)
    expect(barPercent(10, 10)).toBe(100)
    expect(barPercent(1, 1000)).toBe(1.5)
  })

  it('labels a week by its calendar date', () => {
    expect(weekLabel('2026-11-23')).toBe('Nov 23')
  })
})

describe('the status line after items went out', () => {
  it.each([
    [['message'], 'Message sent'],
    [['message', 'message', 'callBack'], '2 messages sent · Call-back request sent'],
    [['newsletter', 'audit'], 'Newsletter sign-up sent · Audit sent'],
    // The consultant's own changes say what each one is, and that it is saved, not sent.
    [['note'], 'Note saved'],
    [['statusChange', 'note', 'note'], 'Status change saved · 2 notes saved'],
    // A new draft and its autosaved edits are one draft to its writer.
    [['newsletterDraft'], 'Newsletter draft saved'],
    [['newsletterDraft', 'newsletterDraft', 'newsletterDraft'], 'Newsletter draft saved'],
  ] as const)('%j reads "%s"', (kinds, words) => expect(sentSummary(kinds)).toBe(words))
})
