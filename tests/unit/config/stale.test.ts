import { describe, expect, it } from 'vitest'
import { STALE_DEFAULTS, checkStaleDays, isStale } from '../../../src/config/leads'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.parse('2026-11-29T12:00:00Z')
const ago = (days: number) => new Date(NOW - days * DAY).toISOString()

describe('a stale person', () => {
  it.each([
    // status, last activity (days ago), last contact (days ago), stale?
    ['new', 4, null, true],
    ['new', 2, null, false],
    ['new', 4, 1, false],
    ['contacted', 9, null, false],
    ['contacted', 11, null, true],
    ['call_booked', 30, 25, true],
    ['client', 400, null, false],
    ['not_a_fit', 400, null, false],
  ] as const)(
    '%s, active %i days ago, contacted %s days ago: %s',
    (status, active, contact, stale) => {
      const person = {
        status,
        lastActivityAt: ago(active),
        lastContactAt: contact === null ? '' : ago(contact),
        created: ago(500),
      }
      expect(isStale(person, STALE_DEFAULTS, NOW)).toBe(stale)
    },
  )

  it('goes by the activity, not by when the row was made (people made later for older records)', () => {
    const person = { status: 'new', lastActivityAt: ago(30), created: ago(0) }
    expect(isStale(person, STALE_DEFAULTS, NOW)).toBe(true)
    expect(isStale({ status: 'new', created: ago(30) }, STALE_DEFAULTS, NOW)).toBe(true)
  })

  it('reads stored times ("2026-11-01 10:00:00.000Z") and is never stale without any time', () => {
    expect(
      isStale({ status: 'new', lastActivityAt: '2026-11-01 10:00:00.000Z' }, STALE_DEFAULTS, NOW),
    ).toBe(true)
    expect(isStale({ status: 'new', lastActivityAt: '' }, STALE_DEFAULTS, NOW)).toBe(false)
  })
})

describe('the stale days as checked', () => {
  it('accepts the defaults and names each bad status', () => {
    expect(checkStaleDays(STALE_DEFAULTS)).toEqual({ value: STALE_DEFAULTS, problems: {} })
    const { problems } = checkStaleDays({ new: 0, contacted: 2.5, call_booked: '7' })
    expect(Object.keys(problems).sort()).toEqual([
      'staleDays.call_booked',
      'staleDays.contacted',
      'staleDays.new',
    ])
  })
})
