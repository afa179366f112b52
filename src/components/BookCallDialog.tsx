import { lazy, Suspense } from 'react'
import { messages } from '../config/messages'
import { firstNameOf } from '../config/site-content-helpers'
import { Modal } from './Modal'
import { SchedulerDirectLine } from './SchedulerDirectLine'
import type { SchedulerPrefill } from './scheduler-script'
import { useSiteContent } from './site-content'

// The scheduler's code comes with the dialog's first opening (the service worker precaches it for
// offline use). Without it (offline before the worker has it), the dialog still gives the direct
// ways to book.
const SchedulerEmbed = lazy(async () => {
  // try/catch around the import itself: a stylesheet of the chunk that cannot load fails before
  // any .then() on the module would run.
  try {
    const module = await import('./SchedulerEmbed')
    return { default: module.SchedulerEmbed }
  } catch {
    return { default: SchedulerUnavailable }
  }
})

function SchedulerUnavailable() {
  const { booking } = useSiteContent()
  return (
    <div className="scheduler">
      <p className="scheduler__status-text scheduler__status-text--problem" role="status">
        The scheduler needs a connection.
      </p>
      <SchedulerDirectLine bookingUrl={booking.strategyCallUrl} />
    </div>
  )
}

export interface BookCallDialogProps {
  open: boolean
  onClose: () => void
  prefill?: SchedulerPrefill
}

/** The strategy-call dialog behind BookCallButton: a word from the consultant, then the scheduler. */
export function BookCallDialog({ open, onClose, prefill }: BookCallDialogProps) {
  const content = useSiteContent()
  return (
    <Modal open={open} title={messages.bookCall} onClose={onClose}>
      <p className="modal__intro">
        Pick a time for a free 15-minute call with {firstNameOf(content)}. We'll talk about where
        your week goes and whether I can help - no pressure, no jargon.
      </p>
      <Suspense
        fallback={
          <p className="scheduler__status-text" role="status">
            Loading the scheduler...
          </p>
        }
      >
        <SchedulerEmbed bookingUrl={content.booking.strategyCallUrl} prefill={prefill} />
      </Suspense>
    </Modal>
  )
}
