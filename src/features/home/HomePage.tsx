import { Link } from 'react-router-dom'
import { paths } from '../../app/paths'
import { site } from '../../config/site'

// Placeholder home: the marketing-site issue replaces it with the real sections.
export function HomePage() {
  return (
    <main id="main">
      <section id="home" className="container">
        <h1>{site.businessName}</h1>
        <p>Helping North Country small businesses save time since {site.since}.</p>
        <Link to={paths.freeAudit}>Take Free Business Audit</Link>
      </section>
    </main>
  )
}
