import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import type { ContactInput } from '../backend/types'
import { EMAIL_MAX, textLimits } from '../config/limits'
import { phoneProblem } from '../config/phone'
import { firstNameOf } from '../config/site-content-helpers'
import { Field } from './Field'
import { CheckedField } from './CheckedField'
import { emailProblem, requiredProblem } from './field-problems'
import { useSiteContent } from './site-content'
import { focusField, useFieldChecks } from './use-field-checks'
import './call-back-form.css'

const FIELDS = ['name', 'phone', 'email'] as const
type CallBackField = (typeof FIELDS)[number]
const EMPTY = { name: '', phone: '', email: '', when: '' }

type Outcome = { kind: 'sent' | 'queued' | 'later-sent' | 'error'; text: string }

/**
 * "Call me back": a name, a number, an e-mail and a good time, for when the scheduler cannot
 * load. It goes through the outbox like a message (source `call_back`): with no signal it waits on
 * the device and says so, and says so again when it has gone out. Once the request is taken (sent,
 * or kept on the device) a confirmation takes the form's place, and focus moves to it.
 */
export function CallBackForm() {
  const id = useId()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // The request was taken: sent, or kept on the device to go out later.
  const [taken, setTaken] = useState(false)
  // A new request starts with a new, untouched form.
  const [round, setRound] = useState(0)
  const confirmation = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (taken) confirmation.current?.focus()
  }, [taken])

  return (
    <div className="call-back">
      {taken ? (
        // Focused, it reads out with what happened (the line under it).
        <p
          ref={confirmation}
          tabIndex={-1}
          className="call-back__title"
          aria-describedby={`${id}-outcome`}
        >
          Your call-back request
        </p>
      ) : (
        <CallBackFields
          key={round}
          titleId={`${id}-title`}
          // "Send another request": the new form takes the focus the button had.
          focusFirst={round > 0}
          onOutcome={(next, isTaken) => {
            setOutcome(next)
            if (isTaken) setTaken(true)
          }}
        />
      )}
      <p
        id={`${id}-outcome`}
        className={`call-back__outcome${outcome?.kind === 'error' ? ' call-back__outcome--error' : ''}`}
        role="status"
      >
        {outcome?.text}
      </p>
      {taken && (
        <button
          type="button"
          className="call-back__again"
          onClick={() => {
            setOutcome(null)
            setTaken(false)
            setRound((n) => n + 1)
          }}
        >
          Send another request
        </button>
      )}
    </div>
  )
}

/** The form itself; it reports each outcome, and whether the request was taken (`isTaken`). */
function CallBackFields({
  titleId,
  focusFirst,
  onOutcome,
}: {
  titleId: string
  focusFirst: boolean
  onOutcome: (outcome: Outcome | null, isTaken?: boolean) => void
}) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector('input')?.focus()
  }, [focusFirst])
  const [fields, setFields] = useState(EMPTY)
  const [busy, setBusy] = useState(false)
  const content = useSiteContent()
  const checks = useFieldChecks<CallBackField>(FIELDS, (field) => {
    if (field === 'name') return requiredProblem(fields.name, 'your name')
    if (field === 'phone') return phoneProblem(fields.phone)
    return emailProblem(fields.email, true)
  })

  function update(field: keyof typeof EMPTY, value: string) {
    setFields((current) => ({ ...current, [field]: value }))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const form = event.currentTarget
    const first = checks.checkAll()
    if (first) return focusField(form, first)
    setBusy(true)
    onOutcome(null)
    const touch = await import('../offline/visit-source').then(
      (m) => m.firstTouch(),
      () => undefined,
    )
    const when = fields.when.trim()
    const phone = fields.phone.trim()
    const status = await queueCallBack(
      {
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone,
        message: when ? `Please call me back. A good time: ${when}` : 'Please call me back.',
        source: 'call_back',
        userAgent: navigator.userAgent.slice(0, 512),
        ...(touch ? { firstTouch: touch } : {}),
      },
      (later) =>
        onOutcome(
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
      // What was typed stays, to try again.
      onOutcome({
        kind: 'error',
        text: `Sorry, the request could not be sent. Please call ${content.phone} or try again.`,
      })
      return
    }
    onOutcome(
      status === 'sent'
        ? {
            kind: 'sent',
            text: `Thank you! ${firstNameOf(content)} will call you back soon at ${phone}.`,
          }
        : {
            kind: 'queued',
            text:
              navigator.onLine === false
                ? "You're offline - your request is saved on this device and will be sent when you're back online."
                : 'Your request is saved on this device and will be sent as soon as the server answers.',
          },
      true,
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
    // Not a heading: the form sits on pages and in a dialog whose heading levels differ.
    <form
      ref={formRef}
      className="call-back__form"
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      onFocus={warmOutbox}
      noValidate
    >
      <p id={titleId} className="call-back__title">
        Or I&apos;ll call you back
      </p>
      {FIELDS.map((field) => (
        <CheckedField
          key={field}
          field={field}
          label={labels[field]}
          required
          {...controls[field]}
          value={fields[field]}
          onValue={(value) => update(field, value)}
          checks={checks}
        />
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
    </form>
  )
}

// The outbox, loaded here rather than through outbox-delivery.ts: that module is part of the
// site's first JavaScript, and this chunk importing it makes the bundler split it out of there.

/** Queues the request like a message; `onSettled` hears later whether a waiting one went out. */
async function queueCallBack(
  payload: ContactInput,
  onSettled: (outcome: 'sent' | 'failed') => void,
): Promise<'sent' | 'queued' | 'failed'> {
  try {
    const outbox = await import('../offline/app-outbox')
    const result = await outbox.enqueue('contacts', payload)
    if (result.status === 'queued') void outbox.whenSettled(result.id).then(onSettled)
    return result.status
  } catch (err) {
    console.error('Could not hand the call-back request to the outbox', err)
    return 'failed'
  }
}

/** Loads the outbox while there is a connection, so a request made after it drops is kept. */
function warmOutbox() {
  if (navigator.onLine !== false) import('../offline/app-outbox').catch(() => undefined)
}
