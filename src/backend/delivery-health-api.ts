// The console's view of the server's delivery queue: how mail is doing right now
// (GET /api/mail/health, server/mail/), for the admin's mail-health line. Admins and
// superusers only; the server answers 403 to anyone else.
import type PocketBase from 'pocketbase'
import type { DeliveryHealth } from '../../server/queue/api'

/** What the server says about its mail (times in PocketBase's format, UTC). */
export type MailHealth = DeliveryHealth

export function getMailHealth(pb: PocketBase): Promise<MailHealth> {
  return pb.send<MailHealth>('/api/mail/health', { method: 'GET', requestKey: null })
}
