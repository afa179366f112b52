// What the delivery queue answers the browser with (pure: no PocketBase globals): the console's
// mail-health line reads GET /api/mail/health (src/backend/delivery-health-api.ts).

/** How a channel is doing right now (times in PocketBase's format, UTC). */
export interface DeliveryHealth {
  channel: string
  /** SMTP_HOST is set: mail can leave the server (always false for another channel). */
  smtpConfigured: boolean
  lastSentAt: string | null
  /** Deliveries waiting to go (queued, being sent, or held for the owner's digest). */
  waiting: number
  /** Deliveries that failed for good (they are listed, each with why and a Retry). */
  failed: number
  /** The latest temporary fault newer than the last send, or null when deliveries go out. */
  lastError: string | null
  lastErrorAt: string | null
  /** When sending started to fail (the first such fault after the last send). */
  failingSince: string | null
  /**
   * The dispatcher's loop for the channel runs (it starts at the first full minute after the
   * server starts; until then nothing is sent without a flush).
   */
  dispatching: boolean
}
