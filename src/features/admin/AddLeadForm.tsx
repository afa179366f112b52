// "Add a lead" on People: someone who phoned, walked in, was referred or met at an event. The
// form checks what src/config/manual-lead.ts checks (each problem under its field as the consultant
// leaves it, all at once on submit with focus on the first), then queues the lead through the
// outbox: online the server answers at once (a refusal goes under the field it names, what was
// typed stays), offline the lead waits on this device and People shows it as waiting.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { CheckedField } from '../../components/CheckedField'
import { Field } from '../../components/Field'
import { FieldError } from '../../components/FieldError'
import { focusField, useFieldChecks } from '../../components/use-field-checks'
import { NOTE_MAX } from '../../config/leads'
import {
  LEAD_SOURCES,
  checkManualLead,
  leadSourceLabels,
  type LeadSource,
  type ManualLeadInput,
  MANUAL_LEAD_LIMITS,
} from '../../config/manual-lead'
import { discardLead, queueManualLead, warmLeadOutbox } from './use-manual-leads'

const FIELDS = ['name', 'phone', 'email', 'source', 'note'] as const
type LeadField = (typeof FIELDS)[number]

/** What the form holds: the lead as typed (no source chosen yet: ''). */
export type LeadDraft = Omit<Required<ManualLeadInput>, 'source'> & { source: LeadSource | '' }

export const emptyLeadDraft: LeadDraft = { name: '', phone: '', email: '', source: '', note: '' }

/** What became of a lead the form took: sent to the server, or kept on this device for later. */
export interface LeadTaken {
  name: string
  status: 'sent' | 'queued'
}

export interface AddLeadFormProps {
  adminId: string
  /** A refused lead being changed: what it held, and the server's word on each field. */
  initial?: LeadDraft
  serverErrors?: Record<string, string>
  /** The refused outbox item this one replaces: discarded once the new one is taken. */
  replaces?: string
  /** Called with the lead taken, or null when the consultant cancels. */
  onClose: (taken: LeadTaken | null) => void
}

export function AddLeadForm({
  adminId,
  initial,
  serverErrors,
  replaces,
  onClose,
}: AddLeadFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [lead, setLead] = useState<LeadDraft>(initial ?? emptyLeadDraft)
  // "Neither a phone nor an e-mail" waits for a submit: leaving Phone empty to type the
  // address next is not a mistake.
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [formProblem, setFormProblem] = useState('')
  const checks = useFieldChecks<LeadField>(FIELDS, (field) => problemOf(field, lead, submitted))

  // The form opens on its first field, or on the field the server refused.
  useEffect(() => {
    warmLeadOutbox()
    const named = serverErrors ? FIELDS.find((field) => serverErrors[field]) : undefined
    if (serverErrors && named) checks.showServerErrors(serverErrors)
    focusLeadField(formRef.current, named ?? 'name')
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function update(field: LeadField, value: string) {
    checks.changed(field)
    setLead((current) => ({ ...current, [field]: value }))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    setSubmitted(true)
    setFormProblem('')
    const firstChecked = checks.checkAll()
    const { value, problems } = checkManualLead(lead)
    const first = FIELDS.find((field) => problems[field] || field === firstChecked)
    if (first) return focusLeadField(form, first)

    setBusy(true)
    let result: Awaited<ReturnType<typeof queueManualLead>>
    try {
      result = await queueManualLead(value, adminId)
    } catch {
      setBusy(false)
      setFormProblem('The lead could not be saved on this device. Please try again.')
      return
    }
    if (result.status === 'failed') {
      // The form holds what was typed: the refused copy would only show twice.
      await discardLead(result.id).catch(() => undefined)
      setBusy(false)
      const fieldErrors = result.error?.fieldErrors ?? {}
      const named = FIELDS.find((field) => fieldErrors[field])
      if (named) {
        checks.showServerErrors(fieldErrors)
        focusLeadField(form, named)
      } else {
        setFormProblem(
          `The server refused the lead: ${result.error?.serverMessage || 'no reason given.'}`,
        )
      }
      return
    }
    if (replaces) await discardLead(replaces).catch(() => undefined)
    onClose({ name: value.name, status: result.status })
  }

  function cancelOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation()
      onClose(null)
    }
  }

  const sourceError = checks.errorOf('source')
  const noteError = checks.errorOf('note')
  return (
    <section className="admin-add-lead card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-add-lead__title">
        Add a lead
      </h2>
      <p className="admin-add-lead__intro">
        Someone who phoned, walked in, was referred or met at an event. A phone number or an e-mail
        address is enough.
      </p>
      <form
        ref={formRef}
        className="admin-add-lead__form"
        noValidate
        onSubmit={(event) => void submit(event)}
        onKeyDown={cancelOnEscape}
      >
        <CheckedField
          field="name"
          label="Name"
          autoComplete="off"
          maxLength={MANUAL_LEAD_LIMITS.name}
          value={lead.name}
          onValue={(value) => update('name', value)}
          checks={checks}
        />
        <CheckedField
          field="phone"
          label="Phone"
          type="tel"
          autoComplete="off"
          maxLength={MANUAL_LEAD_LIMITS.phone}
          value={lead.phone}
          onValue={(value) => update('phone', value)}
          checks={checks}
        />
        <CheckedField
          field="email"
          label="E-mail"
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={MANUAL_LEAD_LIMITS.email}
          value={lead.email}
          onValue={(value) => update('email', value)}
          checks={checks}
        />
        {/* Each radio points at the group's problem, read with whichever one has focus. */}
        <fieldset className="admin-add-lead__sources">
          <legend>Where they came from</legend>
          <div className="admin-add-lead__choices">
            {LEAD_SOURCES.map((source) => (
              <label key={source} className="admin-add-lead__choice">
                <input
                  type="radio"
                  name="source"
                  value={source}
                  checked={lead.source === source}
                  onChange={() => update('source', source)}
                  {...checks.controlProps('source')}
                />
                {leadSourceLabels[source]}
              </label>
            ))}
          </div>
          <FieldError id={checks.errorId('source')} message={sourceError} />
        </fieldset>
        <Field label="Note (optional)" htmlFor={`${id}-note`}>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            value={lead.note}
            onChange={(event) => update('note', event.target.value)}
            {...checks.controlProps('note')}
          />
          <FieldError id={checks.errorId('note')} message={noteError} />
        </Field>
        {formProblem && (
          <p className="form-message form-message--error" role="alert">
            {formProblem}
          </p>
        )}
        <div className="admin-add-lead__actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Adding...' : 'Add lead'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onClose(null)}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}

/** The problem to show under `field`; the either/or rule only once the form has been sent. */
export function problemOf(field: LeadField, lead: LeadDraft, submitted: boolean): string | null {
  if (field === 'phone' && !submitted && !lead.phone.trim() && !lead.email.trim()) return null
  return checkManualLead(lead).problems[field] ?? null
}

/** Focus on a field by name; for the radio group, the chosen radio or the first. */
function focusLeadField(form: HTMLFormElement | null, field: LeadField) {
  if (field !== 'source') return focusField(form, field)
  const radios = form?.querySelectorAll<HTMLInputElement>('input[name="source"]')
  const chosen = radios ? Array.from(radios).find((radio) => radio.checked) : undefined
  ;(chosen ?? radios?.[0])?.focus()
}
