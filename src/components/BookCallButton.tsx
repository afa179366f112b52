import { useState } from 'react'
import { site } from '../config/site'
import { Modal } from './Modal'
import { SchedulerEmbed } from './SchedulerEmbed'
import type { SchedulerPrefill } from './scheduler-script'

interface BookCallButtonProps {
  label?: string
  className?: string
  /** Who is booking, when known (after an audit): the scheduler's form is filled in. */
  prefill?: SchedulerPrefill
}

/** Opens the 15-minute strategy-call scheduler in a dialog; the scheduler loads on this click. */
export function BookCallButton({
  label = 'Book Your Strategy Call',
  className = 'btn btn-accent',
  prefill,
}: BookCallButtonProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <Modal open={open} title="Book Your Strategy Call" onClose={() => setOpen(false)}>
        <p className="modal__intro">
          Pick a time for a free 15-minute call with {site.ownerFirstName}. We'll talk about where
          your week goes and whether I can help - no pressure, no jargon.
        </p>
        <SchedulerEmbed bookingUrl={site.booking.strategyCallUrl} prefill={prefill} />
      </Modal>
    </>
  )
}
