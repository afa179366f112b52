// The person page's pure parts: the timeline (server records, notes, status changes and what
// still waits in the outbox), the status shown, the Reply mail, the number to call, the People
// CSV, and the leads added by hand that are still in the outbox.
import { describe, expect, it } from 'vitest'
import type { DescribedError } from '../../../src/backend/errors'
import type { PersonPage } from '../../../src/backend/people-api'
import type { AuditRecord, ContactRecord, PersonRecord } from '../../../src/backend/types'
import {
  callNumber,
  leadOrigin,
  leadRefusal,
  peopleCsv,
  pendingLeads,
  personContact,
  personTimeline,
  replyLink,
  shownStatus,
} from '../../../src/features/admin/people-format'
import type { OutboxItem } from '../../../src/offline/db'
import { parseCsv } from './parse-csv'

const sender = { businessName: 'Birch Consulting', ownerName: 'Sam Birch' }

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
    const link = replyLink(page, sender)
    const url = new URL(link)
    expect(url.protocol).toBe('mailto:')
    expect(url.pathname).toBe('robin@inn.example')
    expect(url.searchParams.get('subject')).toBe('Your Business Efficiency Audit results (42%)')
    expect(url.searchParams.get('body')).toMatch(
      /^Hi Robin,\n\nThank you for taking the Business Efficiency Audit on .*You scored 42% overall\./s,
    )
    expect(url.searchParams.get('body')).toMatch(/\n\nSam Birch$/)
  })

  it('puts a hostile address (stored before the rule refused it) only in the To: no cc or bcc', () => {
    const hostile = 'lead?bcc=spy%40evil.test&cc=boss@evil.test&x=y@evil.test'
    const url = new URL(replyLink({ ...page, person: { ...person, email: hostile } }, sender))
    expect([...url.searchParams.keys()].sort()).toEqual(['body', 'subject'])
    expect(decodeURIComponent(url.pathname)).toBe(hostile)
    expect(url.href).not.toMatch(/[?&](bcc|cc|to)=/i)
  })

  it('quotes the latest message when it is newer than any audit', () => {
    const url = new URL(replyLink({ ...page, audits: [] }, sender))
    expect(url.searchParams.get('subject')).toBe('Re: your message to Birch Consulting')
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
      'Phone',
      'Status',
      'Latest Score',
      'Best Score',
      'Audits',
      'Messages',
      'Newsletter',
      'Last Activity (America/New_York)',
      'Source',
      'First Source',
    ])
    expect(rows[1]).toEqual([
      'robin@inn.example',
      'Robin Innkeeper',
      '',
      'New',
      '42',
      '61',
      '2',
      '1',
      'Subscribed',
      '2026-11-20 05:00:00',
      'Website',
      'google.com · spring · landed on /free-audit',
    ])
    expect(rows[2].slice(0, 6)).toEqual(["'=cmd@x.example", 'Robin Innkeeper', '', 'New', '', ''])
  })

  it('writes a lead added by hand with their phone and where they came from, and no e-mail', () => {
    const rows = parseCsv(peopleCsv([handAdded], 'America/New_York'))
    const column = (name: string) => rows[1][rows[0].indexOf(name)]
    expect(column('Email')).toBe('')
    expect(column('Phone')).toBe('(603) 555-0142')
    expect(column('Source')).toBe('Walk-in')
    expect(column('First Source')).toBe('')
  })
})

/** Someone the consultant added by hand, with a phone number only. */
const handAdded = {
  ...person,
  id: 'p9',
  email: '',
  name: 'Jordan Lodge',
  phone: '(603) 555-0142',
  source: 'walk_in',
  auditCount: 0,
  messageCount: 0,
  newsletter: '',
  firstTouch: null,
  created: '2026-11-25 14:00:00.000Z',
} as PersonRecord

const handAddedPage: PersonPage = {
  person: handAdded,
  audits: [],
  messages: [],
  subscription: null,
  updates: [
    {
      id: 'n1',
      person: 'p9',
      kind: 'note',
      text: 'Runs the lodge on Route 2; wants help with bookings.',
      created: '2026-11-25 14:00:00.000Z',
    },
  ] as PersonPage['updates'],
}

describe('a lead added by hand', () => {
  it.each([
    ['phone_call', 'Added by hand · Phone call'],
    ['walk_in', 'Added by hand · Walk-in'],
    ['referral', 'Added by hand · Referral'],
    ['event', 'Added by hand · Event'],
    ['', ''],
    [undefined, ''],
  ] as const)('reads source %j as %j', (source, words) => {
    expect(leadOrigin({ source })).toBe(words)
  })

  it('starts the timeline with where they came from, under the first note made with it', () => {
    const entries = personTimeline(handAddedPage, [])
    expect(entries.map((e) => e.kind)).toEqual(['note', 'added'])
    expect(entries.at(-1)).toMatchObject({ kind: 'added', text: 'Added by hand · Walk-in' })
  })

  it('gives someone from the site no such entry', () => {
    expect(personTimeline(page, []).some((e) => e.kind === 'added')).toBe(false)
  })

  it('is reached by phone: no Reply without an address, the number under their name', () => {
    expect(replyLink(handAddedPage, sender)).toBe('')
    expect(personContact(handAdded)).toBe('(603) 555-0142')
    expect(personContact(person)).toBe('robin@inn.example')
  })
})

describe('the number to call', () => {
  const callBack = (id: string, phone: string, created: string) =>
    ({ id, name: 'Robin', message: 'Please call me back.', phone, created }) as ContactRecord

  it.each([
    [
      'the number typed for them first',
      { phone: '603-555-0100' },
      [callBack('c1', '603-555-0111', '2026-11-12')],
      '603-555-0100',
    ],
    [
      'else the latest number they left',
      {},
      [callBack('c2', '', '2026-11-13'), callBack('c1', '603-555-0111', '2026-11-12')],
      '603-555-0111',
    ],
    ['else none', {}, [callBack('c2', '', '2026-11-13')], ''],
  ] as const)('is %s', (_, extra, messages, number) => {
    expect(callNumber({ ...page, person: { ...person, ...extra }, messages: [...messages] })).toBe(
      number,
    )
  })
})

describe('leads in the outbox', () => {
  const item = (over: Partial<OutboxItem>): OutboxItem => ({
    id: 'l1',
    collection: 'people',
    payload: { name: 'Sam Maple', phone: '603-555-0199', source: 'referral', note: '' },
    ownerId: 'admin1',
    status: 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 10,
    seq: 1,
    ...over,
  })
  const refusal: DescribedError = {
    kind: 'validation',
    status: 400,
    serverMessage: 'Failed to create record.',
    fieldErrors: { email: 'Already in People.' },
  }

  it("lists only the leads, waiting or refused with the server's words field by field", () => {
    const leads = pendingLeads([
      item({}),
      item({
        id: 'n1',
        collection: 'person_updates',
        payload: { person: 'p1', kind: 'note', text: 'x' },
      }),
      item({
        id: 'l2',
        payload: { name: 'Pat Birch', email: 'pat@birch.example', source: 'event' },
        status: 'failed',
        lastError: refusal,
        createdAt: 20,
        seq: 3,
      }),
    ])
    expect(leads).toEqual([
      {
        id: 'l1',
        name: 'Sam Maple',
        phone: '603-555-0199',
        source: 'referral',
        note: '',
        createdAt: 10,
        failed: false,
        refusal: '',
        fieldErrors: {},
      },
      {
        id: 'l2',
        name: 'Pat Birch',
        email: 'pat@birch.example',
        source: 'event',
        createdAt: 20,
        failed: true,
        refusal: 'E-mail: Already in People.',
        fieldErrors: { email: 'Already in People.' },
      },
    ])
  })

  it.each([
    ['no answer recorded', undefined, 'The server refused it.'],
    [
      'a message without fields',
      { ...refusal, fieldErrors: {}, serverMessage: 'Not allowed.' },
      'Not allowed.',
    ],
    [
      "two fields, in the form's words",
      { ...refusal, fieldErrors: { name: 'Please enter their name.', phone: 'Use digits.' } },
      'Name: Please enter their name. Phone: Use digits.',
    ],
  ] as const)('says why a lead was refused: %s', (_, error, words) => {
    expect(leadRefusal(error)).toBe(words)
  })
})
