import { useState, type ComponentType } from 'react'
import { messages } from '../config/messages'
import type { BookCallDialogProps } from './BookCallDialog'
import { importOnce } from './import-once'
import { usePrefetchWhenIdle } from './prefetch'
import { SchedulerDirectLine } from './SchedulerDirectLine'
import type { SchedulerPrefill } from './scheduler-script'
import { useSiteContent } from './site-content'

// The dialog (and the scheduler behind it) is not needed to paint any page: it loads once the
// browser is idle, the scheduler's code right after it, or on the first click, whichever comes
// first; a failed load is tried again on the next click.
const loadDialog = importOnce(() => import('./BookCallDialog'))
const prefetchDialog = () => loadDialog().then((module) => module.loadScheduler())

interface BookCallButtonProps {
  className?: string
  /** Who is booking, when known (after an audit): the scheduler's form is filled in. */
  prefill?: SchedulerPrefill
}

/**
 * Opens the 15-minute strategy-call scheduler in a dialog. Its one name everywhere is
 * messages.bookCall. When not even the dialog's code can load (offline before the service worker
 * has it), the direct ways to book show under the button instead.
 */
export function BookCallButton({ className = 'btn btn-accent', prefill }: BookCallButtonProps) {
  const { booking } = useSiteContent()
  const [open, setOpen] = useState(false)
  const [Dialog, setDialog] = useState<ComponentType<BookCallDialogProps> | null>(null)
  const [unavailable, setUnavailable] = useState(false)
  usePrefetchWhenIdle(prefetchDialog)

  async function openDialog() {
    try {
      const module = await loadDialog()
      setDialog(() => module.BookCallDialog)
      setUnavailable(false)
      setOpen(true)
    } catch {
      setUnavailable(true)
    }
  }

  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => void openDialog()}
      >
        {messages.bookCall}
      </button>
      {Dialog && <Dialog open={open} onClose={() => setOpen(false)} prefill={prefill} />}
      {unavailable && (
        <div className="book-call__offline" role="status">
          <p>The scheduler needs a connection.</p>
          <SchedulerDirectLine bookingUrl={booking.strategyCallUrl} />
        </div>
      )}
    </>
  )
}
