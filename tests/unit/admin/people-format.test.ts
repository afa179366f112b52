// The person page's pure parts: the timeline (server records, notes, status changes and what
// still waits in the outbox), the status shown, the Reply mail and the People CSV.
import { describe, expect, it } from 'vitest'
import type { PersonPage } from '../../../src/backend/people-api'
import type { AuditRecord, ContactRecord, PersonRecord } from '../../../src/backend/types'
import {
  peopleCsv,
  personTimeline,
  replyLink,
  shownStatus,
} from '../../../src/features/admin/people-format'
import { parseCsv } from './parse-csv'

const person = {
  id: 'p1',
  email: 'robin@inn.example',
  name: 'Robin Innkeeper',
  status: 'new',
  latestScore: 42,
  bestScore: 61,
  auditCount: 2,
  messageCount: 1,
  newsletter: 'active',
  userId: '',
  lastActivityAt: '2026-11-20 10:00:00.000Z',
  firstTouch: { referrer: 'google.com', utmCampaign: 'spring', path: '/free-audit' },
  created: '2026-11-01 10:00:00.000Z',
} as PersonRecord

const page: PersonPage = {
  person,
  audits: [
    {
      id: 'a2',
      flow: 'free',
      overallScore: 42,
      created: '2026-11-20 10:00:00.000Z',
    } as AuditRecord,
    {
      id: 'a1',
      flow: 'free',
      overallScore: 61,
      created: '2026-11-02 10:00:00.000Z',
    } as AuditRecord,
  ],
  messages: [
    {
      id: 'm1',
      name: 'Robin',
      message: 'Call me?\nEvenings are best.',
      created: '2026-11-10 10:00:00.000Z',
    } as ContactRecord,
  ],
  subscription: {
    id: 's1',
    email: person.email,
    source: 'footer',
    userAgent: '',
    active: true,
    status: 'active',
    confirmedAt: '2026-11-03 10:00:00.000Z',
    created: '2026-11-03 09:00:00.000Z',
  } as PersonPage['subscription'],
  updates: [
    {
      id: 'u1',
      person: 'p1',
      kind: 'status',
      status: 'contacted',
      text: '',
      created: '2026-11-11 10:00:00.000Z',
    },
  ] as PersonPage['updates'],
}

describe('the timeline', () => {
  it('lists everything newest first, with pending changes marked and delivered ones once', () => {
    const entries = personTimeline(page, [
      {
        id: 'q1',
        person: 'p1',
        kind: 'note',
        text: 'Left a message',
        createdAt: Date.parse('2026-11-21T10:00:00Z'),
        failed: false,
      },
      { id: 'u1', person: 'p1', kind: 'status', status: 'contacted', createdAt: 0, failed: false },
      {
        id: 'other',
        person: 'p2',
        kind: 'note',
        text: 'Not this person',
        createdAt: 0,
        failed: false,
      },
    ])
    expect(entries.map((e) => [e.kind, e.id, Boolean(e.pending)])).toEqual([
      ['note', 'q1', true],
      ['audit', 'a2', false],
      ['status', 'u1', false],
      ['message', 'm1', false],
      ['newsletter', 's1:confirmed', false],
      ['newsletter', 's1:signup', false],
      ['audit', 'a1', false],
    ])
  })

  it('shows the newest pending status over the server one', () => {
    expect(shownStatus(person, [])).toEqual({ status: 'new', pending: false })
    expect(
      shownStatus(person, [
        { id: 'x', person: 'p1', kind: 'status', status: 'contacted', createdAt: 1, failed: false },
        { id: 'y', person: 'p1', kind: 'status', status: 'client', createdAt: 2, failed: false },
      ]),
    ).toEqual({ status: 'client', pending: true })
  })
})

describe('Reply', () => {
  it('opens a mail to the person about the latest audit, greeting them by first name', () => {
    const link = replyLink(page)
    const url = new URL(link)
    expect(url.protocol).toBe('mailto:')
    expect(url.pathname).toBe('robin@inn.example')
    expect(url.searchParams.get('subject')).toBe('Your Business Efficiency Audit results (42%)')
    expect(url.searchParams.get('body')).toMatch(
      /^Hi Robin,\n\nThank you for taking the Business Efficiency Audit on .*You scored 42% overall\./s,
    )
  })

  it('puts a hostile address (stored before the rule refused it) only in the To: no cc or bcc', () => {
    const hostile = 'lead?bcc=spy%40evil.test&cc=boss@evil.test&x=y@evil.test'
    const url = new URL(replyLink({ ...page, person: { ...person, email: hostile } }))
    expect([...url.searchParams.keys()].sort()).toEqual(['body', 'subject'])
    expect(decodeURIComponent(url.pathname)).toBe(hostile)
    expect(url.href).not.toMatch(/[?&](bcc|cc|to)=/i)
  })

  it('quotes the latest message when it is newer than any audit', () => {
    const url = new URL(replyLink({ ...page, audits: [] }))
    expect(url.searchParams.get('subject')).toMatch(/^Re: your message to /)
    expect(url.searchParams.get('body')).toContain('> Call me?\n> Evenings are best.')
  })
})

describe('the People CSV', () => {
  it('has one row per person with labels, scores only after an audit, and the first source', () => {
    const rows = parseCsv(
      peopleCsv(
        [person, { ...person, email: '=cmd@x.example', auditCount: 0 }],
        'America/New_York',
      ),
    )
    expect(rows[0]).toEqual([
      'Email',
      'Name',
      'Status',
      'Latest Score',
      'Best Score',
      'Audits',
      'Messages',
      'Newsletter',
      'Last Activity (America/New_York)',
      'First Source',
    ])
    expect(rows[1]).toEqual([
      'robin@inn.example',
      'Robin Innkeeper',
      'New',
      '42',
      '61',
      '2',
      '1',
      'Subscribed',
      '2026-11-20 05:00:00',
      'google.com · spring · landed on /free-audit',
    ])
    expect(rows[2].slice(0, 5)).toEqual(["'=cmd@x.example", 'Robin Innkeeper', 'New', '', ''])
  })
})
