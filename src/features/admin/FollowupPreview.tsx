// The Follow-up tab's preview: one mail of the draft (unsaved changes included) as a real person
// from the People list would get it, and "Send me a test" of it to the signed-in admin.
import { useEffect, useId, useRef, useState } from 'react'
import { pb } from '../../backend/client'
import {
  fieldErrorsOf,
  previewFollowup,
  sendTestFollowup,
  type RenderedMail,
} from '../../backend/followup-api'
import { emptyPeopleFilter, listPeople } from '../../backend/people-api'
import type { PersonRecord } from '../../backend/types'
import type { FollowupStep } from '../../config/followup'
import { showMailHtml } from './mail-preview'
import { useDebounced, useServerData } from './use-admin'

type TestState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'queued'; to: string }
  | { kind: 'error'; text: string }

export function FollowupPreview({ steps }: { steps: FollowupStep[] }) {
  const id = useId()
  const [search, setSearch] = useState('')
  const query = useDebounced(search.trim(), 300)
  const people = useServerData(`followup:people:${query}`, () =>
    listPeople(pb, 1, { ...emptyPeopleFilter, search: query }),
  )
  // The chosen person stays chosen (and in the list) while a new search loads or finds others.
  const [picked, setPicked] = useState<PersonRecord | null>(null)
  const [stepIndex, setStepIndex] = useState(0)
  const [preview, setPreview] = useState<RenderedMail | null>(null)
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)
  const [test, setTest] = useState<TestState>({ kind: 'idle' })

  const index = Math.min(stepIndex, steps.length - 1)
  const step = steps[index]
  const found = people.data?.items ?? []
  const choices = picked && !found.some((p) => p.id === picked.id) ? [picked, ...found] : found
  const chosen = picked?.id ?? ''
  const draft = { person: chosen, subject: step?.subject ?? '', text: step?.text ?? '' }

  function explain(err: unknown, fallback: string) {
    const fields = fieldErrorsOf(err)
    const first = Object.values(fields)[0]
    return first
      ? `${fallback}: ${first}`
      : `${fallback}. Please check your connection and try again.`
  }

  async function showPreview() {
    setBusy(true)
    setProblem('')
    try {
      setPreview(await previewFollowup(pb, draft))
    } catch (err) {
      setProblem(explain(err, 'No preview'))
    } finally {
      setBusy(false)
    }
  }

  async function sendTest() {
    setTest({ kind: 'sending' })
    try {
      const answer = await sendTestFollowup(pb, draft)
      setTest({ kind: 'queued', to: answer.to })
    } catch (err) {
      setTest({ kind: 'error', text: explain(err, 'The test was not sent') })
    }
  }

  return (
    <section className="admin-followup__preview card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-followup__subtitle">
        Preview and test
      </h2>
      <div className="admin-followup__preview-controls">
        <div className="field">
          <label htmlFor={`${id}-search`}>Find a person</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            placeholder="Name or e-mail"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-person`}>Person</label>
          <select
            id={`${id}-person`}
            value={chosen}
            onChange={(e) => setPicked(choices.find((p) => p.id === e.target.value) ?? null)}
          >
            <option value="">
              {people.loading ? 'Loading people...' : 'Made-up example (Pat)'}
            </option>
            {choices.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name ? `${person.name} (${person.email})` : person.email}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-step`}>Mail</label>
          <select
            id={`${id}-step`}
            value={index}
            onChange={(e) => setStepIndex(Number(e.target.value))}
          >
            {steps.map((s, i) => (
              <option key={i} value={i}>
                Follow-up {i + 1} (day {Number.isFinite(s.delayDays) ? s.delayDays : '?'})
              </option>
            ))}
          </select>
        </div>
      </div>
      {people.error !== undefined && !people.loading && (
        <p className="admin-followup__error">The People list could not be loaded.</p>
      )}
      <div className="admin-followup__actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || !step}
          onClick={() => void showPreview()}
        >
          {busy ? 'Rendering...' : 'Preview'}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={test.kind === 'sending' || !step}
          onClick={() => void sendTest()}
        >
          {test.kind === 'sending' ? 'Sending...' : 'Send me a test'}
        </button>
      </div>
      <p className="admin-followup__save" role="status" aria-live="polite">
        {test.kind === 'queued' &&
          `A test is on its way to ${test.to}; it goes out with the mail queue's next run.`}
        {test.kind === 'error' && <span className="admin-followup__error">{test.text}</span>}
        {problem && <span className="admin-followup__error">{problem}</span>}
      </p>
      {preview && (
        <div className="admin-followup__rendered">
          <p>
            <strong>Subject:</strong> {preview.subject}
          </p>
          <MailBody html={preview.html} />
          <details>
            <summary>Plain-text part</summary>
            <pre className="admin-followup__text">{preview.text}</pre>
          </details>
        </div>
      )}
    </section>
  )
}

/** The mail's HTML as the person's mail app would show it (see mail-preview.ts). */
function MailBody({ html }: { html: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (box.current) showMailHtml(box.current, html)
  }, [html])
  return (
    <div
      ref={box}
      className="admin-followup__mail"
      role="document"
      aria-label="Preview of the follow-up e-mail"
    />
  )
}
