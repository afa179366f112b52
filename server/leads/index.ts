// Leads, what comes in from visitors: audits (validated and scored by the server) and contact
// messages, the mails each queues in its own transaction (the owner's notifications, held for an
// hourly digest past the hour's cap, and the visitor's results), and the record hooks
// pb_hooks/audits.pb.js, contacts.pb.js and mail.pb.js register.
import { scoreAudit } from './audits'
import { normaliseContact } from './contacts'
import { rememberClientIp, saveWithMail } from './record-mail'

export { kinds } from './kinds'

export const hooks = {
  scoreAudit,
  normaliseContact,
  rememberClientIp,
  saveWithMail,
}
