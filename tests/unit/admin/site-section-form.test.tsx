// @vitest-environment jsdom
// A section of the Site tab (src/features/admin/site/SiteSectionForm.tsx) with its form state held
// as the tab holds it and the save mocked at its boundary: a problem of checkSiteContent under its
// field once the field is left, Save refused on the device while one is left (focus on it, nothing
// sent), the server's refusal under the field it names with what was typed kept, a refused edit
// from the outbox under its field with Discard, and a list reordered, added to and removed from.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SITE_CONTENT_DEFAULTS } from '../../../src/config/site-content'
import type { PendingSiteEdit } from '../../../src/features/admin/site/site-edits'
import {
  SITE_SECTIONS,
  checkForm,
  formOf,
  problemsIn,
  sectionChanged,
  type SiteForm,
} from '../../../src/features/admin/site/site-form'
import {
  SiteSectionForm,
  type SectionSaveOutcome,
} from '../../../src/features/admin/site/SiteSectionForm'

afterEach(cleanup)

const business = SITE_SECTIONS.find((s) => s.id === 'business')!

function Harness({
  onSave,
  edits = [],
  onDiscard = () => undefined,
  onForm = () => undefined,
}: {
  onSave: () => Promise<SectionSaveOutcome>
  edits?: PendingSiteEdit[]
  onDiscard?: (edit: PendingSiteEdit) => void
  onForm?: (form: SiteForm) => void
}) {
  const [form, setForm] = useState(() => formOf(SITE_CONTENT_DEFAULTS))
  const checked = checkForm(form)
  onForm(form)
  return (
    <SiteSectionForm
      section={business}
      form={form}
      update={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
      problems={problemsIn(checked.problems, business.fields)}
      unsaved={sectionChanged(checked.value, SITE_CONTENT_DEFAULTS, business.fields)}
      edits={edits}
      online
      open
      onToggle={() => undefined}
      onSave={onSave}
      onUndo={() => setForm(formOf(SITE_CONTENT_DEFAULTS))}
      onDiscard={onDiscard}
    />
  )
}

/** The text of the element(s) a control's aria-describedby names. */
function description(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ')
}

const phone = () => screen.getByLabelText('Phone') as HTMLInputElement
const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^Save/ }))
  })
}

describe('a section of the Site tab', () => {
  it("shows a field's problem once it is left, tied to the field", () => {
    render(<Harness onSave={vi.fn()} />)
    fireEvent.change(phone(), { target: { value: 'call me' } })
    expect(phone().getAttribute('aria-invalid')).toBeNull()
    fireEvent.blur(phone())
    expect(phone().getAttribute('aria-invalid')).toBe('true')
    expect(description(phone())).toContain('Use digits, spaces and dashes only.')
    expect(screen.getByRole('button', { name: /^Your business/ }).textContent).toContain(
      'Unsaved changes',
    )
  })

  it('refuses Save on the device while a field has a problem: nothing sent, focus on it', async () => {
    const onSave = vi.fn<() => Promise<SectionSaveOutcome>>()
    render(<Harness onSave={onSave} />)
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'hello@' } })
    await save()
    expect(onSave).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'))
    expect(description(screen.getByLabelText('E-mail'))).toContain('like name@example.com')
    expect(document.body.textContent).toContain(
      'Not saved: please correct the problem marked above.',
    )
  })

  it("shows the server's refusal under the field it names and keeps what was typed", async () => {
    const onSave = vi.fn(async (): Promise<SectionSaveOutcome> => ({
      status: 'refused',
      message: 'Please correct the site.',
      fieldErrors: { phone: 'The server will not call that.' },
    }))
    render(<Harness onSave={onSave} />)
    fireEvent.change(phone(), { target: { value: '(603) 555-0100' } })
    await save()
    expect(onSave).toHaveBeenCalledTimes(1)
    expect(phone().value).toBe('(603) 555-0100')
    expect(phone().getAttribute('aria-invalid')).toBe('true')
    expect(description(phone())).toContain('The server will not call that.')
    expect(document.activeElement).toBe(phone())
    // Changing the field takes the server's words away.
    fireEvent.change(phone(), { target: { value: '(603) 555-0101' } })
    expect(description(phone())).not.toContain('The server will not call that.')
  })

  it('says where a saved section went', async () => {
    const outcomes: SectionSaveOutcome[] = [{ status: 'sent' }, { status: 'queued' }]
    render(<Harness onSave={async () => outcomes.shift()!} />)
    await save()
    expect(document.body.textContent).toContain('Saved to the draft.')
    await save()
    expect(document.body.textContent).toContain('Saved on this device; sending it to the server...')
  })

  it('shows a refused edit from the outbox under its field, with Discard', () => {
    const onDiscard = vi.fn()
    const refused: PendingSiteEdit = {
      id: 'edit1',
      changes: { email: 'someone@example.com' },
      createdAt: 1,
      failed: true,
      problem: 'Please correct the site.',
      fieldErrors: { email: 'That address bounced.' },
    }
    render(<Harness onSave={vi.fn()} edits={[refused]} onDiscard={onDiscard} />)
    expect(description(screen.getByLabelText('E-mail'))).toContain('That address bounced.')
    expect(screen.getByRole('button', { name: /^Your business/ }).textContent).toContain(
      'Not saved',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Discard that change' }))
    expect(onDiscard).toHaveBeenCalledWith(refused)
  })

  it('moves, adds and removes the places served, with the focus following', () => {
    let form = formOf(SITE_CONTENT_DEFAULTS)
    render(<Harness onSave={vi.fn()} onForm={(f) => (form = f)} />)
    const places = screen.getByRole('group', { name: 'Places you serve' })
    const [first, second, third] = SITE_CONTENT_DEFAULTS.serviceArea.places
    expect(within(places).getByRole('button', { name: 'Move up: Place 1' })).toHaveProperty(
      'disabled',
      true,
    )

    fireEvent.click(within(places).getByRole('button', { name: 'Move down: Place 1' }))
    expect(form.serviceArea.places).toEqual([second, first, third])
    expect(document.activeElement).toBe(
      within(places).getByRole('button', { name: 'Move down: Place 2' }),
    )

    fireEvent.click(within(places).getByRole('button', { name: 'Add place' }))
    expect(form.serviceArea.places).toEqual([second, first, third, ''])
    expect(document.activeElement).toBe(within(places).getByLabelText('Place 4'))

    fireEvent.click(within(places).getByRole('button', { name: 'Remove: Place 1' }))
    expect(form.serviceArea.places).toEqual([first, third, ''])
    expect(places.textContent).toContain('Place 1 removed.')
  })
})
