// The scheduler's part in the lead workspace: opening it and booking in it are funnel steps,
// and the booking form is filled in with who is booking and where the visit came from. Loaded
// when a scheduler opens, not with the pages that offer one.
import { site } from '../config/site'
import { recordStep as countStep } from '../offline/funnel'
import { firstTouch } from '../offline/visit-source'
import type { SchedulerPrefill } from './scheduler-script'

export type { SchedulerPrefill }

/** Counts `booking_opened`, and `call_booked` when the scheduler says so; returns a stop. */
export function watchBooking(): () => void {
  countStep('booking_opened')
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { event?: unknown } | null
    if (event.origin === site.booking.origin && data?.event === 'calendly.event_scheduled')
      countStep('call_booked')
  }
  window.addEventListener('message', onMessage)
  return () => window.removeEventListener('message', onMessage)
}

/** This visit's campaign as UTM parameters, with the name and e-mail of `prefill` (a JSON key). */
export function bookingParams(prefillKey: string): SchedulerPrefill {
  const touch = firstTouch()
  return {
    ...(touch
      ? { utmSource: touch.utmSource, utmMedium: touch.utmMedium, utmCampaign: touch.utmCampaign }
      : {}),
    ...(JSON.parse(prefillKey) as SchedulerPrefill),
  }
}
