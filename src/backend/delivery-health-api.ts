// The console's view of the server's delivery queue: how mail is doing right now
// (GET /api/mail/health, pb_hooks/mail.pb.js), for the admin's mail-health line. Admins and
// superusers only; the server answers 403 to anyone else.
import type PocketBase from 'pocketbase'

/** What the server says about its mail (times in PocketBase's format, UTC). */
export interface MailHealth {
  channel: string
  /** SMTP_HOST is set: mail can leave the server. */
  smtpConfigured: boolean
  lastSentAt: string | null
  /** Mails waiting to go (queued, being sent, or held for the owner's digest). */
  waiting: number
  /** Mails that failed for good (they are listed, each with why and a Retry). */
  failed: number
  /** The latest temporary fault newer than the last send, or null when mail goes out. */
  lastError: string | null
  lastErrorAt: string | null
  /** When sending started to fail (the first such fault after the last send). */
  failingSince: string | null
}

export function getMailHealth(pb: PocketBase): Promise<MailHealth> {
  return pb.send<MailHealth>('/api/mail/health', { method: 'GET', requestKey: null })
}
