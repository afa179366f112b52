// The site content's one check, which the console shows under each field and the server answers
// with 400: the first version passes, each field's rule by table, hostile text is kept as text.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CASE_PICTURE,
  SITE_CONTENT_DEFAULTS,
  SITE_TEXT_MAX,
  checkSiteContent,
  firstNameOf,
  linkProblem,
  phoneE164,
  phoneHref,
  pictureSources,
  priceProblem,
} from '../../../src/config/site-content'
import type { SiteContent } from '../../../src/config/site-content'

function withChange(change: Partial<Record<keyof SiteContent, unknown>>): unknown {
  return { ...JSON.parse(JSON.stringify(SITE_CONTENT_DEFAULTS)), ...change }
}

describe('checkSiteContent', () => {
  it('passes the first version unchanged', () => {
    const checked = checkSiteContent(SITE_CONTENT_DEFAULTS)
    expect(checked.problems).toEqual({})
    expect(checked.value).toEqual(SITE_CONTENT_DEFAULTS)
  })

  it('trims texts and takes a year written as text', () => {
    const checked = checkSiteContent(
      withChange({ businessName: '  Birch Consulting ', since: '2019' }),
    )
    expect(checked.problems).toEqual({})
    expect(checked.value.businessName).toBe('Birch Consulting')
    expect(checked.value.since).toBe(2019)
  })

  it.each<[string, Partial<Record<keyof SiteContent, unknown>>, string]>([
    ['an empty business name', { businessName: '  ' }, 'businessName'],
    [
      'a name too long for the layout',
      { ownerName: 'x'.repeat(SITE_TEXT_MAX.ownerName + 1) },
      'ownerName',
    ],
    ['a number for text', { tagline: 42 }, 'tagline'],
    ['a phone with letters', { phone: '603-CALL-NOW' }, 'phone'],
    ['a phone too short', { phone: '555-01' }, 'phone'],
    ['an e-mail without a domain', { email: 'hello@' }, 'email'],
    ['a year in the future', { since: new Date().getUTCFullYear() + 1 }, 'since'],
    ['no about text', { about: [] }, 'about'],
    ['a control character', { location: 'North\u0007Country' }, 'location'],
    ['a missing field', { hours: undefined }, 'hours'],
    ['too many hours lines', { hours: Array(8).fill('Mon 9-5') }, 'hours'],
    [
      'a javascript: link',
      { social: [{ label: 'X', url: 'javascript:alert(1)' }] },
      'social.0.url',
    ],
    [
      'a booking link off the scheduler',
      {
        booking: {
          strategyCallUrl: 'https://evil.test/a',
          friendCallUrl: SITE_CONTENT_DEFAULTS.booking.friendCallUrl,
        },
      },
      'booking.strategyCallUrl',
    ],
    [
      'a case study link over http',
      { caseStudies: [{ ...SITE_CONTENT_DEFAULTS.caseStudies[0], url: 'http://example.com' }] },
      'caseStudies.0.url',
    ],
    [
      'a price in words',
      { packages: [{ ...SITE_CONTENT_DEFAULTS.packages[0], price: 'ask me' }] },
      'packages.0.price',
    ],
    [
      'a package without features',
      { packages: [{ ...SITE_CONTENT_DEFAULTS.packages[0], features: [] }] },
      'packages.0.features',
    ],
    [
      'two packages with one id',
      { packages: [SITE_CONTENT_DEFAULTS.packages[0], SITE_CONTENT_DEFAULTS.packages[0]] },
      'packages.1.id',
    ],
    [
      'two most popular packages',
      { packages: SITE_CONTENT_DEFAULTS.packages.map((p) => ({ ...p, mostPopular: true })) },
      'packages',
    ],
    [
      'an empty section heading',
      { headings: { ...SITE_CONTENT_DEFAULTS.headings, packages: ' ' } },
      'headings.packages',
    ],
    ['too many towns', { towns: Array(13).fill('Littleton') }, 'towns'],
    [
      'a picture from another site',
      {
        caseStudies: [
          { ...SITE_CONTENT_DEFAULTS.caseStudies[0], picture: 'https://evil.test/x.png' },
        ],
      },
      'caseStudies.0.picture',
    ],
    [
      'a picture path that climbs out',
      {
        caseStudies: [
          { ...SITE_CONTENT_DEFAULTS.caseStudies[0], picture: 'abcdefghijklmno/../../x.png' },
        ],
      },
      'caseStudies.0.picture',
    ],
    [
      'a picture description too long',
      {
        caseStudies: [
          {
            ...SITE_CONTENT_DEFAULTS.caseStudies[0],
            pictureAlt: 'x'.repeat(SITE_TEXT_MAX.pictureAlt + 1),
          },
        ],
      },
      'caseStudies.0.pictureAlt',
    ],
    [
      'a service without text',
      { services: [{ title: 'A', intro: 'B', items: [{ title: 'C', text: '' }] }] },
      'services.0.items.0.text',
    ],
  ])('names the field for %s', (_label, change, field) => {
    const checked = checkSiteContent(withChange(change))
    expect(Object.keys(checked.problems)).toEqual([field])
    expect(checked.problems[field].length).toBeGreaterThan(5)
  })

  it('keeps hostile text as the text it is: the pages and mails escape it', () => {
    const hostile = '"><img src=x onerror=alert(1)></script>'
    const checked = checkSiteContent(
      withChange({ tagline: hostile, testimonials: [{ quote: hostile, name: hostile, town: '' }] }),
    )
    expect(checked.problems).toEqual({})
    expect(checked.value.tagline).toBe(hostile)
    expect(checked.value.testimonials[0].quote).toBe(hostile)
  })

  it('takes an uploaded picture, none, or one the site ships with', () => {
    for (const picture of ['abcdefghijklmno/shop_front_x1y2z3w4v5.jpg', '', DEFAULT_CASE_PICTURE]) {
      const checked = checkSiteContent(
        withChange({ caseStudies: [{ ...SITE_CONTENT_DEFAULTS.caseStudies[0], picture }] }),
      )
      expect(checked.problems).toEqual({})
      expect(checked.value.caseStudies[0].picture).toBe(picture)
    }
  })

  it("reads a case study saved before pictures as showing the first version's picture", () => {
    const { picture: _picture, pictureAlt: _alt, ...older } = SITE_CONTENT_DEFAULTS.caseStudies[0]
    const checked = checkSiteContent(withChange({ caseStudies: [older] }))
    expect(checked.problems).toEqual({})
    expect(checked.value.caseStudies[0]).toMatchObject({
      picture: DEFAULT_CASE_PICTURE,
      pictureAlt: '',
    })
  })

  it('names a whole missing object once, and each of its fields', () => {
    const checked = checkSiteContent(withChange({ hero: null }))
    expect(Object.keys(checked.problems).sort()).toEqual(['hero', 'hero.headline', 'hero.lead'])
  })

  it('answers nothing but problems for something that is not content', () => {
    for (const input of [null, 'text', [], 7]) {
      expect(Object.keys(checkSiteContent(input).problems).length).toBeGreaterThan(10)
    }
  })
})

describe('the helpers', () => {
  it.each([
    ['https://calendly.com/alex/15min', null],
    ['https://www.linkedin.com/in/alex?x=1#top', null],
    ['http://example.com', 'Use a full web address that starts with https://'],
    ['https://user:pw@example.com', 'Use a full web address that starts with https://'],
    ['https://localhost/x', 'Use a full web address that starts with https://'],
    ['javascript:alert(1)', 'Use a full web address that starts with https://'],
    ['https://exa mple.com', 'Use a full web address that starts with https://'],
  ])('linkProblem(%s)', (link, problem) => {
    expect(linkProblem(link)).toBe(problem)
  })

  it.each([
    ['$1,299', null],
    ['$199', null],
    ['$49.50', null],
    ['$12345', null],
    ['1299', 'Write the price in dollars, like $1,299.'],
    ['$1,29', 'Write the price in dollars, like $1,299.'],
    ['', 'Please enter a price.'],
  ])('priceProblem(%s)', (price, problem) => {
    expect(priceProblem(price)).toBe(problem)
  })

  it("gives an uploaded picture PocketBase's thumbs at the page's widths", () => {
    expect(pictureSources(DEFAULT_CASE_PICTURE)).toEqual({ src: DEFAULT_CASE_PICTURE })
    const uploaded = pictureSources('abcdefghijklmno/shop_x1y2z3w4v5.png')
    expect(uploaded.src).toBe(
      '/api/files/site_images/abcdefghijklmno/shop_x1y2z3w4v5.png?thumb=560x0',
    )
    expect(uploaded.srcSet).toBe(
      '/api/files/site_images/abcdefghijklmno/shop_x1y2z3w4v5.png?thumb=560x0 560w, ' +
        '/api/files/site_images/abcdefghijklmno/shop_x1y2z3w4v5.png?thumb=1120x0 1120w',
    )
  })

  it('makes the tel: link, the E.164 number and the first name', () => {
    expect(phoneHref({ phone: '(603) 555-0142' })).toBe('tel:+16035550142')
    expect(phoneE164({ phone: '(603) 555-0142' })).toBe('+16035550142')
    expect(phoneE164({ phone: '+44 20 7946 0958' })).toBe('+442079460958')
    expect(firstNameOf({ ownerName: '  Alex  Morgan' })).toBe('Alex')
  })
})
