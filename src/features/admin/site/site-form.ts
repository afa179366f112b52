// The Site tab's form, as pure functions: its sections (which top-level fields of the content
// each one saves), the content as typed (the year as text), what a section sends when saved,
// which problems of checkSiteContent belong to it, package ids made from names, list moves, and
// the draft with the edits still on their way laid over it. No React, no I/O.
import {
  checkSiteContent,
  type CheckedSiteContent,
  type SiteContent,
  type SitePackage,
  type SiteProblems,
} from '../../../config/site-content'

export type SiteField = keyof SiteContent

export interface SiteSection {
  id: string
  title: string
  /** What the consultant finds in it, under the heading. */
  intro: string
  /** The top-level fields it edits and saves together (one site_edits record). */
  fields: readonly SiteField[]
}

/** The sections in the order the console shows them; each field of the content is in one. */
export const SITE_SECTIONS: readonly SiteSection[] = [
  {
    id: 'business',
    title: 'Your business',
    intro: 'Who you are, how to reach you and where you work.',
    fields: [
      'businessName',
      'ownerName',
      'tagline',
      'phone',
      'email',
      'postalAddress',
      'location',
      'serviceArea',
      'towns',
      'hours',
    ],
  },
  {
    id: 'booking',
    title: 'Booking links',
    intro: 'Your scheduler pages, where the booking buttons go.',
    fields: ['booking'],
  },
  {
    id: 'home',
    title: 'Home page',
    intro: 'The headline at the top, the section headings, and the about section.',
    fields: ['hero', 'headings', 'since', 'about'],
  },
  {
    id: 'services',
    title: 'Services',
    intro: 'The columns of services, each with its heading and its services in order.',
    fields: ['services'],
  },
  {
    id: 'packages',
    title: 'Packages and prices',
    intro: 'Your packages in order, with their prices and what each includes.',
    fields: ['packages'],
  },
  {
    id: 'review',
    title: 'Efficiency Review',
    intro: 'The paid review offered after the audit.',
    fields: ['efficiencyReview'],
  },
  {
    id: 'case',
    title: 'Case study',
    intro: 'Work you did for a client, told as challenge, solution and result, with a picture.',
    fields: ['caseStudies'],
  },
  {
    id: 'testimonials',
    title: 'Testimonials',
    intro: 'What clients said about you.',
    fields: ['testimonials'],
  },
  {
    id: 'social',
    title: 'Social links',
    intro: 'Your pages elsewhere, linked from the footer.',
    fields: ['social'],
  },
]

/** The content as the form holds it: the year as typed. */
export type SiteForm = Omit<SiteContent, 'since'> & { since: string }

export function formOf(content: SiteContent): SiteForm {
  return { ...structuredClone(content), since: String(content.since) }
}

/** What checkSiteContent is given for the form: new packages get their ids. */
function checkable(form: SiteForm): unknown {
  return { ...form, packages: withPackageIds(form.packages) }
}

/** The form checked whole with the site's one rule (the year read from its text). */
export function checkForm(form: SiteForm): CheckedSiteContent {
  return checkSiteContent(checkable(form))
}

/** The top-level field a problem's path is about: "packages.1.price" -> "packages". */
export function fieldOfPath(path: string): string {
  const dot = path.indexOf('.')
  return dot < 0 ? path : path.slice(0, dot)
}

/** The problems about `fields` (a section's), by path. */
export function problemsIn(problems: SiteProblems, fields: readonly SiteField[]): SiteProblems {
  const wanted = new Set<string>(fields)
  const found: SiteProblems = {}
  for (const [path, message] of Object.entries(problems)) {
    if (wanted.has(fieldOfPath(path))) found[path] = message
  }
  return found
}

/** What saving a section sends: its fields as checked (trimmed, the year a number). */
export function sectionChanges(
  checked: SiteContent,
  fields: readonly SiteField[],
): Partial<SiteContent> {
  const changes: Record<string, unknown> = {}
  for (const field of fields) changes[field] = structuredClone(checked[field])
  return changes as Partial<SiteContent>
}

/** True when the form's `fields` say something else than `base` (what the server will have). */
export function sectionChanged(
  checked: SiteContent,
  base: SiteContent,
  fields: readonly SiteField[],
): boolean {
  return fields.some((field) => !sameValue(checked[field], base[field]))
}

/** Deep equality of JSON values, whatever the order of their keys (the server's may differ). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]))
  }
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return (
    ka.length === kb.length &&
    ka.every(
      (key) =>
        Object.prototype.hasOwnProperty.call(b, key) &&
        sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  )
}

/** The form with `fields` taken from `content` (a section saved, undone, or changed elsewhere). */
export function withFields(
  form: SiteForm,
  content: SiteContent,
  fields: readonly SiteField[],
): SiteForm {
  const taken = formOf(content)
  const next: Record<string, unknown> = { ...form }
  for (const field of fields) next[field] = taken[field]
  return next as SiteForm
}

/**
 * The form after the content under it changed from `before` to `after` (loaded again, rolled
 * back, edits from another device): sections the consultant has not touched follow it, a section
 * with unsaved changes keeps what was typed.
 */
export function rebaseForm(form: SiteForm, before: SiteContent, after: SiteContent): SiteForm {
  const checked = checkForm(form).value
  let next = form
  for (const section of SITE_SECTIONS) {
    const untouched = !sectionChanged(checked, before, section.fields)
    if (untouched && sectionChanged(after, before, section.fields)) {
      next = withFields(next, after, section.fields)
    }
  }
  return next
}

/** `content` with each edit's fields laid over it, oldest first (the newest wins). */
export function contentWithEdits(
  content: SiteContent,
  edits: readonly { changes: Partial<SiteContent> }[],
): SiteContent {
  let next = content
  for (const edit of edits) next = { ...next, ...edit.changes }
  return next
}

const ID_MAX = 40

/** A package id from its name: lower-case words joined by dashes ("10-hour-a-week-time-saver"). */
export function packageIdFrom(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let id = ''
  for (const word of words) {
    const next = id ? `${id}-${word}` : word
    if (next.length > ID_MAX) break
    id = next
  }
  return id || (words[0]?.slice(0, ID_MAX) ?? '') || 'package'
}

/**
 * The packages with an id each: an existing package keeps its own (the page's anchors and the
 * booking prompts name it), a new one (id '') gets one made from its name, unlike the others'.
 */
export function withPackageIds(packages: readonly SitePackage[]): SitePackage[] {
  const taken = new Set(packages.map((p) => p.id).filter(Boolean))
  return packages.map((p) => {
    if (p.id) return p
    const stem = packageIdFrom(p.name)
    let id = stem
    for (let n = 2; taken.has(id); n++) {
      const suffix = `-${n}`
      id = `${stem.slice(0, ID_MAX - suffix.length).replace(/-+$/, '')}${suffix}`
    }
    taken.add(id)
    return { ...p, id }
  })
}

/** The list with the item at `index` moved by `by` places (-1 up, 1 down); unchanged at an end. */
export function moveItem<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item)
  return next
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index)
}

/** The list with one item at `index` replaced. */
export function replaceItem<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((old, i) => (i === index ? item : old))
}

/** The id of the control of a field's path ("packages.1.price" -> "site-packages-1-price"). */
export function controlIdOf(path: string): string {
  return `site-${path.replace(/\./g, '-')}`
}
