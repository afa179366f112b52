// When the morning mail goes (server/people/morning-time.ts): the first 7:00 strictly after a
// moment on the site's clock, across daylight saving time, month and year ends, in zones with
// odd offsets. The clock here is Node's time zone database; the engine's is Go's (the
// integration test tests/integration/morning-mail.test.ts runs that one).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MORNING_LATE_HOURS,
  dayAfter,
  isDay,
  morningIsOver,
  nextMorning,
} from '../../../server/people/morning-time'
import type { MorningClock } from '../../../server/people/morning-time'
import { wallClock } from '../../support/wall-clock'

const HOUR = 60 * 60 * 1000

/** Minutes `zone` is ahead of UTC at `ms`. */
function offsetMinutes(ms: number, zone: string): number {
  const [day, time] = wallClock(ms, zone).split(' ')
  const [y, m, d] = day.split('-').map(Number)
  const [h, min, s] = time.split(':').map(Number)
  return (Date.UTC(y, m - 1, d, h, min, s) - Math.floor(ms / 1000) * 1000) / 60000
}

/** A clock of Node's time zone database. */
function clockOf(zone: string): MorningClock {
  return {
    dayOf: (ms) => wallClock(ms, zone).slice(0, 10),
    morningOf: (day) => {
      const [y, m, d] = day.split('-').map(Number)
      const naive = Date.UTC(y, m - 1, d, 7)
      const guess = naive - offsetMinutes(naive, zone) * 60000
      return naive - offsetMinutes(guess, zone) * 60000
    },
  }
}

const at = (iso: string) => Date.parse(iso)

describe('nextMorning', () => {
  it.each([
    // zone, now, the morning's day, its 7:00 in UTC
    ['America/New_York', '2027-03-13T12:00:00Z', '2027-03-14', '2027-03-14T11:00:00Z'],
    ['America/New_York', '2027-03-14T10:59:59Z', '2027-03-14', '2027-03-14T11:00:00Z'],
    ['America/New_York', '2027-11-06T11:00:00Z', '2027-11-07', '2027-11-07T12:00:00Z'],
    ['America/New_York', '2026-12-01T04:59:00Z', '2026-12-01', '2026-12-01T12:00:00Z'],
    ['Europe/Berlin', '2027-03-27T06:00:00Z', '2027-03-28', '2027-03-28T05:00:00Z'],
    ['Europe/Berlin', '2027-10-30T05:00:00Z', '2027-10-31', '2027-10-31T06:00:00Z'],
    ['Australia/Sydney', '2027-10-02T12:00:00Z', '2027-10-03', '2027-10-02T20:00:00Z'],
    ['Asia/Kathmandu', '2026-12-31T02:00:00Z', '2027-01-01', '2027-01-01T01:15:00Z'],
    ['UTC', '2026-02-28T07:00:00Z', '2026-03-01', '2026-03-01T07:00:00Z'],
    ['UTC', '2028-02-28T08:00:00Z', '2028-02-29', '2028-02-29T07:00:00Z'],
  ])('in %s after %s is %s, at %s', (zone, now, day, morning) => {
    expect(nextMorning(at(now), clockOf(zone))).toEqual({ day, at: at(morning) })
  })

  it('is the first 7:00 on the clock strictly after any moment, in zones with and without DST', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Australia/Lord_Howe']
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: at('2024-01-01T00:00:00Z'), max: at('2036-01-01T00:00:00Z') }),
        (zone, now) => {
          const clock = clockOf(zone)
          const next = nextMorning(now, clock)
          expect(next.at).toBeGreaterThan(now)
          expect(wallClock(next.at, zone)).toBe(`${next.day} 07:00:00`)
          // The morning before it was not after `now`: none is skipped.
          const dayBefore = new Date(Date.parse(`${next.day}T00:00:00Z`) - 24 * HOUR)
          expect(clock.morningOf(dayBefore.toISOString().slice(0, 10))).toBeLessThanOrEqual(now)
        },
      ),
    )
  })
})

describe('the days', () => {
  it.each([
    ['2026-11-29', '2026-11-30'],
    ['2026-11-30', '2026-12-01'],
    ['2026-12-31', '2027-01-01'],
    ['2027-02-28', '2027-03-01'],
    ['2028-02-28', '2028-02-29'],
  ])('the day after %s is %s', (day, next) => {
    expect(dayAfter(day)).toBe(next)
  })

  it.each([
    ['2026-11-29', true],
    ['2026-11-29 07:00', false],
    ['', false],
    [20261129, false],
    [null, false],
  ])('%j is a day: %s', (value, expected) => {
    expect(isDay(value)).toBe(expected)
  })
})

describe('morningIsOver', () => {
  const clock = clockOf('America/New_York')
  const seven = at('2026-11-29T12:00:00Z')
  it.each([
    ['at 7:00', seven, false],
    [`${MORNING_LATE_HOURS} hours after 7:00`, seven + MORNING_LATE_HOURS * HOUR, false],
    ['a moment later', seven + MORNING_LATE_HOURS * HOUR + 1, true],
    ['the next day', seven + 24 * HOUR, true],
  ])('%s: %s', (_when, now, over) => {
    expect(morningIsOver('2026-11-29', now, clock)).toBe(over)
  })
})
