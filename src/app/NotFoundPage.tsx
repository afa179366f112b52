import { Link } from 'react-router-dom'
import { paths } from '../config/paths'

export default function NotFoundPage() {
  return (
    <main className="container narrow" id="main">
      <h1>Page not found</h1>
      <p>That page does not exist. It may have moved.</p>
      <p>
        <Link to={paths.home}>Go to the home page</Link> or{' '}
        <Link to={paths.freeAudit}>take the free Business Efficiency Audit</Link>.
      </p>
    </main>
  )
}
