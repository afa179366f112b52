// @vitest-environment jsdom
// "Add a lead" (src/features/admin/AddLeadForm.tsx) with the outbox mocked at its boundary: the
// checks of src/config/manual-lead.ts under the fields (on leaving a field, all on submit with
// focus on the first), nothing queued while one is wrong, what was typed kept; a valid lead
// queued for the signed-in admin; a refusal from the server under the field it names; a refused
// lead changed and sent again replaces the refused copy.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AddLeadForm, type AddLeadFormProps } from '../../../../src/features/admin/AddLeadForm'
import { discardLead, queueManualLead } from '../../../../src/features/admin/use-manual-leads'

vi.mock('../../../../src/features/admin/use-manual-leads', () => ({
  queueManualLead: vi.fn(),
  discardLead: vi.fn(() => Promise.resolve()),
  warmLeadOutbox: vi.fn(),
}))
const queue = vi.mocked(queueManualLead)
const discard = vi.mocked(discardLead)

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

function renderForm(props: Partial<AddLeadFormProps> = {}) {
  const onClose = vi.fn()
  render(<AddLeadForm adminId="admin1" onClose={onClose} {...props} />)
  return {
    onClose,
    name: screen.getByLabelText('Name') as HTMLInputElement,
    phone: screen.getByLabelText('Phone') as HTMLInputElement,
    email: screen.getByLabelText('E-mail') as HTMLInputElement,
    source: (label: string) => screen.getByRole('radio', { name: label }) as HTMLInputElement,
    note: screen.getByLabelText('Note (optional)') as HTMLTextAreaElement,
    submit: screen.getByRole('button', { name: 'Add lead' }),
  }
}

/** The text of the element(s) a control's aria-describedby names. */
function description(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ')
}

async function submit(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button)
  })
}

describe('Add a lead', () => {
  it('opens with the focus on Name', () => {
    const form = renderForm()
    expect(document.activeElement).toBe(form.name)
  })

  it('shows every problem under its field on submit, focuses Name, queues nothing, keeps the note', async () => {
    const form = renderForm()
    fireEvent.change(form.note, { target: { value: 'Met at the Lancaster fair' } })
    await submit(form.submit)
    expect(description(form.name)).toBe('Please enter their name.')
    expect(description(form.phone)).toBe('Enter a phone number or an e-mail address.')
    expect(description(form.source('Walk-in'))).toBe('Choose where they came from.')
    expect(form.name.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(form.name)
    expect(form.note.value).toBe('Met at the Lancaster fair')
    expect(queue).not.toHaveBeenCalled()
  })

  it('does not ask for a phone number when Phone is left empty to type the address next', () => {
    const form = renderForm()
    fireEvent.blur(form.phone)
    expect(form.phone.getAttribute('aria-invalid')).toBeNull()
    fireEvent.change(form.phone, { target: { value: 'call me' } })
    fireEvent.blur(form.phone)
    expect(description(form.phone)).toBe('Use digits, spaces and dashes only.')
  })

  it('moves the focus to the first bad field after Name, the group of sources included', async () => {
    const form = renderForm()
    fireEvent.change(form.name, { target: { value: 'Jordan Lodge' } })
    fireEvent.change(form.phone, { target: { value: '(603) 555-0142' } })
    await submit(form.submit)
    expect(document.activeElement).toBe(form.source('Phone call'))
    expect(form.name.value).toBe('Jordan Lodge')
    expect(form.phone.value).toBe('(603) 555-0142')
  })

  it('queues a phone-only lead for the signed-in admin, cleaned, and says it was sent', async () => {
    queue.mockResolvedValue({ id: 'l1', status: 'sent' })
    const form = renderForm()
    fireEvent.change(form.name, { target: { value: '  Jordan Lodge ' } })
    fireEvent.change(form.phone, { target: { value: '(603) 555-0142' } })
    fireEvent.click(form.source('Walk-in'))
    fireEvent.change(form.note, { target: { value: 'Wants help with bookings.' } })
    await submit(form.submit)
    expect(queue).toHaveBeenCalledWith(
      {
        name: 'Jordan Lodge',
        phone: '(603) 555-0142',
        email: '',
        source: 'walk_in',
        note: 'Wants help with bookings.',
      },
      'admin1',
    )
    expect(form.onClose).toHaveBeenCalledWith({ name: 'Jordan Lodge', status: 'sent' })
    expect(discard).not.toHaveBeenCalled()
  })

  it('puts a refusal under the field the server names, keeps the form and drops the refused copy', async () => {
    queue.mockResolvedValue({
      id: 'l2',
      status: 'failed',
      error: {
        kind: 'validation',
        status: 400,
        serverMessage: 'Failed to create record.',
        fieldErrors: { email: 'Already in People.' },
      },
    })
    const form = renderForm()
    fireEvent.change(form.name, { target: { value: 'Pat Birch' } })
    fireEvent.change(form.email, { target: { value: 'pat@birch.example' } })
    fireEvent.click(form.source('Referral'))
    await submit(form.submit)
    expect(description(form.email)).toBe('Already in People.')
    expect(document.activeElement).toBe(form.email)
    expect(form.email.value).toBe('pat@birch.example')
    expect(discard).toHaveBeenCalledWith('l2')
    expect(form.onClose).not.toHaveBeenCalled()
    // Changing the address takes the server's word away.
    fireEvent.change(form.email, { target: { value: 'pat@birchwood.example' } })
    expect(form.email.getAttribute('aria-invalid')).toBeNull()
  })

  it('says so when the device cannot keep the lead, and keeps what was typed', async () => {
    queue.mockRejectedValue(new Error('QuotaExceededError'))
    const form = renderForm()
    fireEvent.change(form.name, { target: { value: 'Sam Maple' } })
    fireEvent.change(form.phone, { target: { value: '603-555-0199' } })
    fireEvent.click(form.source('Event'))
    await submit(form.submit)
    expect(screen.getByRole('alert').textContent).toMatch(/could not be saved on this device/)
    expect(form.name.value).toBe('Sam Maple')
    expect(form.onClose).not.toHaveBeenCalled()
  })

  it("opens a refused lead with the server's word under its field, and replaces it once sent again", async () => {
    queue.mockResolvedValue({ id: 'l3', status: 'queued' })
    const form = renderForm({
      initial: {
        name: 'Pat Birch',
        phone: '',
        email: 'pat@birch.example',
        source: 'event',
        note: '',
      },
      serverErrors: { email: 'Already in People.' },
      replaces: 'l2',
    })
    expect(description(form.email)).toBe('Already in People.')
    expect(document.activeElement).toBe(form.email)
    expect(form.source('Event').checked).toBe(true)
    fireEvent.change(form.email, { target: { value: 'pat@birchwood.example' } })
    await submit(form.submit)
    expect(form.onClose).toHaveBeenCalledWith({ name: 'Pat Birch', status: 'queued' })
    expect(discard).toHaveBeenCalledWith('l2')
  })

  it('closes on Escape and on Cancel without queueing anything', () => {
    const form = renderForm()
    fireEvent.keyDown(form.name, { key: 'Escape' })
    expect(form.onClose).toHaveBeenCalledWith(null)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(form.onClose).toHaveBeenCalledTimes(2)
    expect(queue).not.toHaveBeenCalled()
  })
})
