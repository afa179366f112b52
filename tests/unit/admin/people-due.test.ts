// People's Due filter, its pure parts: a person's next step with the outbox's changes applied as
// the server will apply them, who is due today or overdue (and in what order), the other filters
// judged on the device for the list built offline, the site's day, and the server's filter.
import PocketBase from 'pocketbase'
import { describe, expect, it } from 'vitest'
import { emptyPeopleFilter, peopleFilter, type PeopleFilter } from '../../../src/backend/people-api'
import type { PersonRecord } from '../../../src/backend/types'
import {
  dayIn,
  duePeople,
  matchesPeopleFilter,
  shownNextStep,
} from '../../../src/features/admin/people-format'
import type { PendingPersonUpdate } from '../../../src/offline/admin-cache'

const TODAY = '2026-11-29'

function personOf(id: string, extra: Partial<PersonRecord> = {}): PersonRecord {
  return {
    id,
    email: `${id}@inn.example`,
    name: `Robin ${id}`,
    status: 'new',
    latestScore: 42,
    bestScore: 61,
    auditCount: 2,
    messageCount: 0,
    newsletter: '',
    userId: '',
    lastActivityAt: '2026-11-20 10:00:00.000Z',
    created: '2026-11-01 10:00:00.000Z',
    nextStep: '',
    nextDue: '',
    ...extra,
  } as PersonRecord
}

let order = 0
function update(
  person: string,
  kind: PendingPersonUpdate['kind'],
  extra: Partial<PendingPersonUpdate> = {},
): PendingPersonUpdate {
  order += 1
  return { id: `u${order}`, person, kind, createdAt: order, failed: false, ...extra }
}

const dueToday = { nextStep: 'Call back', nextDue: `${TODAY} 00:00:00.000Z` }
const dueYesterday = { nextStep: 'Send the quote', nextDue: '2026-11-28 00:00:00.000Z' }
const dueNextWeek = { nextStep: 'Check in', nextDue: '2026-12-06 00:00:00.000Z' }

describe('the next step shown, with the changes waiting to send', () => {
  const cases: {
    name: string
    person: Partial<PersonRecord>
    pending: PendingPersonUpdate[]
    today?: string
    shown: { text: string; due: string; pending: boolean }
  }[] = [
    {
      name: "the server's, as a day, with nothing waiting",
      person: dueToday,
      pending: [],
      shown: { text: 'Call back', due: TODAY, pending: false },
    },
    {
      name: 'a new next step replaces it',
      person: dueNextWeek,
      pending: [update('p', 'next_step', { text: 'Call now', due: TODAY })],
      shown: { text: 'Call now', due: TODAY, pending: true },
    },
    {
      name: 'the newest of two new next steps wins',
      person: {},
      pending: [
        update('p', 'next_step', { text: 'First', due: TODAY }),
        update('p', 'next_step', { text: 'Second', due: '2026-12-01' }),
      ],
      shown: { text: 'Second', due: '2026-12-01', pending: true },
    },
    {
      name: 'a next step cleared leaves no text and no date',
      person: dueToday,
      pending: [update('p', 'next_step', { text: '' })],
      shown: { text: '', due: '', pending: true },
    },
    {
      name: 'a Snooze moves the due date and keeps the text',
      person: dueToday,
      pending: [update('p', 'handled', { due: '2026-12-03' })],
      shown: { text: 'Call back', due: '2026-12-03', pending: true },
    },
    {
      name: 'Mark handled clears a date due today',
      person: dueToday,
      pending: [update('p', 'handled')],
      shown: { text: 'Call back', due: '', pending: true },
    },
    {
      name: 'Mark handled clears an overdue date',
      person: dueYesterday,
      pending: [update('p', 'handled')],
      shown: { text: 'Send the quote', due: '', pending: true },
    },
    {
      name: 'Mark handled keeps a date still to come',
      person: dueNextWeek,
      pending: [update('p', 'handled')],
      shown: { text: 'Check in', due: '2026-12-06', pending: false },
    },
    {
      name: 'Mark handled keeps the date when today is not known (the person page)',
      person: dueToday,
      pending: [update('p', 'handled')],
      today: '',
      shown: { text: 'Call back', due: TODAY, pending: false },
    },
    {
      name: 'a new next step after a Snooze wins, in the order they were made',
      person: dueToday,
      pending: [
        update('p', 'handled', { due: '2026-12-03' }),
        update('p', 'next_step', { text: 'Call again', due: TODAY }),
      ],
      shown: { text: 'Call again', due: TODAY, pending: true },
    },
    {
      name: "a log of a call, a note and someone else's changes leave it as it is",
      person: dueToday,
      pending: [
        update('p', 'called'),
        update('p', 'note', { text: 'Busy' }),
        update('other', 'handled', { due: '2026-12-03' }),
      ],
      shown: { text: 'Call back', due: TODAY, pending: false },
    },
  ]
  it.each(cases)('$name', ({ person, pending, today, shown }) => {
    expect(shownNextStep(personOf('p', person), pending, today ?? TODAY)).toEqual(shown)
  })
})

describe('who is due today or overdue', () => {
  const cases: {
    name: string
    people: PersonRecord[]
    pending: PendingPersonUpdate[]
    due: string[]
  }[] = [
    {
      name: 'due today and overdue are in, next week and no date are out',
      people: [
        personOf('today', dueToday),
        personOf('week', dueNextWeek),
        personOf('none'),
        personOf('late', dueYesterday),
      ],
      pending: [],
      due: ['late', 'today'],
    },
    {
      name: 'a next step due today waiting to send brings them in',
      people: [personOf('none'), personOf('week', dueNextWeek)],
      pending: [
        update('none', 'next_step', { text: 'Call', due: TODAY }),
        update('week', 'next_step', { text: 'Sooner', due: '2026-11-27' }),
      ],
      due: ['week', 'none'],
    },
    {
      name: 'a Snooze to a later day or Mark handled takes them out',
      people: [
        personOf('snoozed', dueToday),
        personOf('handled', dueYesterday),
        personOf('stays', dueToday),
      ],
      pending: [update('snoozed', 'handled', { due: '2026-11-30' }), update('handled', 'handled')],
      due: ['stays'],
    },
    {
      name: 'a next step moved to next week takes them out',
      people: [personOf('moved', dueToday)],
      pending: [update('moved', 'next_step', { text: 'Later', due: '2026-12-06' })],
      due: [],
    },
    {
      name: 'the same day: the most recently active first',
      people: [
        personOf('older', { ...dueToday, lastActivityAt: '2026-11-01 10:00:00.000Z' }),
        personOf('newer', { ...dueToday, lastActivityAt: '2026-11-25 10:00:00.000Z' }),
      ],
      pending: [],
      due: ['newer', 'older'],
    },
    {
      name: 'someone listed twice (the list and their page copy) is shown once, as first listed',
      people: [personOf('p', { ...dueToday, name: 'From the list' }), personOf('p', dueToday)],
      pending: [],
      due: ['p'],
    },
  ]
  it.each(cases)('$name', ({ people, pending, due }) => {
    expect(duePeople(people, pending, TODAY).map((p) => p.id)).toEqual(due)
  })

  it('keeps the record listed first for someone listed twice', () => {
    const shown = duePeople(
      [personOf('p', { ...dueToday, name: 'From the list' }), personOf('p', dueToday)],
      [],
      TODAY,
    )
    expect(shown.map((p) => p.name)).toEqual(['From the list'])
  })
})

describe('the other filters, judged on the device', () => {
  const robin = personOf('p', {
    name: 'Robin Innkeeper',
    email: 'robin@inn.example',
    phone: '+1 603 555 0100',
    previousEmails: ['old@farm.example'],
    latestScore: 72,
    auditCount: 1,
    status: 'contacted',
    lastActivityAt: '2026-11-20 10:00:00.000Z',
  })
  const cases: { name: string; filter: Partial<PeopleFilter>; matches: boolean }[] = [
    { name: 'no filter', filter: {}, matches: true },
    { name: 'part of the name, any case', filter: { search: 'innKEEP' }, matches: true },
    { name: 'part of the e-mail', filter: { search: 'inn.example' }, matches: true },
    { name: 'a previous e-mail', filter: { search: 'old@farm' }, matches: true },
    { name: 'part of the phone number', filter: { search: '555 0100' }, matches: true },
    { name: 'someone else', filter: { search: 'plumber' }, matches: false },
    { name: 'their status', filter: { status: 'contacted' }, matches: true },
    { name: 'another status', filter: { status: 'client' }, matches: false },
    { name: 'their score band', filter: { band: 'yellow' }, matches: true },
    { name: 'another band', filter: { band: 'green' }, matches: false },
    { name: '"No audit yet" for someone with one', filter: { band: 'none' }, matches: false },
    {
      name: 'active since before their last activity',
      filter: { since: new Date('2026-11-19T00:00:00Z') },
      matches: true,
    },
    {
      name: 'active since after their last activity',
      filter: { since: new Date('2026-11-21T00:00:00Z') },
      matches: false,
    },
  ]
  it.each(cases)('$name: $matches', ({ filter, matches }) => {
    expect(matchesPeopleFilter(robin, { ...emptyPeopleFilter, ...filter }, [])).toBe(matches)
  })

  it('judges the status as it will be once a status change waiting to send arrives', () => {
    const pending = [update('p', 'status', { status: 'client' })]
    const filter = (status: PeopleFilter['status']) => ({ ...emptyPeopleFilter, status })
    expect(matchesPeopleFilter(robin, filter('client'), pending)).toBe(true)
    expect(matchesPeopleFilter(robin, filter('contacted'), pending)).toBe(false)
  })

  it('puts someone with no audit under "No audit yet"', () => {
    const noAudit = personOf('n', { auditCount: 0, latestScore: 0 })
    expect(matchesPeopleFilter(noAudit, { ...emptyPeopleFilter, band: 'none' }, [])).toBe(true)
    expect(matchesPeopleFilter(noAudit, { ...emptyPeopleFilter, band: 'red' }, [])).toBe(false)
  })
})

describe("the site's day", () => {
  const cases: { at: string; zone: string; day: string }[] = [
    { at: '2026-11-29T04:30:00Z', zone: 'America/New_York', day: '2026-11-28' },
    { at: '2026-11-29T05:30:00Z', zone: 'America/New_York', day: '2026-11-29' },
    { at: '2026-11-29T23:30:00Z', zone: 'Pacific/Auckland', day: '2026-11-30' },
    { at: '2026-11-29T23:30:00Z', zone: 'UTC', day: '2026-11-29' },
    { at: '2026-11-29T23:30:00Z', zone: 'Not/AZone', day: '2026-11-29' },
  ]
  it.each(cases)('$at in $zone is $day', ({ at, zone, day }) => {
    expect(dayIn(Date.parse(at), zone)).toBe(day)
  })
})

describe("the server's Due filter", () => {
  const pb = new PocketBase('http://127.0.0.1:1')
  it('asks for a due date up to the end of the day (dates are stored at 00:00:00.000Z)', () => {
    expect(peopleFilter(pb, { ...emptyPeopleFilter, due: TODAY })).toBe(
      `(nextDue != '' && nextDue <= "2026-11-29 23:59:59.999Z")`,
    )
  })
  it('asks for any due date for the offline copy, and for nothing without the filter', () => {
    expect(peopleFilter(pb, { ...emptyPeopleFilter, due: 'any' })).toBe("nextDue != ''")
    expect(peopleFilter(pb, emptyPeopleFilter)).toBe('')
    expect(peopleFilter(pb, { ...emptyPeopleFilter, due: 'tomorrow' })).toBe('')
  })
  it('joins it to the other filters', () => {
    expect(peopleFilter(pb, { ...emptyPeopleFilter, status: 'client', due: TODAY })).toBe(
      `status = "client" && (nextDue != '' && nextDue <= "2026-11-29 23:59:59.999Z")`,
    )
  })
})
