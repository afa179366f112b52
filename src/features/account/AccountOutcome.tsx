import type { ReactNode, Ref } from 'react'

/**
 * What an account link did (verified, changed, expired): the heading, which takes focus when the
 * outcome arrives (for screen readers), what happened, then the next step.
 */
export function AccountOutcome({
  title,
  headingRef,
  message,
  children,
}: {
  title: string
  headingRef: Ref<HTMLHeadingElement>
  message: ReactNode
  children?: ReactNode
}) {
  return (
    <main className="container narrow account-page" id="main">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <div className="account-outcome" role="status">
        <p>{message}</p>
      </div>
      {children}
    </main>
  )
}
