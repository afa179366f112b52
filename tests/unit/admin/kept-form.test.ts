// @vitest-environment jsdom
// The Site tab's unsaved words kept for the browser tab's session (src/features/admin/site/
// kept-form.ts): they come back after a look elsewhere, the sections left untouched follow the
// draft as it is then, each site admin has their own, and a copy that cannot be read is not used.
import { beforeEach, describe, expect, it } from 'vitest'
import { SITE_CONTENT_DEFAULTS, type SiteContent } from '../../../src/config/site-content'
import { keepForm, keptForm } from '../../../src/features/admin/site/kept-form'
import { formOf } from '../../../src/features/admin/site/site-form'

const base: SiteContent = SITE_CONTENT_DEFAULTS

describe('the Site tab kept form', () => {
  beforeEach(() => sessionStorage.clear())

  it('comes back as it was typed, with the sections that were open', () => {
    const form = { ...formOf(base), phone: '(603) 555-0123' }
    keepForm('admin-1', { form, base, open: new Set(['business', 'packages']) })
    const kept = keptForm('admin-1', base)
    expect(kept?.form.phone).toBe('(603) 555-0123')
    expect([...(kept?.open ?? [])]).toEqual(['business', 'packages'])
  })

  it('lets the sections left untouched follow the draft as it is now', () => {
    const form = { ...formOf(base), phone: '(603) 555-0123' }
    keepForm('admin-1', { form, base, open: new Set() })
    // Meanwhile the draft changed: the tagline (untouched here) and the phone (typed over).
    const now = { ...base, tagline: 'A new tagline', phone: '(603) 555-0000' }
    const kept = keptForm('admin-1', now)
    expect(kept?.form.tagline).toBe(base.tagline) // the whole section was touched: kept as typed
    const other = { ...base, hero: { ...base.hero, headline: 'A new headline' } }
    expect(keptForm('admin-1', other)?.form.hero.headline).toBe('A new headline')
    expect(keptForm('admin-1', other)?.form.phone).toBe('(603) 555-0123')
  })

  it('is forgotten once everything is saved, and is each site admin’s own', () => {
    keepForm('admin-1', { form: { ...formOf(base), phone: '1' }, base, open: new Set() })
    expect(keptForm('admin-2', base)).toBeNull()
    keepForm('admin-1', null)
    expect(keptForm('admin-1', base)).toBeNull()
  })

  it('is not used when the copy cannot be read, and fills fields added since', () => {
    sessionStorage.setItem('site-form:admin-1', '{not json')
    expect(keptForm('admin-1', base)).toBeNull()
    sessionStorage.setItem('site-form:admin-1', JSON.stringify({ form: 'x' }))
    expect(keptForm('admin-1', base)).toBeNull()
    // A copy from before a field existed: the field comes from the draft.
    const { towns: _towns, ...older } = formOf(base)
    const { towns: _baseTowns, ...olderBase } = base
    sessionStorage.setItem(
      'site-form:admin-1',
      JSON.stringify({ form: { ...older, phone: '2' }, base: olderBase, open: ['business'] }),
    )
    const kept = keptForm('admin-1', base)
    expect(kept?.form.towns).toEqual(base.towns)
    expect(kept?.form.phone).toBe('2')
  })
})
