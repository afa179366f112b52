// Who may be sent how much: the recipient as stored, and the caps a job must pass to be queued
// (per recipient in a window, spacing between two, per IP a day for the kinds that count).
import type { App } from '../platform/events'
import { countRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import { findKind, kindNames } from './registry'
import { DAY, HOUR, MINUTE, perIpPerDay, resolveNumber } from './settings'
import type { DeliveryKind } from './types'

// The same loose check as the audit engine; the forms' fields already checked the address.
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Why a job was not queued because of a cap. */
export type CapRefusal = 'recipient cap' | 'ip cap'

/** The recipient as stored: a mail address trimmed and lowercased (or '' when it is not one). */
export function normaliseRecipient(kind: DeliveryKind, recipient: string): string {
  const value = String(recipient || '').trim()
  if (kind.channel !== 'mail') return value.length <= 320 ? value : ''
  const address = value.toLowerCase()
  return ADDRESS.test(address) && address.length <= 254 ? address : ''
}

/** What one job is checked against. */
export interface CapCheck {
  kind: DeliveryKind
  kindName: string
  recipient: string
  clientIp: string
  /** The capScope the job was queued in ('' for none). */
  scope: string
  /** The kind's capExempt said yes: no per-recipient caps. */
  exempt: boolean
  now: number
}

/**
 * Why a job may not be queued now, or '' when it may. Run it with the caller's transaction, so
 * two requests at once cannot both pass a cap.
 */
export function refusal(app: App, check: CapCheck): CapRefusal | '' {
  const { kind, now } = check
  const perRecipient = check.exempt ? 0 : resolveNumber(kind.perRecipientPerDay)
  if (perRecipient > 0) {
    const hours = resolveNumber(kind.recipientWindowHours) || 24
    const recent =
      "SELECT COUNT(*) AS n FROM deliveries WHERE recipient = {:recipient} AND kind = {:kind} AND status NOT IN ('failed', 'cancelled') AND created >= {:since}" +
      (check.scope ? " AND json_extract(payload, '$.capScope') = {:scope}" : '')
    const params = {
      recipient: check.recipient,
      kind: check.kindName,
      since: toPbTime(now - hours * HOUR),
      scope: check.scope,
    }
    if (countRows(app, recent, params) >= perRecipient) return 'recipient cap'
    const spacing = kind.recipientSpacingMinutes || 0
    if (spacing > 0) {
      params.since = toPbTime(now - spacing * MINUTE)
      if (countRows(app, recent, params) > 0) return 'recipient cap'
    }
  }
  if (kind.perIpCap && check.clientIp) {
    // Every kind that counts towards the cap, as registered by now (not when this module loaded).
    const capped = kindNames().filter((name) => findKind(name)?.perIpCap)
    const params: Record<string, unknown> = { ip: check.clientIp, since: toPbTime(now - DAY) }
    const names = capped.map((name, i) => {
      params[`k${i}`] = name
      return `{:k${i}}`
    })
    const fromIp = countRows(
      app,
      `SELECT COUNT(*) AS n FROM deliveries WHERE clientIp = {:ip} AND created >= {:since} AND kind IN (${names.join(', ')})`,
      params,
    )
    if (fromIp >= perIpPerDay()) return 'ip cap'
  }
  return ''
}
