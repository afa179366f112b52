import { site } from '../config/site'
import { mailtoHref } from '../config/email-address'

/** The ways to book without the embedded scheduler: the booking page and the e-mail address. */
export function SchedulerDirectLine({ bookingUrl }: { bookingUrl: string }) {
  return (
    <p className="scheduler__direct">
      Can't see the calendar?{' '}
      <a href={bookingUrl} target="_blank" rel="noopener noreferrer">
        Open the booking page<span className="visually-hidden"> (opens in a new tab)</span>
      </a>{' '}
      or e-mail me at <a href={mailtoHref(site.email)}>{site.email}</a>.
    </p>
  )
}
