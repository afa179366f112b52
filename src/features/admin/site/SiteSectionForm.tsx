// One section of the Site tab: a heading that opens and closes it (with what is unsaved or
// waiting), its fields with their problems (shown as each field is left, all at once on Save,
// and what the server said under the field it named), and Save, which is refused here while the
// section has a problem. A section stays mounted while closed, so nothing typed is lost.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { SiteProblems } from '../../../config/site-content'
import { type PendingSiteEdit } from './site-edits'
import { fieldOfPath, type SiteField, type SiteForm, type SiteSection } from './site-form'
import { SiteFieldsContext, type SiteFieldsState } from './SiteFields'
import { sectionFields, type SectionFieldsProps } from './SiteSectionFields'
import { goToPublish } from './SitePublish'

/** How saving a section went. */
export type SectionSaveOutcome =
  | { status: 'sent' | 'queued' }
  | { status: 'refused'; message: string; fieldErrors: Record<string, string> }
  | { status: 'not-kept' }

interface Message {
  text: string
  problem: boolean
  /** Saved to the draft on the server: what comes next is Publish. */
  publishNext?: boolean
}

export function SiteSectionForm({
  section,
  form,
  update,
  problems,
  unsaved,
  edits,
  online,
  open,
  onToggle,
  onSave,
  onUndo,
  onDiscard,
}: {
  section: SiteSection
  form: SiteForm
  update: SectionFieldsProps['update']
  /** The problems of this section's fields, by path. */
  problems: SiteProblems
  /** The form says something else than the draft (with the edits on their way). */
  unsaved: boolean
  /** This section's edits still in the outbox. */
  edits: PendingSiteEdit[]
  online: boolean
  open: boolean
  onToggle: () => void
  onSave: () => Promise<SectionSaveOutcome>
  onUndo: () => void
  onDiscard: (edit: PendingSiteEdit) => void
}) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [server, setServer] = useState<Record<string, string>>({})
  const [changedSince, setChangedSince] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Message | null>(null)
  const [focusRound, setFocusRound] = useState(0)

  const refused = edits.filter((edit) => edit.failed)
  const waiting = edits.length - refused.length
  // What the server said about an edit it refused, until the field is changed.
  const fromServer: Record<string, string> = {}
  for (const edit of refused) {
    for (const [path, text] of Object.entries(edit.fieldErrors)) {
      if (!isUnder(path, changedSince)) fromServer[path] = text
    }
  }
  Object.assign(fromServer, server)

  const fields: SiteFieldsState = {
    problemOf(path, whenever) {
      if (fromServer[path]) return fromServer[path]
      const problem = problems[path]
      if (!problem) return null
      return whenever || submitted || left.has(path) ? problem : null
    },
    left(path) {
      setLeft((prev) => (prev.has(path) ? prev : new Set(prev).add(path)))
    },
    changed(path) {
      setChangedSince((prev) => (prev.has(path) ? prev : new Set(prev).add(path)))
      setServer((prev) => {
        const kept = Object.entries(prev).filter(([p]) => !isUnder(p, new Set([path])))
        return kept.length === Object.keys(prev).length ? prev : Object.fromEntries(kept)
      })
      setMessage(null)
    },
  }

  // After a refused Save: focus on the first field with a problem, as drawn.
  useEffect(() => {
    if (!focusRound || !formRef.current) return
    const form = formRef.current
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (invalid) return invalid.focus()
    const listProblem = form.querySelector('.field-error')?.closest('fieldset')
    listProblem?.querySelector<HTMLElement>('input, textarea, button:not(:disabled)')?.focus()
  }, [focusRound])

  async function save(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const count = Object.keys(problems).length
    if (count > 0) {
      setSubmitted(true)
      setMessage({
        text:
          count === 1
            ? 'Not saved: please correct the problem marked above.'
            : `Not saved: please correct the ${count} problems marked above.`,
        problem: true,
      })
      setFocusRound((n) => n + 1)
      return
    }
    setBusy(true)
    setMessage(null)
    const outcome = await onSave()
    setBusy(false)
    if (outcome.status === 'refused') {
      setSubmitted(true)
      setServer(outcome.fieldErrors)
      const paths = Object.keys(outcome.fieldErrors)
      const named = paths.some((path) => section.fields.includes(fieldOfPath(path) as SiteField))
      const words = [outcome.message, ...paths.map((p) => `${p}: ${outcome.fieldErrors[p]}`)]
      setMessage({
        text: named
          ? 'Not saved: the server refused what is marked above.'
          : `Not saved: ${words.filter(Boolean).join(' ') || 'the server refused it.'}`,
        problem: true,
      })
      if (named) setFocusRound((n) => n + 1)
      return
    }
    if (outcome.status === 'not-kept') {
      setMessage({
        text: 'Not saved: this device could not keep the change. Please try again.',
        problem: true,
      })
      return
    }
    setSubmitted(false)
    setLeft(new Set())
    setChangedSince(new Set())
    setMessage({
      text:
        outcome.status === 'sent'
          ? 'Saved to the draft.'
          : online
            ? 'Saved on this device; sending it to the server...'
            : "Saved on this device. It goes to the server when you're back online.",
      problem: false,
      publishNext: outcome.status === 'sent',
    })
  }

  const badge = refused.length
    ? { text: 'Not saved', kind: 'problem' }
    : unsaved
      ? { text: 'Unsaved changes', kind: 'unsaved' }
      : waiting
        ? { text: 'Waiting to send', kind: 'waiting' }
        : null
  const Fields = sectionFields[section.id]

  return (
    <section className="site-ed__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="site-ed__heading">
        <button
          type="button"
          className="site-ed__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
        >
          <span className="site-ed__toggle-title">{section.title}</span>
          {badge && (
            <span className={`site-ed__badge site-ed__badge--${badge.kind}`}>
              <span className="visually-hidden">: </span>
              {badge.text}
            </span>
          )}
        </button>
      </h2>
      <div id={`${id}-body`} className="site-ed__body" hidden={!open}>
        <p className="site-ed__intro">{section.intro}</p>
        <form ref={formRef} noValidate onSubmit={(event) => void save(event)}>
          <SiteFieldsContext.Provider value={fields}>
            <Fields form={form} update={update} />
          </SiteFieldsContext.Provider>
          {refused.map((edit) => (
            <div key={edit.id} className="site-ed__refused" role="alert">
              <p>
                A change saved on this device was refused by the server:{' '}
                {edit.problem || 'no reason given.'} Correct it and save again, or discard it.
              </p>
              <button
                type="button"
                className="btn btn-secondary admin-btn-small"
                onClick={() => onDiscard(edit)}
              >
                Discard that change
              </button>
            </div>
          ))}
          <div className="site-ed__actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
              <span className="visually-hidden"> {section.title}</span>
            </button>
            {unsaved && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() => {
                  setServer({})
                  setSubmitted(false)
                  setLeft(new Set())
                  setMessage(null)
                  onUndo()
                }}
              >
                Undo changes
              </button>
            )}
          </div>
          <p
            className={
              message?.problem ? 'site-ed__message site-ed__message--problem' : 'site-ed__message'
            }
            role="status"
          >
            {message?.text}
          </p>
          {message?.publishNext && (
            <button
              type="button"
              className="btn btn-secondary site-ed__to-publish"
              onClick={goToPublish}
            >
              Go to Publish
            </button>
          )}
        </form>
      </div>
    </section>
  )
}

/** True when `path` is one of `paths` or inside one ("packages.1.price" in "packages"). */
function isUnder(path: string, paths: ReadonlySet<string>): boolean {
  for (const p of paths) if (path === p || path.startsWith(`${p}.`)) return true
  return false
}
