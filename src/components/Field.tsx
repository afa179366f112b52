import type { ReactNode } from 'react'

/**
 * One labelled form control: the label (tied to the control by `htmlFor`), the control itself
 * (the child, which carries the matching `id` and any aria-describedby / aria-invalid), and
 * whatever follows it (a hint, an error). Every form of the site uses it, so fields look and
 * behave alike. `className` adds a layout class of the form it sits in.
 */
export function Field({
  label,
  htmlFor,
  className,
  children,
}: {
  label: ReactNode
  htmlFor: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  )
}
