import { site } from '../config/site'

/** The ways to book without the embedded scheduler: the booking page, a call, an e-mail. */
export function SchedulerDirectLine({ bookingUrl }: { bookingUrl: string }) {
  return (
    <p className="scheduler__direct">
      Can't see the calendar?{' '}
      <a href={bookingUrl} target="_blank" rel="noopener noreferrer">
        Open the booking page<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      , call <a href={`tel:${site.phone.tel}`}>{site.phone.display}</a> or e-mail me at{' '}
      <a href={`mailto:${site.email}`}>{site.email}</a>.
    </p>
  )
}
