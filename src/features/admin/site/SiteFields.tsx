// The Site tab's controls: a labelled text field (its problem under it, a character count near
// its limit, the keyboard its kind wants on a phone) and a list of items with Move up, Move down,
// Remove and Add within the list's limits. Each section gives its fields what to show through
// SiteFieldsContext (which problems are shown yet, what the server said).
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react'
import { FieldError } from '../../../components/FieldError'
import { controlIdOf, moveItem, removeItem, replaceItem } from './site-form'

export interface SiteFieldsState {
  /**
   * The problem to show under the control of `path` now, or null. `whenever`: shown at once
   * (a list's own problem comes from a button pressed, not from typing).
   */
  problemOf(path: string, whenever?: boolean): string | null
  /** The consultant left the control of `path`: its problem may show. */
  left(path: string): void
  /** The control of `path` changed: what the server said about it goes. */
  changed(path: string): void
}

export const SiteFieldsContext = createContext<SiteFieldsState>({
  problemOf: () => null,
  left: () => undefined,
  changed: () => undefined,
})

export type TextKind = 'text' | 'long' | 'tel' | 'email' | 'url' | 'year' | 'price'

const inputByKind: Record<
  Exclude<TextKind, 'long'>,
  Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete'> & {
    spellCheck?: boolean
  }
> = {
  text: { type: 'text', autoComplete: 'off' },
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'off', spellCheck: false },
  url: { type: 'url', inputMode: 'url', autoComplete: 'off', spellCheck: false },
  year: { type: 'text', inputMode: 'numeric', autoComplete: 'off' },
  price: { type: 'text', autoComplete: 'off' },
}

/** The count shows from this share of the limit on. */
const COUNT_FROM = 0.8

export function TextField({
  path,
  label,
  value,
  onValue,
  max,
  kind = 'text',
  hint,
  rows = 3,
  counted = true,
}: {
  path: string
  label: ReactNode
  value: string
  onValue: (value: string) => void
  /** The most characters it takes. */
  max: number
  kind?: TextKind
  hint?: ReactNode
  rows?: number
  /** Shows "n of max characters" near the limit (not for a year). */
  counted?: boolean
}) {
  const fields = useContext(SiteFieldsContext)
  const id = controlIdOf(path)
  const hintId = `${id}-hint`
  const countId = `${id}-count`
  const errorId = `${id}-error`
  const problem = fields.problemOf(path)
  const showCount = counted && value.length >= Math.floor(max * COUNT_FROM)
  const describedBy = [hint ? hintId : '', showCount ? countId : '', problem ? errorId : '']
    .filter(Boolean)
    .join(' ')
  const control = {
    id,
    name: path,
    value,
    maxLength: max,
    'aria-invalid': problem ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
    onBlur: () => fields.left(path),
  }
  return (
    <div className="field site-ed__field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {kind === 'long' ? (
        <textarea
          {...control}
          rows={rows}
          onChange={(event) => {
            fields.changed(path)
            onValue(event.target.value)
          }}
        />
      ) : (
        <input
          {...control}
          {...inputByKind[kind]}
          onChange={(event) => {
            fields.changed(path)
            onValue(event.target.value)
          }}
        />
      )}
      {showCount && (
        <p
          id={countId}
          className={value.length >= max ? 'site-ed__count site-ed__count--full' : 'site-ed__count'}
        >
          {value.length} of {max} characters
        </p>
      )}
      <FieldError id={errorId} message={problem} />
    </div>
  )
}

type FocusAfter = { index: number; action: 'up' | 'down' | 'field' } | null

/**
 * A list the consultant orders and sizes: each item drawn by `renderItem`, with Move up, Move
 * down and Remove, and Add at the end, within `limits` (at least, at most). Focus follows the
 * item moved, added or removed, and a live region says where it went.
 */
export function ListEditor<T>({
  path,
  legend,
  noun,
  items,
  limits,
  newItem,
  onItems,
  renderItem,
  hint,
}: {
  path: string
  legend: string
  /** One item, capitalised: "Line", "Package". */
  noun: string
  items: readonly T[]
  limits: readonly [number, number]
  newItem: () => T
  onItems: (items: T[]) => void
  renderItem: (item: T, index: number, onItem: (item: T) => void) => ReactNode
  hint?: ReactNode
}) {
  const fields = useContext(SiteFieldsContext)
  const box = useRef<HTMLFieldSetElement>(null)
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null)
  const [said, setSaid] = useState('')
  const [min, max] = limits
  const problem = fields.problemOf(path, true)
  const errorId = `${controlIdOf(path)}-error`
  const hintId = `${controlIdOf(path)}-hint`
  const lower = noun.toLowerCase()

  useEffect(() => {
    if (!focusAfter || !box.current) return
    const item = box.current.querySelector(`:scope > ol > li[data-item="${focusAfter.index}"]`)
    const button = (action: string) =>
      item?.querySelector<HTMLButtonElement>(
        `:scope > .site-ed__item-actions [data-action="${action}"]:not(:disabled)`,
      )
    const target =
      focusAfter.action === 'field'
        ? item?.querySelector<HTMLElement>('input, textarea')
        : (button(focusAfter.action) ?? button(focusAfter.action === 'up' ? 'down' : 'up'))
    target?.focus()
  }, [focusAfter])

  const move = (index: number, by: -1 | 1) => {
    fields.changed(path)
    onItems(moveItem(items, index, by))
    setFocusAfter({ index: index + by, action: by < 0 ? 'up' : 'down' })
    setSaid(`${noun} ${index + 1} moved to place ${index + by + 1}.`)
  }
  const remove = (index: number) => {
    fields.changed(path)
    onItems(removeItem(items, index))
    const left = items.length - 1
    if (left > 0) setFocusAfter({ index: Math.min(index, left - 1), action: 'field' })
    setSaid(`${noun} ${index + 1} removed.`)
  }
  const add = () => {
    fields.changed(path)
    onItems([...items, newItem()])
    setFocusAfter({ index: items.length, action: 'field' })
    setSaid(`${noun} ${items.length + 1} added.`)
  }

  return (
    <fieldset
      ref={box}
      className="site-ed__list"
      aria-describedby={[hint ? hintId : '', problem ? errorId : ''].join(' ').trim() || undefined}
    >
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {items.length > 0 && (
        <ol className="site-ed__items">
          {items.map((item, index) => (
            // Items have no ids of their own: the controls are drawn by position.
            <li key={index} data-item={index} className="site-ed__item">
              <div className="site-ed__item-body">
                {renderItem(item, index, (next) => onItems(replaceItem(items, index, next)))}
              </div>
              <div className="site-ed__item-actions">
                <button
                  type="button"
                  className="btn btn-secondary admin-btn-small"
                  data-action="up"
                  aria-label={`Move up: ${noun} ${index + 1}`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="btn btn-secondary admin-btn-small"
                  data-action="down"
                  aria-label={`Move down: ${noun} ${index + 1}`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="btn btn-secondary admin-btn-small site-ed__remove"
                  aria-label={`Remove: ${noun} ${index + 1}`}
                  disabled={items.length <= min}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <FieldError id={errorId} message={problem} />
      {items.length < max ? (
        <button type="button" className="btn btn-secondary admin-btn-small" onClick={add}>
          Add {lower}
        </button>
      ) : (
        <p className="field-hint">That is the most there is room for ({max}).</p>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </fieldset>
  )
}

/** A list of one-line (or paragraph) texts: each a field labelled "<noun> <n>". */
export function TextListEditor({
  path,
  legend,
  noun,
  items,
  limits,
  max,
  kind = 'text',
  rows,
  onItems,
  hint,
}: {
  path: string
  legend: string
  noun: string
  items: readonly string[]
  limits: readonly [number, number]
  max: number
  kind?: TextKind
  /** A paragraph's height (kind 'long'). */
  rows?: number
  onItems: (items: string[]) => void
  hint?: ReactNode
}) {
  return (
    <ListEditor
      path={path}
      legend={legend}
      noun={noun}
      items={items}
      limits={limits}
      newItem={() => ''}
      onItems={onItems}
      hint={hint}
      renderItem={(item, index, onItem) => (
        <TextField
          path={`${path}.${index}`}
          label={`${noun} ${index + 1}`}
          value={item}
          onValue={onItem}
          max={max}
          kind={kind}
          rows={rows}
        />
      )}
    />
  )
}
