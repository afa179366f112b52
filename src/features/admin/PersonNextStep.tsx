// A person's next step (one line and a due date) and the log of what the consultant did: after a
// call or an e-mail, one tap puts "Called" or "E-mailed" on the timeline with the time. Queued
// through the outbox like notes, so it works with no signal and shows as waiting until sent.
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useSession } from '../../backend/session'
import type { PersonRecord } from '../../backend/types'
import { NEXT_STEP_MAX } from '../../config/leads'
import { queuePersonUpdate, type PendingPersonUpdate } from '../../offline/admin-cache'
import { formatDateTime } from './format'
import { formatDay, shownNextStep } from './people-format'
import './today.css'

export function PersonNextStep({
  person,
  pending,
}: {
  person: PersonRecord
  pending: PendingPersonUpdate[]
}) {
  const { user } = useSession()
  const id = useId()
  const shown = shownNextStep(person, pending)
  const [text, setText] = useState(shown.text)
  const [due, setDue] = useState(shown.due)
  const [problem, setProblem] = useState('')
  const [logged, setLogged] = useState('')
  if (!user) return null
  const adminId = user.id

  async function save(event: FormEvent) {
    event.preventDefault()
    setProblem('')
    const step = text.trim()
    if (step.length > NEXT_STEP_MAX) return setProblem(`At most ${NEXT_STEP_MAX} characters.`)
    try {
      await queuePersonUpdate(
        { person: person.id, kind: 'next_step', text: step, due: due || undefined },
        adminId,
      )
    } catch {
      setProblem('The next step could not be saved on this device. Please try again.')
    }
  }

  async function log(kind: 'called' | 'emailed') {
    setProblem('')
    try {
      await queuePersonUpdate({ person: person.id, kind }, adminId)
      setLogged(kind === 'called' ? 'Call logged.' : 'E-mail logged.')
    } catch {
      setProblem('That could not be saved on this device. Please try again.')
    }
  }

  return (
    <section className="admin-person__next" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-person__subtitle">
        Next step
      </h2>
      <form className="admin-next-step" onSubmit={(e) => void save(e)} noValidate>
        <div className="field admin-next-step__text">
          <label htmlFor={`${id}-text`}>What to do next</label>
          <input
            id={`${id}-text`}
            type="text"
            maxLength={NEXT_STEP_MAX}
            placeholder="e.g. Call about the spring bookings"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="field admin-next-step__due">
          <label htmlFor={`${id}-due`}>Due</label>
          <input
            id={`${id}-due`}
            type="date"
            value={due}
            onChange={(e) => setDue(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary admin-btn-small">
          Save next step
        </button>
      </form>
      <p className="admin-muted">
        {shown.text || shown.due
          ? `Now: ${shown.text || '(no text)'}${shown.due ? `, due ${formatDay(shown.due)}` : ''}`
          : 'No next step yet.'}
        {shown.pending && <span className="admin-pending"> (waiting to send)</span>}
        {person.lastContactAt ? ` Last contact: ${formatDateTime(person.lastContactAt)}.` : ''}
      </p>
      <div className="admin-next-step__log">
        <span>After a call or an e-mail:</span>
        <button
          type="button"
          className="btn btn-secondary admin-btn-small"
          onClick={() => void log('called')}
        >
          Log a call
        </button>
        <button
          type="button"
          className="btn btn-secondary admin-btn-small"
          onClick={() => void log('emailed')}
        >
          Log an e-mail
        </button>
      </div>
      <p className="admin-note" role="status">
        {logged}
      </p>
      <p className="admin-note" role="alert">
        {problem}
      </p>
    </section>
  )
}
