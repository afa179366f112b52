// Who is asking: the consultant (a user with isAdmin, or a PocketBase superuser) or not.
import type { RequestEvent } from './events'

/** True for a superuser or the site's admin. */
export function isConsultant(e: RequestEvent | core.RequestEvent): boolean {
  if (e.hasSuperuserAuth()) return true
  const auth = e.auth
  return Boolean(auth && auth.collection().name === 'users' && auth.getBool('isAdmin'))
}

/** 403 with `message` unless the consultant asks. */
export function requireConsultant(e: RequestEvent | core.RequestEvent, message: string): void {
  if (!isConsultant(e)) throw new ForbiddenError(message)
}
