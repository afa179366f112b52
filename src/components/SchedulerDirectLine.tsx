import { mailtoHref } from '../config/email-address'
import { phoneHref } from '../config/site-content-helpers'
import { useSiteContent } from './site-content'

/** The ways to book without the embedded scheduler: the booking page, a call, an e-mail. */
export function SchedulerDirectLine({ bookingUrl }: { bookingUrl: string }) {
  const content = useSiteContent()
  return (
    <p className="scheduler__direct">
      Can't see the calendar?{' '}
      <a href={bookingUrl} target="_blank" rel="noopener noreferrer">
        Open the booking page<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      , call <a href={phoneHref(content)}>{content.phone}</a> or e-mail me at{' '}
      <a href={mailtoHref(content.email)}>{content.email}</a>.
    </p>
  )
}
