import { Link, useLocation } from 'react-router-dom'
import { paths } from '../../config/paths'
import { SchedulerEmbed } from '../../components/SchedulerEmbed'
import { useSiteContent } from '../../components/site-content'
import { firstNameOf } from '../../config/site-content-helpers'
import BookPage from './BookPage'
import './call.css'

/**
 * `/call`: a friendly call. Coming here is asking for the scheduler, so it loads at once.
 * `/book`, the mails' booking page, comes with it: one chunk for the pages of a scheduler.
 */
export default function CallPage() {
  const { pathname } = useLocation()
  const content = useSiteContent()
  if (pathname === paths.book) return <BookPage />
  return (
    <main id="main" tabIndex={-1} className="container narrow call-page">
      <h1>Schedule a Call</h1>
      <p className="call-page__lead">With your ol' friend {firstNameOf(content)}.</p>
      <div className="card call-page__scheduler">
        <SchedulerEmbed bookingUrl={content.booking.friendCallUrl} />
      </div>
      <p>
        <Link to={paths.home} className="btn btn-secondary">
          See My Website
        </Link>
      </p>
    </main>
  )
}
