import { Link } from 'react-router-dom'
import type { PersonRecord } from '../../backend/types'

/** A person's name (or e-mail) and e-mail, as a link to their page. */
export function PersonLink({
  person,
  href,
}: {
  person: Pick<PersonRecord, 'name' | 'email'>
  href: string
}) {
  return (
    <Link to={href} className="admin-people-open">
      <span className="admin-people-name">{person.name || person.email}</span>
      {person.name && <span className="admin-people-email">{person.email}</span>}
    </Link>
  )
}
