// The words of the console's mail-health line, from the server's answer. Pure: the clock and the
// time format are passed in.
import type { MailHealth } from '../../backend/delivery-health-api'
import { parsePbDate } from '../../config/dates'

export type MailHealthTone = 'ok' | 'problem'

export interface MailHealthLine {
  tone: MailHealthTone
  text: string
}

/**
 * A transport fault in a few plain words, said of the mail server (the consultant need not know
 * what SMTP is): "the mail server refuses the connection".
 */
export function describeMailError(error: string): string {
  const text = error.replace(/^Not sent: /, '').trim()
  if (/connection refused/i.test(text)) return 'the mail server refuses the connection'
  if (/no such host|lookup .* on /i.test(text)) return "the mail server's name is not found"
  if (/timeout|timed out|did not finish|no answer/i.test(text))
    return 'the mail server does not answer'
  if (/certificate|x509|tls/i.test(text)) return "the mail server's certificate is refused"
  const code = /^(\d{3})\b\s*"?([^"]*)"?/.exec(text)
  if (code && /^53[0-8]$/.test(code[1])) return `the mail server refuses the login (${code[1]})`
  if (code) return `the mail server answers ${code[1]}${code[2] ? ` "${code[2].trim()}"` : ''}`
  return text.length > 80 ? `${text.slice(0, 79)}\u2026` : text
}

/** "3 waiting", never broken across two lines (a no-break space). */
function waitingText(waiting: number): string {
  return `${waiting}\u00a0waiting`
}

/**
 * "Mail: last sent 10:04, 3 waiting" /
 * "Mail failing since 10:02: the mail server refuses the connection. 3 waiting" /
 * "Mail is not set up: mails are kept, not sent".
 */
export function mailHealthLine(
  health: MailHealth,
  formatTime: (date: Date) => string,
): MailHealthLine {
  const at = (value: string | null) => {
    const date = parsePbDate(value)
    return date ? formatTime(date) : ''
  }
  if (!health.smtpConfigured) {
    const kept = health.waiting > 0 ? ` (${waitingText(health.waiting)})` : ''
    return { tone: 'problem', text: `Mail is not set up: mails are kept, not sent${kept}` }
  }
  if (health.lastError) {
    const since = at(health.failingSince ?? health.lastErrorAt)
    // A fault quoted as the server gave it may end in its own full stop.
    const fault = describeMailError(health.lastError).replace(/\.$/, '')
    return {
      tone: 'problem',
      text:
        `Mail failing${since ? ` since ${since}` : ''}: ${fault}` +
        (health.waiting > 0 ? `. ${waitingText(health.waiting)}` : ''),
    }
  }
  const sent = at(health.lastSentAt)
  const parts = [sent ? `Mail: last sent ${sent}` : 'Mail: nothing sent yet']
  if (health.waiting > 0) parts.push(waitingText(health.waiting))
  return { tone: 'ok', text: parts.join(', ') }
}

/** 10:04 today, "Nov 21, 10:04" another day (the viewer's time zone). */
export function mailTime(now: Date): (date: Date) => string {
  const time = new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
  return (date) =>
    date.toDateString() === now.toDateString()
      ? time.format(date)
      : `${day.format(date)}, ${time.format(date)}`
}
