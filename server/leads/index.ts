// Leads, what comes in from visitors: audits (validated and scored by the server) and contact
// messages, the mails each queues in its own transaction (the owner's notifications, held for an
// hourly digest past the hour's cap, and the visitor's results), the record hooks
// pb_hooks/audits.pb.js, contacts.pb.js and mail.pb.js register, and the report's question of
// which mail carries its results (pb_hooks/audits.pb.js).
import { scoreAudit } from './audits'
import { normaliseContact } from './contacts'
import { rememberClientIp, saveWithMail } from './record-mail'
import { readResultsMail } from './results-mail-route'

export { kinds } from './kinds'

/** The route of pb_hooks/audits.pb.js. */
export const routes = {
  readResultsMail,
}

export const hooks = {
  scoreAudit,
  normaliseContact,
  rememberClientIp,
  saveWithMail,
}
