import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type {
  AuditListItem,
  ContactListItem,
  SubscriberListItem,
} from '../../../src/backend/admin-api'
import {
  auditsCsv,
  contactsCsv,
  csvField,
  csvFileName,
  neutraliseFormula,
  subscribersCsv,
  toCsv,
  zonedTimestamp,
} from '../../../src/features/admin/csv'
import { parseCsv } from './parse-csv'

// [cell as typed by a visitor, the field as written to the file]
const nastyCells: [string, string][] = [
  ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
  ['+1', "'+1"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
  ['\t=1+1', "'\t=1+1"],
  ['\r=1+1', `"'\r=1+1"`],
  ['=cmd|" /C calc"!A0', `"'=cmd|"" /C calc""!A0"`],
  ['say "hi"', '"say ""hi"""'],
  ['Smith, Jane', '"Smith, Jane"'],
  ['line one\nline two', '"line one\nline two"'],
  ['line one\r\nline two', '"line one\r\nline two"'],
  ['"', '""""'],
  ['', ''],
  ['plain@example.com', 'plain@example.com'],
  ['a=b', 'a=b'],
  ['Zoë Ørsted — 東京 🌲', 'Zoë Ørsted — 東京 🌲'],
  ["'already quoted", "'already quoted"],
  [' =leading space', ' =leading space'],
]

describe('csvField', () => {
  it.each(nastyCells)('writes %j as %j', (cell, expected) => {
    expect(csvField(cell)).toBe(expected)
  })

  it.each([
    [null, ''],
    [undefined, ''],
    [87, '87'],
    [0, '0'],
    [true, 'true'],
  ] as const)('writes the value %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected)
  })
})

describe('neutraliseFormula', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'prefixes a cell starting with %j with a quote',
    (start) => {
      expect(neutraliseFormula(`${start}X`)).toBe(`'${start}X`)
    },
  )

  it.each(['a=1', ' +1', '1-2', 'x@y.z', "'=1", '\n=1'])('leaves %j alone', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell)
  })
})

describe('toCsv', () => {
  it('ends every line, the last one too, with CRLF', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['1', '2'],
          ['3', '4'],
        ],
      ),
    ).toBe('A,B\r\n1,2\r\n3,4\r\n')
  })

  it('reads back, cell for cell, as the neutralised text of every nasty cell', () => {
    const rows = nastyCells.map(([cell], i) => [String(i), cell, cell])
    const parsed = parseCsv(toCsv(['#', 'First', 'Second'], rows))
    expect(parsed[0]).toEqual(['#', 'First', 'Second'])
    expect(parsed.slice(1)).toEqual(rows.map((r) => r.map(neutraliseFormula)))
  })

  it('round-trips any table of any text, and no read-back cell starts a formula', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.string({
        unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', 'a', 'é', '🌲'),
      }),
    )
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 8 }),
        (rows) => {
          const parsed = parseCsv(toCsv(['A', 'B'], rows)).slice(1)
          expect(parsed).toEqual(rows.map((r) => r.map(neutraliseFormula)))
          for (const field of parsed.flat()) expect(field).not.toMatch(/^[=+\-@\t\r]/)
        },
      ),
    )
  })

  it('keeps a header-only document valid when nothing matched', () => {
    expect(parseCsv(toCsv(['Email'], []))).toEqual([['Email']])
  })
})

describe('the exports', () => {
  it('writes the spec columns for audits: Email, Overall Score, Timestamp (its zone named), Audit ID', () => {
    const audits: AuditListItem[] = [
      {
        id: 'abc123def456ghi',
        email: '=evil@example.com',
        overallScore: 82,
        created: '2026-11-21 09:05:01.123Z',
        flow: 'free',
      },
      {
        id: 'zzz999yyy888xxx',
        email: 'ok@example.com',
        overallScore: 0,
        created: '2026-11-20 23:59:59.000Z',
        flow: 'member',
      },
    ]
    expect(parseCsv(auditsCsv(audits, 'America/New_York'))).toEqual([
      ['Email', 'Overall Score', 'Timestamp (America/New_York)', 'Audit ID'],
      ["'=evil@example.com", '82', '2026-11-21 04:05:01', 'abc123def456ghi'],
      ['ok@example.com', '0', '2026-11-20 18:59:59', 'zzz999yyy888xxx'],
    ])
  })

  it('writes messages with their text intact and neutralised', () => {
    const contacts: ContactListItem[] = [
      {
        id: 'c1',
        name: '@Pat',
        email: 'pat@example.com',
        message: 'Call me,\n"soon"',
        source: 'business_efficiency_audit',
        auditId: 'abc',
        processed: false,
        created: '2026-11-21 10:00:00.000Z',
      },
    ]
    expect(parseCsv(contactsCsv(contacts, 'Europe/Berlin'))).toEqual([
      ['Name', 'Email', 'Message', 'Source', 'Audit ID', 'Timestamp (Europe/Berlin)', 'Processed'],
      [
        "'@Pat",
        'pat@example.com',
        'Call me,\n"soon"',
        'business_efficiency_audit',
        'abc',
        '2026-11-21 11:00:00',
        'no',
      ],
    ])
  })

  it('writes subscribers', () => {
    const subscribers: SubscriberListItem[] = [
      {
        id: 's1',
        email: 'sub@example.com',
        source: 'footer',
        status: 'active',
        confirmedAt: '2026-11-21 10:05:00.000Z',
        created: '2026-11-21 10:00:00.000Z',
      },
      {
        id: 's2',
        email: 'waiting@example.com',
        source: 'audit',
        status: 'pending',
        confirmedAt: '',
        created: '2026-11-22 08:00:00.000Z',
      },
    ]
    expect(parseCsv(subscribersCsv(subscribers, 'UTC'))).toEqual([
      ['Email', 'Source', 'Timestamp (UTC)', 'Status', 'Confirmed (UTC)'],
      ['sub@example.com', 'footer', '2026-11-21 10:00:00', 'active', '2026-11-21 10:05:00'],
      ['waiting@example.com', 'audit', '2026-11-22 08:00:00', 'pending', ''],
    ])
  })
})

describe('times in the exports', () => {
  it.each([
    ['2026-11-21 09:05:01.123Z', 'America/New_York', '2026-11-21 04:05:01'],
    // Summer time, and a date that moves back across midnight.
    ['2026-07-01 02:30:00.000Z', 'America/New_York', '2026-06-30 22:30:00'],
    ['2026-07-01T12:00:00.000Z', 'Asia/Kolkata', '2026-07-01 17:30:00'],
    // Midnight is 00, never 24.
    ['2026-11-21 05:00:00.000Z', 'America/New_York', '2026-11-21 00:00:00'],
    ['', 'UTC', ''],
    ['not a time', 'UTC', ''],
  ])('writes %j on the clock of %s as %j', (stored, zone, written) => {
    expect(zonedTimestamp(stored, zone)).toBe(written)
  })

  it('names the zone of this device when none is given', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(parseCsv(auditsCsv([]))[0]).toContain(`Timestamp (${zone})`)
  })
})

describe('csvFileName', () => {
  it('carries the local date, zero-padded', () => {
    expect(csvFileName('audit-submissions', new Date(2026, 0, 5, 23, 30))).toBe(
      'audit-submissions-2026-01-05.csv',
    )
    expect(csvFileName('contact-messages', new Date(2026, 10, 21))).toBe(
      'contact-messages-2026-11-21.csv',
    )
  })
})
