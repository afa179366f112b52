import { lazy, Suspense, useState } from 'react'
import { messages } from '../config/messages'
import { site } from '../config/site'
import { Modal } from './Modal'
import { SchedulerDirectLine } from './SchedulerDirectLine'
import type { SchedulerPrefill } from './scheduler-script'

// The scheduler's code comes with the dialog, not with every page that has the button (the
// service worker precaches it for offline use). Without it (offline before the worker has it),
// the dialog still gives the direct ways to book.
const SchedulerEmbed = lazy(() =>
  import('./SchedulerEmbed').then(
    (module) => ({ default: module.SchedulerEmbed }),
    () => ({ default: SchedulerUnavailable }),
  ),
)

function SchedulerUnavailable() {
  return (
    <div className="scheduler">
      <p className="scheduler__status-text scheduler__status-text--problem" role="status">
        The scheduler needs a connection.
      </p>
      <SchedulerDirectLine bookingUrl={site.booking.strategyCallUrl} />
    </div>
  )
}

interface BookCallButtonProps {
  className?: string
  /** Who is booking, when known (after an audit): the scheduler's form is filled in. */
  prefill?: SchedulerPrefill
}

/**
 * Opens the 15-minute strategy-call scheduler in a dialog; the scheduler loads on this click.
 * Its one name everywhere is messages.bookCall.
 */
export function BookCallButton({ className = 'btn btn-accent', prefill }: BookCallButtonProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {messages.bookCall}
      </button>
      <Modal open={open} title={messages.bookCall} onClose={() => setOpen(false)}>
        <p className="modal__intro">
          Pick a time for a free 15-minute call with {site.ownerFirstName}. We'll talk about where
          your week goes and whether I can help - no pressure, no jargon.
        </p>
        <Suspense
          fallback={
            <p className="scheduler__status-text" role="status">
              Loading the scheduler...
            </p>
          }
        >
          <SchedulerEmbed bookingUrl={site.booking.strategyCallUrl} prefill={prefill} />
        </Suspense>
      </Modal>
    </>
  )
}
