// The consultant's own words and facts, which they change from the console's Site tab without a
// developer: who they are and how to reach them, the hero, the about text, services, packages
// and prices, the case study, testimonials and social links. One shape, its first version's
// values (a fresh install publishes them as version 1) and one check, shared by the console
// (errors under each field) and the server (400 naming the field: server/site/). Pure: no
// PocketBase and no browser here.
//
// Everything is plain text or a list of texts: the pages, mails and structured data escape it
// where they show it, so no HTML from the editor ever runs. What is not the consultant's to edit
// (the scheduler's script and origin, the site's address, its clock) stays in ./site.ts. What
// the pages need to show the content (its element id, firstNameOf, phoneHref) is in
// ./site-content-helpers.ts, so the browser's first script carries none of the values below.
import { EMAIL_MAX } from './limits'
import { phoneProblem } from './phone'
import { site } from './site'
import { BUNDLED_PICTURE_PATTERN, UPLOADED_PICTURE_PATTERN } from './site-content-helpers'

export {
  SITE_CONTENT_ELEMENT_ID,
  firstNameOf,
  phoneE164,
  phoneHref,
  pictureSources,
} from './site-content-helpers'

export interface SiteService {
  title: string
  text: string
}

/** A column of the services section: a heading, one line under it, and its services in order. */
export interface SiteServiceGroup {
  title: string
  intro: string
  items: SiteService[]
}

export interface SitePackage {
  /** Stable across edits: the page's anchors and the booking prompts name a package by it. */
  id: string
  name: string
  /** As shown: "$1,299". */
  price: string
  /** "one-time", "per month". */
  priceNote: string
  summary: string
  features: string[]
  mostPopular: boolean
}

export interface SiteStat {
  value: string
  label: string
}

export interface SiteCaseStudy {
  client: string
  title: string
  challenge: string
  solution: string
  result: string
  stats: SiteStat[]
  tags: string[]
  /** The live site, https only ('' for none). */
  url: string
  /**
   * The picture beside the story: '' for none, a picture that ships with the site
   * ("/images/coffee-shop-website.svg"), or one uploaded in the console ("<record id>/<file name>"
   * of the site_images collection; ./site-content-helpers.ts has its addresses).
   */
  picture: string
  /** What the picture shows, for people who cannot see it ('' when it only decorates). */
  pictureAlt: string
}

export interface SiteTestimonial {
  quote: string
  name: string
  town: string
}

export interface SiteLink {
  label: string
  url: string
}

export interface SiteContent {
  businessName: string
  ownerName: string
  /** The business in one sentence: search results, share cards, the business data. */
  tagline: string
  /** As written on the page; the `tel:` link is made from its digits (phoneHref). */
  phone: string
  email: string
  /** The business's postal address, one line each: the newsletter's footer must show it. */
  postalAddress: string[]
  /** "The White Mountains, NH": the contact details and the business data's address. */
  location: string
  /** Where the consultant works: the business data's areaServed and the about section. */
  serviceArea: { state: string; places: string[] }
  /** The towns the about section names: "Working with businesses in Littleton · ... and the towns in between." */
  towns: string[]
  /** Lines such as "Monday to Friday, 8 am to 5 pm"; none shown when empty. */
  hours: string[]
  booking: { strategyCallUrl: string; friendCallUrl: string }
  hero: { headline: string; lead: string }
  /** The home page's section headings that are the consultant's words. */
  headings: { services: string; packages: string; portfolio: string }
  /** The year the consultant started: "helping ... since 2017". */
  since: number
  /** The about section's paragraphs. */
  about: string[]
  services: SiteServiceGroup[]
  packages: SitePackage[]
  efficiencyReview: { price: string; duration: string; where: string }
  caseStudies: SiteCaseStudy[]
  testimonials: SiteTestimonial[]
  social: SiteLink[]
}

/** The longest text each field takes (characters), so it fits the layout at 320 px. */
export const SITE_TEXT_MAX = {
  businessName: 60,
  ownerName: 60,
  tagline: 200,
  phone: 30,
  postalLine: 80,
  location: 60,
  state: 40,
  place: 40,
  hour: 60,
  url: 300,
  headline: 90,
  heading: 90,
  lead: 320,
  paragraph: 700,
  groupTitle: 60,
  groupIntro: 140,
  serviceTitle: 60,
  serviceText: 180,
  packageName: 50,
  price: 12,
  priceNote: 24,
  summary: 180,
  feature: 90,
  duration: 30,
  where: 30,
  caseTitle: 90,
  caseText: 600,
  statValue: 12,
  statLabel: 60,
  tag: 30,
  pictureAlt: 150,
  quote: 400,
  personName: 60,
  town: 60,
  linkLabel: 30,
} as const

/** How many of each list the layout has room for (at least, at most). */
export const SITE_LIST_LIMITS = {
  postalAddress: [0, 4],
  places: [0, 12],
  towns: [0, 12],
  hours: [0, 7],
  about: [1, 4],
  services: [1, 3],
  serviceItems: [1, 6],
  packages: [1, 4],
  features: [1, 6],
  caseStudies: [0, 3],
  stats: [0, 3],
  tags: [0, 8],
  testimonials: [0, 6],
  social: [0, 6],
} as const

/** The picture of the first version's case study, which ships with the site. */
export const DEFAULT_CASE_PICTURE = '/images/coffee-shop-website.svg'

/**
 * The first version: what the site said before it could be edited, and what the build renders
 * the public pages from (docs/site.md). The shipped facts are neutral placeholders
 * (hello@example.com, calendly.com/your-name/...).
 */
export const SITE_CONTENT_DEFAULTS: SiteContent = {
  businessName: 'North Country Efficiency',
  ownerName: 'Alex Morgan',
  tagline:
    "Websites, online booking and simple automation for small businesses in New Hampshire's North Country and White Mountains.",
  phone: '(603) 555-0142',
  email: 'hello@example.com',
  postalAddress: [],
  location: 'The White Mountains, NH',
  serviceArea: {
    state: 'New Hampshire',
    places: ['Coos County', 'Carroll County', 'Grafton County'],
  },
  towns: [
    'Littleton',
    'Lancaster',
    'Berlin',
    'Gorham',
    'Lincoln',
    'Franconia',
    'Bethlehem',
    'North Conway',
  ],
  hours: [],
  booking: {
    strategyCallUrl: 'https://calendly.com/your-name/15min',
    friendCallUrl: 'https://calendly.com/your-name/friend-call',
  },
  hero: {
    headline: 'More customers in the door. Less busywork behind it.',
    lead: "I'm Alex, a consultant in New Hampshire's White Mountains. I set up websites, online booking and simple automations so local businesses win more work and get their evenings back.",
  },
  headings: {
    services: 'Two things keep a small business healthy',
    packages: 'Simple, one-time prices',
    portfolio: 'A coffee shop that stopped missing the morning rush',
  },
  since: 2017,
  about: [
    "I've lived and worked in the North Country for most of my life, and since 2017 I've helped small businesses across the White Mountains - inns, contractors, outfitters, cafés, clinics and shops - find customers online and stop losing hours to paperwork.",
    "I'm not an agency. When you call, you get me, and I'll explain everything in plain English. My job is to make the computer do the boring parts so you can get back to the work only you can do.",
  ],
  services: [
    {
      title: 'Getting customers in the door',
      intro: 'Be easy to find, easy to trust and easy to book.',
      items: [
        {
          title: 'Websites that work on phones',
          text: 'Fast, clear sites that turn visitors into calls, quotes and bookings.',
        },
        {
          title: 'Google Business Profile and local search',
          text: 'Show up when someone nearby searches for what you do.',
        },
        {
          title: 'Social media that fits your week',
          text: 'A simple posting plan and templates, not another full-time job.',
        },
        {
          title: 'Email newsletters and follow-up',
          text: 'Stay in touch with past customers so they come back and send friends.',
        },
      ],
    },
    {
      title: 'Making sure work gets done right',
      intro: 'Systems that keep jobs moving without you chasing them.',
      items: [
        {
          title: 'Online booking and reminders',
          text: 'Customers book themselves; reminders cut no-shows.',
        },
        {
          title: 'Intake forms and project tracking',
          text: 'Every request lands in one place with the details you need.',
        },
        {
          title: 'Process automation',
          text: 'Quotes, invoices and follow-ups that send themselves on time.',
        },
        {
          title: 'Simple dashboards',
          text: "See this month's leads, jobs and revenue at a glance.",
        },
      ],
    },
  ],
  packages: [
    {
      id: 'digital-front-door',
      name: 'Digital Front Door',
      price: '$1,299',
      priceNote: 'one-time',
      summary: 'A fast, mobile-friendly website that turns visitors into calls and bookings.',
      features: [
        'A clear, fast website built for phones',
        'Contact and quote forms that reach you',
        'Google Business Profile set up and tuned',
        'Simple analytics so you see what works',
      ],
      mostPopular: false,
    },
    {
      id: 'automated-appointment-book',
      name: 'Automated Appointment Book',
      price: '$799',
      priceNote: 'one-time',
      summary: 'Online booking with reminders, so the phone stops ringing for every appointment.',
      features: [
        'Online booking on your site and Google',
        'Automatic text and e-mail reminders',
        'Fewer no-shows, fewer phone calls',
        'Set up on tools you already pay for where possible',
      ],
      mostPopular: true,
    },
    {
      id: 'time-saver',
      name: '10-Hour-a-Week Time Saver',
      price: '$1,999',
      priceNote: 'one-time',
      summary: 'We find and automate the busywork that eats your week.',
      features: [
        'Includes a 90-minute analysis of how your week really goes',
        'Automations for intake, invoicing and follow-up',
        'Templates and checklists your team will use',
        '30 days follow-up support',
      ],
      mostPopular: false,
    },
  ],
  efficiencyReview: { price: '$199', duration: '90 minutes', where: 'on-site' },
  caseStudies: [
    {
      client: 'Birch & Bean Coffee · Littleton, NH',
      title: 'A marketing website with online ordering',
      challenge:
        "A busy Main Street café with a great local following, but no website: hours and the menu lived on an old Facebook post, the phone rang all morning with the same questions, and summer visitors couldn't find them.",
      solution:
        'A fast, phone-first website with the menu, hours and directions; order-ahead for pickup; a tuned Google Business Profile; and a simple sign-up for the weekly specials email.',
      result:
        'Within three months about a quarter of weekday morning orders came in online, calls during the rush dropped by more than half, and the specials email reached 600 locals.',
      stats: [
        { value: '1 in 4', label: 'weekday morning orders placed online' },
        { value: 'Half', label: 'as many phone calls during the rush' },
        { value: '600', label: 'locals on the weekly specials email' },
      ],
      tags: [
        'Marketing website',
        'Online ordering',
        'Google Business Profile',
        'Local SEO',
        'Email list',
      ],
      url: 'https://example.com/coffee-shop',
      picture: DEFAULT_CASE_PICTURE,
      pictureAlt: '',
    },
  ],
  testimonials: [
    {
      quote:
        'Alex got us online in two weeks and explained every step. The phone finally stopped ringing off the hook at 7 a.m., and our regulars love ordering ahead.',
      name: 'Dana R., owner of Birch & Bean Coffee',
      town: 'Littleton, NH',
    },
  ],
  social: [
    { label: 'LinkedIn', url: 'https://www.linkedin.com/in/your-name' },
    { label: 'Facebook', url: 'https://www.facebook.com/your-page' },
    { label: 'Instagram', url: 'https://www.instagram.com/your-handle' },
  ],
}

/** A field's problem, by its path: "phone", "packages.1.price", "social.0.url". */
export type SiteProblems = Record<string, string>

export interface CheckedSiteContent {
  value: SiteContent
  problems: SiteProblems
}

const EMAIL_PATTERN = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[a-z]{2,}$/i
const PRICE_PATTERN = /^\$(\d{1,3}(,\d{3})*|\d+)(\.\d{2})?$/
// Letters, digits and the characters a link's host may have; no user:password@ part.
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i
// Anything that would break out of a text node or start markup reads oddly on the page; the
// pages escape it anyway, so this is about a person's typo, not about safety.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** An https:// link's problem, or null. `origin` (optional): the link must be on it. */
export function linkProblem(value: string, origin?: string): string | null {
  const link = value.trim()
  if (!link) return 'Please enter the link.'
  if (link.length > SITE_TEXT_MAX.url) return `At most ${SITE_TEXT_MAX.url} characters.`
  const match = /^https:\/\/([^/?#\s]+)([/?#][^\s]*)?$/i.exec(link)
  if (!match || !HOST_PATTERN.test(match[1])) {
    return 'Use a full web address that starts with https://'
  }
  if (origin && !link.toLowerCase().startsWith(`${origin.toLowerCase()}/`)) {
    return `Use your scheduler link: it starts with ${origin}/`
  }
  return null
}

/** A price's problem ("$1,299", "$199", "$49.50"), or null. */
export function priceProblem(value: string): string | null {
  const price = value.trim()
  if (!price) return 'Please enter a price.'
  if (!PRICE_PATTERN.test(price)) return 'Write the price in dollars, like $1,299.'
  return null
}

/**
 * Checks anything (a draft as the console or a client sent it) against the shape and the
 * limits. `value` is the content with its texts trimmed; `problems` names each bad field by its
 * path with a sentence a person can act on. A field missing from `input` is a problem, not a
 * default: a draft is always the whole content.
 */
export function checkSiteContent(input: unknown): CheckedSiteContent {
  const problems: SiteProblems = {}
  const root = asObject(input)
  const at = (path: string, message: string): void => {
    if (!problems[path]) problems[path] = message
  }

  const text = (
    from: Record<string, unknown>,
    key: string,
    path: string,
    max: number,
    required = true,
  ): string => {
    const raw = from[key]
    if (typeof raw !== 'string') {
      at(path, raw === undefined || raw === null ? 'Please fill this in.' : 'Text only.')
      return ''
    }
    const value = raw.trim()
    if (required && !value) at(path, 'Please fill this in.')
    else if (value.length > max) at(path, `At most ${max} characters (now ${value.length}).`)
    else if (CONTROL.test(value)) at(path, 'Remove the invisible control characters.')
    return value
  }

  const list = <T>(
    from: Record<string, unknown>,
    key: keyof typeof SITE_LIST_LIMITS | string,
    path: string,
    limits: readonly [number, number],
    each: (item: unknown, itemPath: string) => T,
  ): T[] => {
    const raw = from[key]
    if (!Array.isArray(raw)) {
      at(path, 'A list is expected here.')
      return []
    }
    const [min, max] = limits
    if (raw.length < min) at(path, min === 1 ? 'Add at least one.' : `Add at least ${min}.`)
    if (raw.length > max) at(path, `At most ${max}.`)
    return raw.slice(0, max).map((item, i) => each(item, `${path}.${i}`))
  }

  const textList = (
    from: Record<string, unknown>,
    key: string,
    path: string,
    limits: readonly [number, number],
    max: number,
  ): string[] =>
    list(from, key, path, limits, (item, itemPath) => text({ v: item }, 'v', itemPath, max))

  const object = (from: Record<string, unknown>, key: string, path: string) => {
    const raw = from[key]
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) at(path, 'Please fill this in.')
    return asObject(raw)
  }

  const M = SITE_TEXT_MAX
  const L = SITE_LIST_LIMITS

  const phone = text(root, 'phone', 'phone', M.phone)
  if (phone && !problems.phone) {
    const problem = phoneProblem(phone)
    if (problem) at('phone', problem)
  }
  const email = text(root, 'email', 'email', EMAIL_MAX)
  if (email && !problems.email && !EMAIL_PATTERN.test(email)) {
    at('email', 'Please enter an e-mail address like name@example.com.')
  }

  const area = object(root, 'serviceArea', 'serviceArea')
  const booking = object(root, 'booking', 'booking')
  const hero = object(root, 'hero', 'hero')
  const headings = object(root, 'headings', 'headings')
  const review = object(root, 'efficiencyReview', 'efficiencyReview')

  const link = (from: Record<string, unknown>, key: string, path: string, origin?: string) => {
    const value = text(from, key, path, M.url)
    if (value && !problems[path]) {
      const problem = linkProblem(value, origin)
      if (problem) at(path, problem)
    }
    return value
  }
  const price = (from: Record<string, unknown>, key: string, path: string) => {
    const value = text(from, key, path, M.price)
    if (value && !problems[path]) {
      const problem = priceProblem(value)
      if (problem) at(path, problem)
    }
    return value
  }

  const sinceRaw = root.since
  const thisYear = new Date().getUTCFullYear()
  const since =
    typeof sinceRaw === 'number' && Number.isInteger(sinceRaw)
      ? sinceRaw
      : typeof sinceRaw === 'string' && /^\d{4}$/.test(sinceRaw.trim())
        ? Number(sinceRaw.trim())
        : NaN
  if (!(since >= 1950 && since <= thisYear)) at('since', `A year from 1950 to ${thisYear}.`)

  const packageIds = new Set<string>()
  const value: SiteContent = {
    businessName: text(root, 'businessName', 'businessName', M.businessName),
    ownerName: text(root, 'ownerName', 'ownerName', M.ownerName),
    tagline: text(root, 'tagline', 'tagline', M.tagline),
    phone,
    email,
    postalAddress: textList(root, 'postalAddress', 'postalAddress', L.postalAddress, M.postalLine),
    location: text(root, 'location', 'location', M.location),
    serviceArea: {
      state: text(area, 'state', 'serviceArea.state', M.state),
      places: textList(area, 'places', 'serviceArea.places', L.places, M.place),
    },
    towns: textList(root, 'towns', 'towns', L.towns, M.place),
    hours: textList(root, 'hours', 'hours', L.hours, M.hour),
    booking: {
      strategyCallUrl: link(
        booking,
        'strategyCallUrl',
        'booking.strategyCallUrl',
        site.booking.origin,
      ),
      friendCallUrl: link(booking, 'friendCallUrl', 'booking.friendCallUrl', site.booking.origin),
    },
    hero: {
      headline: text(hero, 'headline', 'hero.headline', M.headline),
      lead: text(hero, 'lead', 'hero.lead', M.lead),
    },
    headings: {
      services: text(headings, 'services', 'headings.services', M.heading),
      packages: text(headings, 'packages', 'headings.packages', M.heading),
      portfolio: text(headings, 'portfolio', 'headings.portfolio', M.heading),
    },
    since: Number.isFinite(since) ? since : 0,
    about: textList(root, 'about', 'about', L.about, M.paragraph),
    services: list(root, 'services', 'services', L.services, (item, path) => {
      const group = asObject(item)
      return {
        title: text(group, 'title', `${path}.title`, M.groupTitle),
        intro: text(group, 'intro', `${path}.intro`, M.groupIntro),
        items: list(group, 'items', `${path}.items`, L.serviceItems, (service, servicePath) => {
          const s = asObject(service)
          return {
            title: text(s, 'title', `${servicePath}.title`, M.serviceTitle),
            text: text(s, 'text', `${servicePath}.text`, M.serviceText),
          }
        }),
      }
    }),
    packages: list(root, 'packages', 'packages', L.packages, (item, path) => {
      const p = asObject(item)
      const id = text(p, 'id', `${path}.id`, 40)
      if (id && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) {
        at(`${path}.id`, 'Lower-case letters, digits and dashes only.')
      } else if (id && packageIds.has(id)) {
        at(`${path}.id`, 'Another package has this id.')
      }
      packageIds.add(id)
      if (p.mostPopular !== undefined && typeof p.mostPopular !== 'boolean') {
        at(`${path}.mostPopular`, 'Yes or no.')
      }
      return {
        id,
        name: text(p, 'name', `${path}.name`, M.packageName),
        price: price(p, 'price', `${path}.price`),
        priceNote: text(p, 'priceNote', `${path}.priceNote`, M.priceNote, false),
        summary: text(p, 'summary', `${path}.summary`, M.summary),
        features: textList(p, 'features', `${path}.features`, L.features, M.feature),
        mostPopular: p.mostPopular === true,
      }
    }),
    efficiencyReview: {
      price: price(review, 'price', 'efficiencyReview.price'),
      duration: text(review, 'duration', 'efficiencyReview.duration', M.duration),
      where: text(review, 'where', 'efficiencyReview.where', M.where),
    },
    caseStudies: list(root, 'caseStudies', 'caseStudies', L.caseStudies, (item, path) => {
      const c = asObject(item)
      const url = text(c, 'url', `${path}.url`, M.url, false)
      if (url && !problems[`${path}.url`]) {
        const problem = linkProblem(url)
        if (problem) at(`${path}.url`, problem)
      }
      // Versions saved before case studies had pictures showed the first version's.
      const picture =
        c.picture === undefined
          ? DEFAULT_CASE_PICTURE
          : text(c, 'picture', `${path}.picture`, M.url, false)
      if (picture && !problems[`${path}.picture`]) {
        if (!BUNDLED_PICTURE_PATTERN.test(picture) && !UPLOADED_PICTURE_PATTERN.test(picture)) {
          at(`${path}.picture`, 'Upload the picture again.')
        }
      }
      const pictureAlt =
        c.pictureAlt === undefined
          ? ''
          : text(c, 'pictureAlt', `${path}.pictureAlt`, M.pictureAlt, false)
      return {
        client: text(c, 'client', `${path}.client`, M.caseTitle),
        title: text(c, 'title', `${path}.title`, M.caseTitle),
        challenge: text(c, 'challenge', `${path}.challenge`, M.caseText),
        solution: text(c, 'solution', `${path}.solution`, M.caseText),
        result: text(c, 'result', `${path}.result`, M.caseText),
        stats: list(c, 'stats', `${path}.stats`, L.stats, (stat, statPath) => {
          const s = asObject(stat)
          return {
            value: text(s, 'value', `${statPath}.value`, M.statValue),
            label: text(s, 'label', `${statPath}.label`, M.statLabel),
          }
        }),
        tags: textList(c, 'tags', `${path}.tags`, L.tags, M.tag),
        url,
        picture,
        pictureAlt,
      }
    }),
    testimonials: list(root, 'testimonials', 'testimonials', L.testimonials, (item, path) => {
      const t = asObject(item)
      return {
        quote: text(t, 'quote', `${path}.quote`, M.quote),
        name: text(t, 'name', `${path}.name`, M.personName),
        town: text(t, 'town', `${path}.town`, M.town, false),
      }
    }),
    social: list(root, 'social', 'social', L.social, (item, path) => {
      const s = asObject(item)
      return {
        label: text(s, 'label', `${path}.label`, M.linkLabel),
        url: link(s, 'url', `${path}.url`),
      }
    }),
  }
  if (value.packages.filter((p) => p.mostPopular).length > 1) {
    at('packages', 'Mark at most one package as the most popular.')
  }
  return { value, problems }
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}
