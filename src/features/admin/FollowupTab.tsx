// The Follow-up tab: the consultant's settings of the short sequence sent after an audit
// (on/off, each mail's delay, subject and text with placeholders), a preview for a real person
// and a test mail to themselves, and the figures per mail. Saved on the server, not offline:
// the tab says so when it cannot reach it.
import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import {
  getFollowupSettings,
  saveFollowupSettings,
  type FollowupSettings,
} from '../../backend/followup-api'
import { FOLLOWUP_LIMITS, FOLLOWUP_PLACEHOLDERS, type FollowupStep } from '../../config/followup'
import { FollowupFiguresTable } from './FollowupFigures'
import { FollowupPreview } from './FollowupPreview'
import { ErrorState, LoadingState } from './StatusMessage'
import { failedSave, type SaveState } from './settings-save'
import { useServerData } from './use-admin'
import './followup.css'

export function FollowupTab() {
  const loaded = useServerData('followup:settings', () => getFollowupSettings(pb))
  if (loaded.loading) return <LoadingState />
  if (!loaded.data)
    return (
      <ErrorState
        text="Failed to fetch the follow-up settings."
        onRetry={loaded.refresh}
        error={loaded.error}
      />
    )
  return (
    <FollowupEditor
      saved={loaded.data.settings}
      defaults={loaded.data.defaults}
      onSaved={(settings) => loaded.patch((data) => ({ ...data, settings }))}
    />
  )
}

function FollowupEditor({
  saved,
  defaults,
  onSaved,
}: {
  saved: FollowupSettings
  defaults: FollowupSettings
  onSaved: (settings: FollowupSettings) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState<FollowupSettings>(saved)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })
  const changed = JSON.stringify(draft) !== JSON.stringify(saved)

  function update(next: FollowupSettings) {
    setDraft(next)
    if (save.kind === 'saved') setSave({ kind: 'idle' })
  }
  function updateStep(index: number, change: Partial<FollowupStep>) {
    update({ ...draft, steps: draft.steps.map((s, i) => (i === index ? { ...s, ...change } : s)) })
  }
  function addStep() {
    const last = draft.steps[draft.steps.length - 1]
    const template = defaults.steps[Math.min(draft.steps.length, defaults.steps.length - 1)]
    update({
      ...draft,
      steps: [
        ...draft.steps,
        {
          ...template,
          delayDays: Math.min(FOLLOWUP_LIMITS.maxDelayDays, (last?.delayDays ?? 0) + 7),
        },
      ],
    })
  }
  function removeStep(index: number) {
    update({ ...draft, steps: draft.steps.filter((_, i) => i !== index) })
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setErrors({})
    setSave({ kind: 'saving' })
    try {
      // What the server kept (trimmed) is the new starting point.
      const stored = await saveFollowupSettings(pb, draft)
      setDraft(stored)
      setSave({ kind: 'saved' })
      onSaved(stored)
    } catch (err) {
      const failed = failedSave(err)
      setErrors(failed.fields)
      setSave({ kind: 'error', text: failed.text })
    }
  }

  const error = (field: string) => errors[field]
  const describe = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined)

  return (
    <div className="admin-followup">
      <p className="admin-muted">
        After an audit, the people who showed the address is theirs (they clicked a link in their
        results e-mail, confirmed the newsletter or verified an account) get these short e-mails
        from you. They stop when the person books a call, sends a message, gets a status other than
        New, or clicks stop.
      </p>
      <form className="admin-followup__form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="admin-followup__switch">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(e) => update({ ...draft, enabled: e.target.checked })}
          />
          Send follow-up e-mails
        </label>
        {error('enabled') && <p className="admin-followup__error">{error('enabled')}</p>}
        {error('steps') && (
          <p className="admin-followup__error" role="alert">
            {error('steps')}
          </p>
        )}

        {draft.steps.map((step, i) => (
          <fieldset key={i} className="admin-followup__step card">
            <legend>Follow-up {i + 1}</legend>
            <div className="field admin-followup__delay">
              <label htmlFor={`${id}-${i}-delay`}>Days after the audit</label>
              <input
                id={`${id}-${i}-delay`}
                type="number"
                inputMode="numeric"
                min={FOLLOWUP_LIMITS.minDelayDays}
                max={FOLLOWUP_LIMITS.maxDelayDays}
                value={Number.isFinite(step.delayDays) ? step.delayDays : ''}
                onChange={(e) => updateStep(i, { delayDays: e.target.valueAsNumber })}
                aria-invalid={error(`steps.${i}.delayDays`) ? true : undefined}
                aria-describedby={describe(`steps.${i}.delayDays`)}
              />
              <FieldError
                id={describe(`steps.${i}.delayDays`)}
                text={error(`steps.${i}.delayDays`)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-${i}-subject`}>Subject</label>
              <input
                id={`${id}-${i}-subject`}
                type="text"
                maxLength={FOLLOWUP_LIMITS.subjectMax}
                value={step.subject}
                onChange={(e) => updateStep(i, { subject: e.target.value })}
                aria-invalid={error(`steps.${i}.subject`) ? true : undefined}
                aria-describedby={describe(`steps.${i}.subject`)}
              />
              <FieldError id={describe(`steps.${i}.subject`)} text={error(`steps.${i}.subject`)} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-${i}-text`}>Text</label>
              <textarea
                id={`${id}-${i}-text`}
                rows={12}
                maxLength={FOLLOWUP_LIMITS.textMax}
                value={step.text}
                onChange={(e) => updateStep(i, { text: e.target.value })}
                aria-invalid={error(`steps.${i}.text`) ? true : undefined}
                aria-describedby={describe(`steps.${i}.text`)}
              />
              <FieldError id={describe(`steps.${i}.text`)} text={error(`steps.${i}.text`)} />
            </div>
            {draft.steps.length > FOLLOWUP_LIMITS.minSteps && (
              <button
                type="button"
                className="btn btn-secondary admin-btn-small"
                onClick={() => removeStep(i)}
              >
                Remove follow-up {i + 1}
              </button>
            )}
          </fieldset>
        ))}

        <div className="admin-followup__actions">
          {draft.steps.length < FOLLOWUP_LIMITS.maxSteps && (
            <button type="button" className="btn btn-secondary" onClick={addStep}>
              Add a follow-up
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => update({ ...defaults })}
          >
            Use the default texts
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.kind === 'saving' || !changed}
          >
            {save.kind === 'saving' ? 'Saving...' : 'Save follow-ups'}
          </button>
        </div>
        <p className="admin-followup__save" role="status" aria-live="polite">
          {save.kind === 'saved' && 'Saved. Mails not yet sent follow the new settings.'}
          {save.kind === 'error' && <span className="admin-followup__error">{save.text}</span>}
          {save.kind === 'idle' && changed && 'Unsaved changes.'}
        </p>
      </form>

      <details className="admin-followup__help">
        <summary>Placeholders you can use</summary>
        <dl>
          {Object.entries(FOLLOWUP_PLACEHOLDERS).map(([name, meaning]) => (
            <div key={name}>
              <dt>
                <code>{`{{${name}}}`}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
        <p>
          A line that is only <code>{'{{bookingLink}}'}</code> becomes a button; a subject can use{' '}
          <code>{'{{firstName}}'}</code>, <code>{'{{score}}'}</code>, <code>{'{{band}}'}</code> and{' '}
          <code>{'{{weakestSection}}'}</code>.
        </p>
      </details>

      <FollowupPreview steps={draft.steps} />

      <h2 className="admin-followup__subtitle">How the follow-ups do</h2>
      <FollowupFiguresTable />
    </div>
  )
}

function FieldError({ id, text }: { id: string | undefined; text: string | undefined }) {
  if (!text || !id) return null
  return (
    <p id={id} className="admin-followup__error">
      {text}
    </p>
  )
}
