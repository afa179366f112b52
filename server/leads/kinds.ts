// Every kind of delivery a lead causes, in the order the queue asks them for work of their own:
// the owner's notices of a message and of an audit, the visitor's results, the hourly digest.
import type { DeliveryKind } from '../queue/index'
import { ownerAudit, ownerContact, visitorResults } from './mail-kinds'
import { digestKinds } from './owner-digest'

export const kinds: Record<string, DeliveryKind> = {
  owner_contact: ownerContact,
  owner_audit: ownerAudit,
  visitor_results: visitorResults,
  ...digestKinds,
}
