import { Fragment } from 'react'

/**
 * An e-mail address that, when it must wrap, wraps after its "@" or a dot rather than in the
 * middle of a word (<wbr> marks those places).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/)
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  )
}
