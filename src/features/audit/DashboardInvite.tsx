import { useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '../../config/paths'

/** After the free report: a button that reveals 'Create Free Dashboard' and 'Maybe Later'. */
export function DashboardInvite() {
  const [open, setOpen] = useState(false)
  const ids = { title: useId(), panel: useId() }
  const opener = useRef<HTMLButtonElement>(null)
  const createLink = useRef<HTMLAnchorElement>(null)

  return (
    <section className="audit-invite card no-print" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Keep your results in a free dashboard</h2>
      <p>
        Save this report, take the audit again in a few months and see what changed. Free, and no
        credit card.
      </p>
      <button
        ref={opener}
        type="button"
        className="btn btn-primary"
        aria-expanded={open}
        aria-controls={ids.panel}
        onClick={() => {
          setOpen(true)
          requestAnimationFrame(() => createLink.current?.focus())
        }}
      >
        Set Up My Free Dashboard
      </button>
      <div id={ids.panel} className="audit-invite__panel" hidden={!open}>
        <p>
          Create an account with the same e-mail, confirm it, and this audit is waiting for you
          there.
        </p>
        <div className="audit-report__actions">
          <Link ref={createLink} to={paths.signup} className="btn btn-accent">
            Create Free Dashboard
          </Link>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setOpen(false)
              opener.current?.focus()
            }}
          >
            Maybe Later
          </button>
        </div>
      </div>
    </section>
  )
}
