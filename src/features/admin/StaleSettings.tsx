// Under the People list: the morning mail's switch (MorningMailSettings), and after how many days
// without activity (an audit, a message, a sign-up, a logged call or e-mail) someone in an open
// status is marked Stale. Saved on the server, not offline: each card says so when it cannot
// reach it.
import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import { savePeopleSettings } from '../../backend/people-api'
import { FieldError } from '../../components/FieldError'
import {
  OPEN_STATUSES,
  STALE_LIMITS,
  personStatusLabels,
  type OpenStatus,
  type StaleDays,
} from '../../config/leads'
import { MorningMailSettings } from './MorningMailSettings'
import { failedSave } from './settings-save'

type Draft = Record<OpenStatus, string>

const toDraft = (days: StaleDays): Draft =>
  Object.fromEntries(OPEN_STATUSES.map((s) => [s, String(days[s])])) as Draft

interface StaleSettingsProps {
  saved: StaleDays
  /** False while the settings come from the defaults or the offline copy. */
  loaded: boolean
  onSaved: () => void
}

/** The People settings under the list: the morning mail, then when someone goes stale. */
export function StaleSettings(props: StaleSettingsProps) {
  return (
    <>
      <MorningMailSettings />
      <StaleDaysCard {...props} />
    </>
  )
}

function StaleDaysCard({ saved, loaded, onSaved }: StaleSettingsProps) {
  const id = useId()
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [note, setNote] = useState('')
  const shown = draft ?? toDraft(saved)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setErrors({})
    setNote('Saving...')
    const staleDays = Object.fromEntries(
      OPEN_STATUSES.map((s) => [s, shown[s].trim() === '' ? null : Number(shown[s])]),
    ) as unknown as StaleDays
    try {
      await savePeopleSettings(pb, { staleDays })
      setDraft(null)
      setNote('Saved.')
      onSaved()
    } catch (err) {
      const failed = failedSave(err)
      setErrors(failed.fields)
      setNote(failed.text)
    }
  }

  return (
    <details className="admin-stale-settings admin-settings-card card">
      <summary>When someone goes stale</summary>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="admin-muted">
          Someone New, Contacted or with a Call booked is marked Stale in the list after this many
          days with nothing from them and no call or e-mail logged.
        </p>
        <div className="admin-stale-settings__fields">
          {OPEN_STATUSES.map((status) => {
            const field = `staleDays.${status}`
            const errorId = `${id}-${status}-error`
            return (
              <div key={status} className="field">
                <label htmlFor={`${id}-${status}`}>{personStatusLabels[status]}: days</label>
                <input
                  id={`${id}-${status}`}
                  type="number"
                  inputMode="numeric"
                  min={STALE_LIMITS.minDays}
                  max={STALE_LIMITS.maxDays}
                  value={shown[status]}
                  onChange={(e) => {
                    setDraft({ ...shown, [status]: e.target.value })
                    setNote('')
                  }}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? errorId : undefined}
                />
                <FieldError id={errorId} message={errors[field]} />
              </div>
            )
          })}
        </div>
        <button type="submit" className="btn btn-primary admin-btn-small" disabled={!loaded}>
          Save
        </button>
        <p className="admin-note" role="status">
          {loaded ? note : 'The settings can be changed once the server is reached.'}
        </p>
      </form>
    </details>
  )
}
