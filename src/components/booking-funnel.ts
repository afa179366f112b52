// The scheduler's part in the lead workspace: opening it and booking in it are funnel steps,
// a booking is reported to the server with what names its person on this page (a report's audit
// id, or the signed link from a mail that brought this visit; the session goes with it), and
// the booking form is filled in with who is booking and where the visit came from. Loaded when
// a scheduler opens, not with the pages that offer one.
import type { BookingReport } from '../backend/followup-api'
import { site } from '../config/site'
import { recordStep as countStep } from '../offline/funnel'
import { mailLinkFor } from '../offline/mail-link'
import { firstTouch } from '../offline/visit-source'
import type { SchedulerPrefill } from './scheduler-script'

export type { SchedulerPrefill }

/** What this page knows about who books: the audit its report shows, the prefilled e-mail. */
export interface BookingContext {
  audit?: string
  email?: string
}

const REPORT_ATTEMPTS = 4

/** The report for this page: a report's audit, else the visit's mail link. */
export function bookingReport(context: BookingContext): BookingReport {
  const report: BookingReport = context.audit
    ? { audit: context.audit }
    : { ref: mailLinkFor(context.email) }
  if (!report.audit && !report.ref) delete report.ref
  if (context.email?.trim()) report.email = context.email.trim()
  if (typeof location !== 'undefined') report.path = location.pathname.slice(0, 200)
  return report
}

/** Sends the report, retrying a network failure or a server fault a few times. */
async function reportToServer(context: BookingContext): Promise<void> {
  const [{ pb }, { reportBooking }] = await Promise.all([
    import('../backend/client'),
    import('../backend/followup-api'),
  ])
  const report = bookingReport(context)
  for (let attempt = 0; attempt < REPORT_ATTEMPTS; attempt++) {
    try {
      await reportBooking(pb, report)
      return
    } catch (err) {
      const status = (err as { status?: number }).status ?? 0
      // Refused (a link no longer valid): trying again changes nothing.
      if (status >= 400 && status < 500 && status !== 429) return
      await new Promise((resolve) => setTimeout(resolve, 2000 * 2 ** attempt))
    }
  }
}

/** Counts `booking_opened`, and `call_booked` when the scheduler says so; returns a stop. */
export function watchBooking(context: BookingContext = {}): () => void {
  countStep('booking_opened')
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { event?: unknown } | null
    if (event.origin === site.booking.origin && data?.event === 'calendly.event_scheduled') {
      countStep('call_booked')
      reportToServer(context).catch(() => undefined)
    }
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
