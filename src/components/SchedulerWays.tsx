import { phoneHref } from '../config/site-content-helpers'
import { useSiteContent } from './site-content'

/** When the scheduler cannot load, at the top of its box: the booking page and a call, as buttons. */
export function SchedulerWays({ bookingUrl }: { bookingUrl: string }) {
  const content = useSiteContent()
  return (
    <div className="scheduler__ways">
      <a
        className="btn btn-primary btn-small"
        href={bookingUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        Open the booking page<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <a className="btn btn-secondary btn-small" href={phoneHref(content)}>
        {`Call ${content.phone}`}
      </a>
    </div>
  )
}
