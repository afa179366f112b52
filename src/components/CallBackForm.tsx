import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { EMAIL_MAX, textLimits } from '../config/limits'
import { phoneProblem } from '../config/phone'
import { site } from '../config/site'
import { Field } from './Field'
import { FieldError } from './FieldError'
import { emailProblem, requiredProblem } from './field-problems'
import { browserUserAgent, deliver, isOffline, warmOutbox } from './outbox-delivery'
import { focusField, useFieldChecks } from './use-field-checks'
import './call-back-form.css'

const FIELDS = ['name', 'phone', 'email'] as const
type CallBackField = (typeof FIELDS)[number]
const EMPTY = { name: '', phone: '', email: '', when: '' }

type Outcome = { kind: 'sent' | 'queued' | 'later-sent' | 'error'; text: string }

/**
 * "Call me back": a name, a number, an e-mail and a good time, for when the scheduler cannot
 * load. It goes through the outbox like a message (source `call_back`): with no signal it waits on
 * the device and says so, and says so again when it has gone out.
 */
export function CallBackForm() {
  const id = useId()
  const [fields, setFields] = useState(EMPTY)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const checks = useFieldChecks<CallBackField>(FIELDS, (field) => {
    if (field === 'name') return requiredProblem(fields.name, 'your name')
    if (field === 'phone') return phoneProblem(fields.phone)
    return emailProblem(fields.email)
  })

  function update(field: keyof typeof EMPTY, value: string) {
    if (field !== 'when') checks.changed(field)
    setFields((current) => ({ ...current, [field]: value }))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    const first = checks.checkAll()
    if (first) return focusField(form, first)
    setBusy(true)
    setOutcome(null)
    const touch = await import('../offline/visit-source').then(
      (m) => m.firstTouch(),
      () => undefined,
    )
    const when = fields.when.trim()
    const status = await deliver(
      'contacts',
      {
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
        message: when ? `Please call me back. A good time: ${when}` : 'Please call me back.',
        source: 'call_back',
        userAgent: browserUserAgent(),
        ...(touch ? { firstTouch: touch } : {}),
      },
      (later) =>
        setOutcome(
          later === 'sent'
            ? { kind: 'later-sent', text: 'Call-back request sent. Talk soon!' }
            : {
                kind: 'error',
                text: 'Your request could not be sent. It is kept on this device: retry it from the note at the top of the page.',
              },
        ),
    )
    setBusy(false)
    if (status === 'failed') {
      setOutcome({
        kind: 'error',
        text: `Sorry, the request could not be sent. Please call ${site.phone.display} or try again.`,
      })
      return
    }
    setFields(EMPTY)
    setOutcome(
      status === 'sent'
        ? { kind: 'sent', text: `Thank you! ${site.ownerFirstName} will call you back soon.` }
        : {
            kind: 'queued',
            text: isOffline()
              ? "You're offline - your request is saved on this device and will be sent when you're back online."
              : 'Your request is saved on this device and will be sent as soon as the server answers.',
          },
    )
  }

  const controls = {
    name: { autoComplete: 'name', maxLength: textLimits.contacts.name, type: 'text' },
    phone: { autoComplete: 'tel', maxLength: textLimits.contacts.phone, type: 'tel' },
    email: { autoComplete: 'email', maxLength: EMAIL_MAX, type: 'email' },
  } as const
  const labels: Record<CallBackField, string> = {
    name: 'Your name',
    phone: 'Phone number',
    email: 'Email (to confirm the time)',
  }

  return (
    <form className="call-back" onSubmit={onSubmit} onFocus={warmOutbox} noValidate>
      <h3 className="call-back__title">Or I&apos;ll call you back</h3>
      {FIELDS.map((field) => (
        <Field key={field} label={labels[field]} htmlFor={`${id}-${field}`}>
          <input
            id={`${id}-${field}`}
            name={field}
            required
            {...controls[field]}
            value={fields[field]}
            onChange={(e) => update(field, e.target.value)}
            {...checks.controlProps(field)}
          />
          <FieldError id={checks.errorId(field)} message={checks.errorOf(field)} />
        </Field>
      ))}
      <Field label="A good time to call (optional)" htmlFor={`${id}-when`}>
        <input
          id={`${id}-when`}
          name="when"
          maxLength={200}
          placeholder="e.g. weekday mornings"
          value={fields.when}
          onChange={(e) => update('when', e.target.value)}
        />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Sending...' : 'Call Me Back'}
      </button>
      <p
        className={`call-back__outcome${outcome?.kind === 'error' ? ' call-back__outcome--error' : ''}`}
        role="status"
      >
        {outcome?.text}
      </p>
    </form>
  )
}
