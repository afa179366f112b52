import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { messages } from '../../config/messages'
import { paths } from '../../config/paths'
import { SchedulerEmbed } from '../../components/SchedulerEmbed'
import type { SchedulerPrefill } from '../../components/scheduler-script'
import { useSiteContent } from '../../components/site-content'
import { firstNameOf } from '../../config/site-content-helpers'
import './call.css'

/** How long the page waits for who the mail's link was made for before showing the scheduler. */
const PREFILL_WAIT_MS = 5000

/** The mail's campaign from the address (utm_source, utm_medium, utm_campaign). */
function campaignOf(search: string): SchedulerPrefill {
  const query = new URLSearchParams(search)
  const value = (name: string) => query.get(name)?.slice(0, 100) || undefined
  return {
    utmSource: value('utm_source'),
    utmMedium: value('utm_medium'),
    utmCampaign: value('utm_campaign'),
  }
}

/**
 * `/book`: the strategy-call scheduler the results and follow-up mails link to. The link's signed
 * token (`?ref=`) tells the server the address is the visitor's and fills the booking form in
 * with their name and e-mail; a booking made here is then tied to them. Without a token it is a
 * plain booking page.
 */
export default function BookPage() {
  const { search } = useLocation()
  const content = useSiteContent()
  const [campaign] = useState(() => campaignOf(search))
  const [who, setWho] = useState<{ name?: string; email?: string } | null>(null)

  useEffect(() => {
    let live = true
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), PREFILL_WAIT_MS))
    const asked = import('../../offline/mail-link').then((m) => m.openMailLink())
    Promise.race([asked, timeout])
      .catch(() => null)
      .then((prefill) => {
        if (live) setWho(prefill ? { name: prefill.name || undefined, email: prefill.email } : {})
      })
    return () => {
      live = false
    }
  }, [])

  const firstName = who?.name?.trim().split(/\s+/)[0]
  return (
    <main id="main" tabIndex={-1} className="container narrow call-page">
      <meta name="robots" content="noindex" />
      <h1>{messages.bookCall}</h1>
      <p className="call-page__lead">
        {firstName ? `${firstName}, pick` : 'Pick'} a time for a free 15-minute call with{' '}
        {firstNameOf(content)}. We'll go through your audit and pick the one change that saves you
        the most time - no pressure, no jargon.
      </p>
      <div className="card call-page__scheduler">
        {who === null ? (
          <div className="scheduler">
            <div className="scheduler__box">
              <div className="scheduler__status" role="status">
                <p className="scheduler__status-text">Loading the scheduler...</p>
              </div>
            </div>
          </div>
        ) : (
          <SchedulerEmbed
            bookingUrl={content.booking.strategyCallUrl}
            prefill={{ ...campaign, ...who }}
          />
        )}
      </div>
      <p>
        <Link to={paths.home} className="btn btn-secondary">
          See My Website
        </Link>
      </p>
    </main>
  )
}
