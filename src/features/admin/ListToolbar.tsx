import { useId } from 'react'
import type { ReactNode } from 'react'
import { periodLabels, type Period } from './format'
import { Field } from '../../components/Field'

interface ListToolbarProps {
  /** e.g. 'audits': names the search landmark and the controls. */
  subject: string
  email: string
  onEmailChange: (email: string) => void
  period: Period
  onPeriodChange: (period: Period) => void
  onRefresh: () => void
  onExport: () => void
  exporting: boolean
  /** Extra controls (the audit sort). */
  children?: ReactNode
}

/** The filter row every admin tab shares: e-mail contains, period, Refresh, Export CSV. */
export function ListToolbar(props: ListToolbarProps) {
  const id = useId()
  return (
    <form
      className="admin-toolbar"
      role="search"
      aria-label={`Filter ${props.subject}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label="Filter by email" htmlFor={`${id}-email`} className="admin-toolbar__grow">
        <input
          id={`${id}-email`}
          type="search"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. innkeeper"
          value={props.email}
          onChange={(event) => props.onEmailChange(event.target.value)}
        />
      </Field>
      <Field label="Submitted" htmlFor={`${id}-period`}>
        <select
          id={`${id}-period`}
          value={props.period}
          onChange={(event) => props.onPeriodChange(event.target.value as Period)}
        >
          {(Object.keys(periodLabels) as Period[]).map((p) => (
            <option key={p} value={p}>
              {periodLabels[p]}
            </option>
          ))}
        </select>
      </Field>
      {props.children}
      <div className="admin-toolbar__actions">
        <button type="button" className="btn btn-secondary" onClick={props.onRefresh}>
          Refresh
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={props.onExport}
          disabled={props.exporting}
        >
          {props.exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
    </form>
  )
}
