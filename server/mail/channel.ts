// The `mail` channel of the delivery queue: SMTP through PocketBase's mail client, with the
// settings copied from the environment (config.ts) at the start of every run.
// Faults, as a mail server sees them: an SMTP 5xx answer is a permanent refusal (the row fails at
// once with the server's words), except the authentication codes (530, 534, 535, 538), which say
// our relay login is wrong - a fault of ours that a fixed password cures, so it is retried like
// a refused connection, a timeout, a 4xx answer or SMTP not configured at all.
import type { App } from '../platform/events'
import { parseJson } from '../platform/json'
import { errorText } from '../queue/index'
import type { ChannelContext, DeliveryChannel, DeliveryRow, Rendered } from '../queue/index'
import { applyMailSettings, mailConfig } from './config'
import type { SmtpServer } from './config'

// Our login to the relay failed: the mail itself was not refused.
const AUTH_CODES = ['530', '534', '535', '538']

/** The sender of a run, as prepare() found it. */
type Sender = { address: string; name: string }

/** The SMTP settings for one run, or why mail cannot be sent. */
function prepare(app: App): ChannelContext {
  let smtp: SmtpServer | null = null
  try {
    // Every run, not only at startup: on a new database the settings migration runs after
    // bootstrap and resets the sender.
    smtp = applyMailSettings(app)
  } catch (err) {
    return {
      configured: false,
      reason: `The mail settings from the environment are not valid: ${errorText(err)}`,
    }
  }
  if (!smtp) return { configured: false, reason: 'SMTP is not configured (SMTP_HOST is empty).' }
  return { configured: true, from: mailConfig(app).from }
}

/** Extra headers kept with a row or rendered: a JSON object of strings; anything else is dropped. */
export function stringHeaders(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {}
  const parsed = typeof value === 'string' ? parseJson(value) : value
  if (parsed && typeof parsed === 'object') {
    const record = parsed as Record<string, unknown>
    for (const name of Object.keys(record)) {
      const header = record[name]
      if (typeof header === 'string') headers[name] = header
    }
  }
  return headers
}

/** Sends one rendered mail to the row's recipient; throws the mail client's error. */
function send(app: App, context: ChannelContext, row: DeliveryRow, mail: Rendered): void {
  const from = context.from as Sender
  const headers = stringHeaders(mail.headers || {})
  if (mail.replyTo) headers['Reply-To'] = mail.replyTo
  const message = new MailerMessage({
    from: { address: from.address, name: mail.fromName || from.name },
    to: [{ address: row.recipient }],
    subject: mail.subject || '',
    html: mail.html || '',
    // Empty: the mail client writes the plain-text part from the HTML.
    text: mail.text || '',
    headers,
  })
  app.newMailClient().send(message)
}

/**
 * PocketBase's mail client reports an SMTP answer as its code and text (`550 "No such user"`),
 * a transport fault as Go's error (`dial tcp ...: connect: connection refused`).
 */
export function classify(error: unknown): { message: string; permanent: boolean } {
  const message = errorText(error)
  const code = /^(\d{3})\b/.exec(message)
  const permanent = !!code && code[1].charAt(0) === '5' && AUTH_CODES.indexOf(code[1]) < 0
  return {
    message: permanent ? `Refused by the mail server: ${message}` : message,
    permanent,
  }
}

/**
 * The mail channel, registered with the queue by server/main.ts. One send at a time, recorded
 * before the next (server/queue/wire.ts): a crash leaves at most the one mail on the wire
 * unrecorded.
 */
export const channel: DeliveryChannel = { name: 'mail', oneAtATime: true, prepare, send, classify }
