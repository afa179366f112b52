import { useEffect, useState } from 'react'
import { messages } from '../config/messages'
import { firstNameOf } from '../config/site-content-helpers'
import { importOnce } from './import-once'
import { Modal } from './Modal'
import { SchedulerDirectLine } from './SchedulerDirectLine'
import type * as SchedulerEmbedModule from './SchedulerEmbed'
import type { SchedulerPrefill } from './scheduler-script'
import { useSiteContent } from './site-content'

type Embed = typeof SchedulerEmbedModule.SchedulerEmbed

// The scheduler's code (its call-back form with it) is fetched right after the dialog's, once
// the browser is idle (BookCallButton): a visitor who loses the signal in the first seconds of a
// first visit, before the service worker has it, still gets the call-back form. When it cannot
// load, the dialog gives the direct ways to book, and tries again at its next opening.
/** The scheduler's code, fetched once; a failed fetch is tried again at the next call. */
export const loadScheduler = importOnce(() => import('./SchedulerEmbed'))

/** The scheduler once its code is in, meanwhile a status line; the dialog mounts it at each opening. */
function Scheduler(props: { bookingUrl: string; prefill?: SchedulerPrefill }) {
  const [SchedulerEmbed, setEmbed] = useState<Embed | undefined>(
    () => loadScheduler.loaded?.SchedulerEmbed,
  )
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (SchedulerEmbed) return
    let mounted = true
    loadScheduler().then(
      (module) => mounted && setEmbed(() => module.SchedulerEmbed),
      () => mounted && setFailed(true),
    )
    return () => {
      mounted = false
    }
  }, [SchedulerEmbed])
  if (SchedulerEmbed) return <SchedulerEmbed {...props} />
  if (failed) return <SchedulerUnavailable />
  return (
    <p className="scheduler__status-text" role="status">
      Loading the scheduler...
    </p>
  )
}

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
      <Scheduler bookingUrl={content.booking.strategyCallUrl} prefill={prefill} />
    </Modal>
  )
}
