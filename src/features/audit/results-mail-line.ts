// The free report's line about its results mail, once the audit has reached the server: asked of
// the server (src/offline/results-mail.ts) and worded here. Loaded on demand with that question,
// not with the audit's own code (the page's JavaScript has a byte budget).
import { askResultsMail, rememberFreeAudit } from '../../offline/results-mail'

export { rememberFreeAudit }

function windowWords(hours: number): string {
  if (hours >= 1) {
    const whole = Math.round(hours)
    return whole === 1 ? 'hour' : `${whole} hours`
  }
  const minutes = Math.max(1, Math.round(hours * 60))
  return minutes === 1 ? 'minute' : `${minutes} minutes`
}

/**
 * The free report's line when the server says its results went out with the visitor's earlier
 * audit (one results mail per address per window): what went where, and that this one is here.
 */
export function resultsMailedEarlier(
  email: string,
  earlierAt: string,
  windowHours: number,
  now: Date = new Date(),
): string {
  const at = new Date(earlierAt)
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
  const when =
    at.toDateString() === now.toDateString()
      ? `today at ${time}`
      : `on ${at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })} at ${time}`
  return `Your earlier results went to ${email} ${when}. We e-mail each address once every ${windowWords(windowHours)}, so this report isn't e-mailed: it's all on this page, and Print or save as PDF keeps a one-page summary.`
}

/**
 * The line for the delivered free audit `auditId` to `email`: undefined for the usual "sent"
 * line (this audit's results are mailed), a sentence when they went out with an earlier audit,
 * or null when the server cannot be asked now and nothing is kept on the device.
 */
export async function resultsMailLine(
  auditId: string,
  email: string,
): Promise<string | undefined | null> {
  const answer = await askResultsMail(auditId)
  if (!answer) return null
  if (answer.mailed === 'this') return undefined
  return resultsMailedEarlier(email, answer.earlierAt, answer.windowHours)
}
