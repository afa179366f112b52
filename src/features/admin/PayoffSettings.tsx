// The payoff model's assumptions, in the Audits tab: the hours a week one fix gives back in each
// area of the audit, the hourly rate a report starts with and the working weeks a year. Every
// report, results mail, follow-up mail and dashboard uses them. Saved on the server, not offline:
// the card says so when it cannot reach it.
import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import { getPayoff, savePayoff, type PayoffAssumptions } from '../../backend/payoff-api'
import { sections } from '../../audit/questionnaire'
import { FieldError } from '../../components/FieldError'
import { PAYOFF_LIMITS, type PayoffRange } from '../../config/payoff'
import { ErrorState, LoadingState } from './StatusMessage'
import { failedSave, type SaveState } from './settings-save'
import { useServerData } from './use-admin'
import './payoff.css'

export function PayoffSettings() {
  const loaded = useServerData('payoff', () => getPayoff(pb))
  return (
    <details className="admin-payoff admin-settings-card card">
      <summary>What the reports say a fix is worth</summary>
      {loaded.loading ? (
        <LoadingState />
      ) : !loaded.data ? (
        <ErrorState
          text="Failed to fetch the payoff settings."
          onRetry={loaded.refresh}
          error={loaded.error}
        />
      ) : (
        <PayoffEditor
          saved={loaded.data.assumptions}
          defaults={loaded.data.defaults}
          onSaved={(answer) => loaded.patch(() => answer)}
        />
      )}
    </details>
  )
}

/** A number input's value as typed ('' stays '' so the field can be emptied and retyped). */
type Draft = {
  hourlyRate: string
  weeksPerYear: string
  sectionHours: Record<string, { low: string; high: string }>
}

function toDraft(a: PayoffAssumptions): Draft {
  const sectionHours: Draft['sectionHours'] = {}
  for (const { name } of sections) {
    const range: PayoffRange = a.sectionHours[name] ?? { low: 0, high: 0 }
    sectionHours[name] = { low: String(range.low), high: String(range.high) }
  }
  return { hourlyRate: String(a.hourlyRate), weeksPerYear: String(a.weeksPerYear), sectionHours }
}

/** What is sent: numbers where typed, NaN (refused by the server, named) where not. */
function fromDraft(d: Draft): PayoffAssumptions {
  const num = (text: string) => (text.trim() === '' ? NaN : Number(text))
  const sectionHours: Record<string, PayoffRange> = {}
  for (const [name, r] of Object.entries(d.sectionHours))
    sectionHours[name] = { low: num(r.low), high: num(r.high) }
  return { hourlyRate: num(d.hourlyRate), weeksPerYear: num(d.weeksPerYear), sectionHours }
}

function PayoffEditor({
  saved,
  defaults,
  onSaved,
}: {
  saved: PayoffAssumptions
  defaults: PayoffAssumptions
  onSaved: (answer: { assumptions: PayoffAssumptions; defaults: PayoffAssumptions }) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState(() => toDraft(saved))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })
  const changed = JSON.stringify(draft) !== JSON.stringify(toDraft(saved))

  function update(next: Draft) {
    setDraft(next)
    if (save.kind === 'saved') setSave({ kind: 'idle' })
  }
  function updateHours(name: string, end: 'low' | 'high', value: string) {
    update({
      ...draft,
      sectionHours: {
        ...draft.sectionHours,
        [name]: { ...draft.sectionHours[name], [end]: value },
      },
    })
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setErrors({})
    setSave({ kind: 'saving' })
    try {
      // JSON has no NaN: an empty field goes as null and comes back named.
      const answer = await savePayoff(pb, JSON.parse(JSON.stringify(fromDraft(draft))))
      setDraft(toDraft(answer.assumptions))
      setSave({ kind: 'saved' })
      onSaved(answer)
    } catch (err) {
      const failed = failedSave(err)
      setErrors(failed.fields)
      setSave({ kind: 'error', text: failed.text })
    }
  }

  const errorId = (field: string) => `${id}-${field.replace(/[^A-Za-z0-9]+/g, '-')}-error`
  const invalid = (field: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  })
  const { minRate, maxRate, minWeeks, maxWeeks, maxHours } = PAYOFF_LIMITS

  return (
    <form className="admin-payoff__form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="admin-muted">
        Each of a report&rsquo;s top recommendations shows the hours a week it may give back and
        what that is worth in a year. The hours below are for one fix when the visitor&rsquo;s
        answer was the weakest; a better answer gets a smaller share, and areas scoring 80% or more
        get no figure. Visitors can change the hourly rate on their report.
      </p>
      <div className="admin-payoff__pair">
        <div className="field">
          <label htmlFor={`${id}-rate`}>Hourly rate a report starts with ($)</label>
          <input
            id={`${id}-rate`}
            type="number"
            inputMode="numeric"
            min={minRate}
            max={maxRate}
            value={draft.hourlyRate}
            onChange={(e) => update({ ...draft, hourlyRate: e.target.value })}
            {...invalid('hourlyRate')}
          />
          <FieldError id={errorId('hourlyRate')} message={errors.hourlyRate} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-weeks`}>Working weeks a year</label>
          <input
            id={`${id}-weeks`}
            type="number"
            inputMode="numeric"
            min={minWeeks}
            max={maxWeeks}
            value={draft.weeksPerYear}
            onChange={(e) => update({ ...draft, weeksPerYear: e.target.value })}
            {...invalid('weeksPerYear')}
          />
          <FieldError id={errorId('weeksPerYear')} message={errors.weeksPerYear} />
        </div>
      </div>
      {sections.map(({ name }, i) => {
        const field = (end: 'low' | 'high') => `sectionHours.${name}.${end}`
        return (
          <fieldset key={name} className="admin-payoff__section">
            <legend>{name}: hours a week per fix</legend>
            <div className="admin-payoff__pair">
              {(['low', 'high'] as const).map((end) => (
                <div key={end} className="field">
                  <label htmlFor={`${id}-${i}-${end}`}>{end === 'low' ? 'From' : 'To'}</label>
                  <input
                    id={`${id}-${i}-${end}`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={maxHours}
                    step={0.5}
                    value={draft.sectionHours[name]?.[end] ?? ''}
                    onChange={(e) => updateHours(name, end, e.target.value)}
                    {...invalid(field(end))}
                  />
                  <FieldError id={errorId(field(end))} message={errors[field(end)]} />
                </div>
              ))}
            </div>
          </fieldset>
        )
      })}
      <div className="admin-payoff__actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => update(toDraft(defaults))}
        >
          Use the starting values
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.kind === 'saving' || !changed}
        >
          {save.kind === 'saving' ? 'Saving...' : 'Save payoff settings'}
        </button>
      </div>
      <p className="admin-payoff__save" role="status" aria-live="polite">
        {save.kind === 'saved' && 'Saved. Reports and mails from now on use these figures.'}
        {save.kind === 'error' && <span className="field-error">{save.text}</span>}
        {save.kind === 'idle' && changed && 'Unsaved changes.'}
      </p>
    </form>
  )
}
