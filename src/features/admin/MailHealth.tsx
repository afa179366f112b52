// The console's mail line, in the top bar (console-tabs.ts' consoleStatusItems): when mail last
// went out and how many wait, or what stops it and since when, or that SMTP is not configured;
// then how many mails failed for good, which opens them, each with why and a Retry (FailedMail).
// Self-contained: it loads and refreshes its own data. Offline it keeps what it last knew and
// says nothing new (the status comes back with the connection).
import { useEffect, useState } from 'react'
import { pb } from '../../backend/client'
import { getMailHealth } from '../../backend/delivery-health-api'
import { FailedMail } from './FailedMail'
import { isOfflineError } from './offline-errors'
import { mailHealthLine, mailTime } from './mail-health-line'
import { useLiveChanges, useServerData } from './use-admin'
import './mail-health.css'

// Often enough that "last sent" and "since" stay true; cheap for the server (a few counts).
const REFRESH_MS = 60_000

export function MailHealth() {
  const health = useServerData('mail-health', () => getMailHealth(pb))
  const [now, setNow] = useState(() => new Date())

  const { refresh } = health
  useLiveChanges('deliveries', () => refresh())
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date())
      refresh()
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [refresh])

  let tone = 'ok'
  let text = 'Checking mail...'
  const offline = isOfflineError(health.error)
  if (health.data) {
    const line = mailHealthLine(health.data, mailTime(now))
    tone = line.tone
    text = line.text
  } else if (offline) {
    text = 'Mail: status when back online'
  } else if (health.error !== undefined) {
    tone = 'problem'
    text = 'Mail: the status could not be loaded.'
  }

  return (
    <section className="admin-mail-health" aria-label="Mail">
      <p className={`admin-mail-health__line admin-mail-health__line--${tone}`} role="status">
        <span className="admin-mail-health__dot" aria-hidden="true" />
        <span>{text}</span>
        {health.error !== undefined && !health.data && !offline && (
          <button type="button" className="admin-mail-health__retry" onClick={health.refresh}>
            Try again
          </button>
        )}
      </p>
      <FailedMail />
    </section>
  )
}
