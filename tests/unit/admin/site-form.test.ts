// The Site tab's pure parts: every field of the content in one section, what a section's Save
// sends, which problems belong to a section, package ids made from names (kept for existing
// ones), list moves, the draft with the edits on their way laid over it, a form following a
// draft loaded again without losing what was typed, the outbox's site edits and the status words.
import { describe, expect, it } from 'vitest'
import { SITE_CONTENT_DEFAULTS, type SiteContent } from '../../../src/config/site-content'
import type { OutboxItem } from '../../../src/offline/db'
import {
  draftDiffText,
  pendingSiteEdits,
  saveStatusText,
  touchesFields,
} from '../../../src/features/admin/site/site-edits'
import {
  SITE_SECTIONS,
  checkForm,
  contentWithEdits,
  controlIdOf,
  fieldOfPath,
  formOf,
  moveItem,
  packageIdFrom,
  problemsIn,
  rebaseForm,
  removeItem,
  replaceItem,
  sameValue,
  sectionChanged,
  sectionChanges,
  withFields,
  withPackageIds,
} from '../../../src/features/admin/site/site-form'

const defaults = (): SiteContent => structuredClone(SITE_CONTENT_DEFAULTS)
const section = (id: string) => SITE_SECTIONS.find((s) => s.id === id)!

describe('the sections', () => {
  it('put every field of the content in exactly one section', () => {
    const fields = SITE_SECTIONS.flatMap((s) => s.fields)
    expect([...fields].sort()).toEqual(Object.keys(SITE_CONTENT_DEFAULTS).sort())
    expect(new Set(fields).size).toBe(fields.length)
  })

  it('have ids of their own', () => {
    const ids = SITE_SECTIONS.map((s) => s.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('the form', () => {
  it('holds the year as typed and checks it as a year', () => {
    const form = formOf(defaults())
    expect(form.since).toBe(String(SITE_CONTENT_DEFAULTS.since))
    expect(checkForm(form).problems).toEqual({})
    expect(checkForm({ ...form, since: '20x7' }).problems.since).toMatch(/A year from 1950/)
    expect(checkForm({ ...form, since: ' 2019 ' }).value.since).toBe(2019)
  })

  it('is a copy: changing it leaves the content alone', () => {
    const content = defaults()
    const form = formOf(content)
    form.packages[0].features.push('More')
    expect(content.packages[0].features).toEqual(SITE_CONTENT_DEFAULTS.packages[0].features)
  })
})

describe('a section saved', () => {
  it('sends its own fields as checked (trimmed, the year a number) and nothing else', () => {
    const form = { ...formOf(defaults()), phone: ' (603) 555-0199 ', since: '2015' }
    const checked = checkForm(form).value
    expect(sectionChanges(checked, section('business').fields)).toEqual({
      businessName: SITE_CONTENT_DEFAULTS.businessName,
      ownerName: SITE_CONTENT_DEFAULTS.ownerName,
      tagline: SITE_CONTENT_DEFAULTS.tagline,
      phone: '(603) 555-0199',
      email: SITE_CONTENT_DEFAULTS.email,
      postalAddress: SITE_CONTENT_DEFAULTS.postalAddress,
      location: SITE_CONTENT_DEFAULTS.location,
      serviceArea: SITE_CONTENT_DEFAULTS.serviceArea,
      towns: SITE_CONTENT_DEFAULTS.towns,
      hours: SITE_CONTENT_DEFAULTS.hours,
    })
    expect(sectionChanges(checked, section('home').fields).since).toBe(2015)
  })

  it.each([
    ['a changed phone', { phone: '(603) 555-0199' }, 'business', true],
    [
      'the phone with spaces around it',
      { phone: ` ${SITE_CONTENT_DEFAULTS.phone} ` },
      'business',
      false,
    ],
    ['a changed phone, seen from Packages', { phone: '(603) 555-0199' }, 'packages', false],
    ['nothing', {}, 'business', false],
  ])('is changed or not against the draft: %s', (_, change, id, expected) => {
    const checked = checkForm({ ...formOf(defaults()), ...change }).value
    expect(sectionChanged(checked, defaults(), section(id).fields)).toBe(expected)
  })

  it('is not changed when the server wrote the same content with its keys in another order', () => {
    const draft = defaults()
    const reordered = JSON.parse(
      JSON.stringify(draft, (_, value) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    ) as SiteContent
    expect(Object.keys(reordered.packages[0])[0]).toBe('mostPopular')
    const checked = checkForm(formOf(reordered)).value
    for (const s of SITE_SECTIONS) expect(sectionChanged(checked, reordered, s.fields)).toBe(false)
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false)
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false)
  })

  it("takes only its own fields' problems, lists included", () => {
    const form = formOf(defaults())
    form.phone = 'call me'
    form.packages[1].price = '799 dollars'
    form.packages[0].mostPopular = true
    const { problems } = checkForm(form)
    expect(Object.keys(problemsIn(problems, section('business').fields))).toEqual(['phone'])
    expect(problemsIn(problems, section('packages').fields)).toEqual({
      'packages.1.price': 'Write the price in dollars, like $1,299.',
      packages: 'Mark at most one package as the most popular.',
    })
    expect(problemsIn(problems, section('social').fields)).toEqual({})
  })
})

describe('package ids', () => {
  it.each([
    ['Digital Front Door', 'digital-front-door'],
    ['10-Hour-a-Week Time Saver', '10-hour-a-week-time-saver'],
    ['  Café Menu & More!  ', 'cafe-menu-more'],
    ['$$$', 'package'],
    ['', 'package'],
    [
      'A name long enough to be cut at forty characters on a word',
      'a-name-long-enough-to-be-cut-at-forty',
    ],
  ])('are made from the name: %j -> %j', (name, id) => {
    expect(packageIdFrom(name)).toBe(id)
    expect(id.length).toBeLessThanOrEqual(40)
  })

  it('are kept for existing packages and made unique for new ones', () => {
    const [first, second] = SITE_CONTENT_DEFAULTS.packages
    const renamed = { ...first, name: 'Something Else' }
    const fresh = (name: string) => ({ ...second, id: '', name })
    const ids = withPackageIds([
      renamed,
      fresh('Digital Front Door'),
      fresh('Digital Front Door'),
      fresh('Spring Tune-up'),
    ]).map((p) => p.id)
    expect(ids).toEqual([
      'digital-front-door',
      'digital-front-door-2',
      'digital-front-door-3',
      'spring-tune-up',
    ])
  })

  it('pass the check, so a new package can be saved', () => {
    const form = formOf(defaults())
    form.packages.push({
      id: '',
      name: 'Spring Tune-up',
      price: '$299',
      priceNote: '',
      summary: 'A check of your site and listings each spring.',
      features: ['Speed check'],
      mostPopular: false,
    })
    const { problems, value } = checkForm(form)
    expect(problems).toEqual({})
    expect(value.packages[3].id).toBe('spring-tune-up')
  })
})

describe('lists', () => {
  const list = ['a', 'b', 'c']
  it.each([
    [0, 1, ['b', 'a', 'c']],
    [2, -1, ['a', 'c', 'b']],
    [1, -1, ['b', 'a', 'c']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
    [5, 1, ['a', 'b', 'c']],
  ] as const)('move item %i by %i', (index, by, expected) => {
    expect(moveItem(list, index, by)).toEqual(expected)
    expect(list).toEqual(['a', 'b', 'c'])
  })

  it('remove and replace one item, leaving the list given alone', () => {
    expect(removeItem(list, 1)).toEqual(['a', 'c'])
    expect(replaceItem(list, 2, 'z')).toEqual(['a', 'b', 'z'])
    expect(list).toEqual(['a', 'b', 'c'])
  })
})

describe('the draft with the edits on their way', () => {
  it('lays each edit over the draft, the newest winning', () => {
    const shown = contentWithEdits(defaults(), [
      { changes: { phone: '(603) 555-0101', hours: ['Mon-Fri 9-5'] } },
      { changes: { phone: '(603) 555-0102' } },
    ])
    expect(shown.phone).toBe('(603) 555-0102')
    expect(shown.hours).toEqual(['Mon-Fri 9-5'])
    expect(shown.email).toBe(SITE_CONTENT_DEFAULTS.email)
  })

  it('takes the new draft in sections not touched, and keeps what was typed in the others', () => {
    const before = defaults()
    const after = {
      ...defaults(),
      phone: '(603) 555-0177',
      hero: { ...before.hero, headline: 'New' },
    }
    const typed = { ...formOf(before), hero: { ...before.hero, headline: 'Typed here' } }
    const next = rebaseForm(typed, before, after)
    expect(next.phone).toBe('(603) 555-0177')
    expect(next.hero.headline).toBe('Typed here')
  })

  it('sets a section back to the draft on Undo', () => {
    const typed = { ...formOf(defaults()), phone: '1', email: 'x' }
    const undone = withFields(typed, defaults(), section('business').fields)
    expect(undone.phone).toBe(SITE_CONTENT_DEFAULTS.phone)
    expect(undone.email).toBe(SITE_CONTENT_DEFAULTS.email)
  })
})

describe('paths and controls', () => {
  it.each([
    ['phone', 'phone', 'site-phone'],
    ['packages.1.price', 'packages', 'site-packages-1-price'],
    ['serviceArea.places.0', 'serviceArea', 'site-serviceArea-places-0'],
  ])('%s is about %s, drawn as #%s', (path, field, id) => {
    expect(fieldOfPath(path)).toBe(field)
    expect(controlIdOf(path)).toBe(id)
  })
})

describe('the outbox', () => {
  let seq = 0
  const item = (extra: Partial<OutboxItem>): OutboxItem => ({
    id: `item${++seq}`,
    collection: 'site_edits',
    payload: { changes: { phone: '(603) 555-0101' } },
    status: 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 1000 + seq,
    seq,
    ...extra,
  })

  it("lists this admin's site edits in queue order, refused ones with the server's words", () => {
    const refused = item({
      status: 'failed',
      payload: { changes: { email: 'x@y' } },
      lastError: {
        kind: 'validation',
        status: 400,
        serverMessage: 'Please correct the site.',
        fieldErrors: { email: 'Please enter an e-mail address like name@example.com.' },
      },
    })
    const later = item({ seq: 99 })
    const note = item({ collection: 'person_updates', payload: { person: 'p', kind: 'note' } })
    const edits = pendingSiteEdits([later, note, refused])
    expect(edits.map((e) => e.id)).toEqual([refused.id, later.id])
    expect(edits[0]).toMatchObject({
      failed: true,
      problem: 'Please correct the site.',
      fieldErrors: { email: 'Please enter an e-mail address like name@example.com.' },
    })
    expect(edits[1]).toMatchObject({ failed: false, problem: '', fieldErrors: {} })
    expect(touchesFields(edits, section('business').fields)).toBe(true)
    expect(touchesFields(edits, section('packages').fields)).toBe(false)
  })
})

describe('the status line', () => {
  it.each([
    [
      { online: false, waiting: 1, savedNow: true },
      "Saving when you're back online: 1 change is kept on this device.",
    ],
    [
      { online: false, waiting: 3, savedNow: false },
      "Saving when you're back online: 3 changes are kept on this device.",
    ],
    [{ online: true, waiting: 2, savedNow: true }, 'Saving...'],
    [{ online: true, waiting: 0, savedNow: true }, 'Draft saved.'],
    [{ online: true, waiting: 0, savedNow: false }, ''],
  ])('says where the saved changes are: %j', (state, text) => {
    expect(saveStatusText(state)).toBe(text)
  })

  it('says whether the draft differs from the live site', () => {
    expect(draftDiffText({ changed: true, liveVersion: 3 })).toBe(
      'Draft differs from the live site (version 3).',
    )
    expect(draftDiffText({ changed: false, liveVersion: 1 })).toBe(
      'The draft is the same as the live site (version 1).',
    )
  })
})
