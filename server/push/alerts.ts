// What turns a new lead into alerts: one row of the `push` channel per device, queued in the
// lead's own transaction (never lost, never twice: a unique key per device and lead). Leads are
// grouped by the address they came from. The first lead of a group goes at once, on its own;
// within PUSH_ALERT_SPACING_SECONDS (30; the environment variable of that name changes it) after
// a group's alert, its next leads fold into ONE waiting row (its `payload.more`), sent as one
// ("12 new leads") when the spacing is over. So one address flooding the forms buzzes a phone
// about twice a minute however many leads it sends, a real lead from anywhere else is still
// alerted on its own at once, and no lead waits more than the spacing.
import { PUSH_ALERT_SPACING_SECONDS } from '../../src/config/push'
import { parsePbTime } from '../../src/config/dates'
import { envNumber } from '../platform/env'
import type { App } from '../platform/events'
import { selectRow, selectRows } from '../platform/sql'
import { amendWaiting, enqueue } from '../queue/index'
import { LEAD_KIND, MORE_KEPT } from './kinds'
import type { FoldedLead, LeadWhat } from './kinds'

export interface Lead {
  what: LeadWhat
  /** The record the alert is about: a contact, an audit, or a booking's person update. */
  sourceId: string
  /** The address it came from ('' when unknown): leads from one address fold together. */
  clientIp?: string
}

/** The latest time a lead alert of the group went to `device`, or NaN. */
function lastSent(app: App, device: string, clientIp: string): number {
  const row = selectRow(
    app,
    `SELECT IFNULL(MAX(sentAt), '') AS at FROM deliveries WHERE kind = {:kind} ` +
      `AND recipient = {:device} AND clientIp = {:ip} AND status = 'sent'`,
    { kind: LEAD_KIND, device, ip: clientIp },
    { at: '' },
  )
  return row && row.at ? parsePbTime(String(row.at)) : NaN
}

/**
 * Folds `lead` into the group's row waiting for its moment, if there is one: true when it did
 * (or when the lead is in it already: a job run again). A row being sent is not touched.
 */
function foldIntoWaiting(app: App, device: string, clientIp: string, lead: Lead): boolean {
  const waiting = selectRow(
    app,
    `SELECT id, sourceId FROM deliveries WHERE kind = {:kind} AND recipient = {:device} ` +
      `AND clientIp = {:ip} AND status = 'pending' ORDER BY runAt DESC LIMIT 1`,
    { kind: LEAD_KIND, device, ip: clientIp },
    { id: '', sourceId: '' },
  )
  if (!waiting || !waiting.id) return false
  return amendWaiting(app, waiting.id, (payload) => {
    const more = (Array.isArray(payload.more) ? payload.more : []) as FoldedLead[]
    if (waiting.sourceId === lead.sourceId || more.some((m) => m && m.s === lead.sourceId)) {
      return null
    }
    // The first few are kept for their names and to know a repeat; beyond, only a count.
    if (more.length < MORE_KEPT) more.push({ w: lead.what, s: lead.sourceId })
    else payload.extra = (Number(payload.extra) || 0) + 1
    return { ...payload, more }
  })
}

/**
 * Queues the alerts of `lead` with `app` (the lead's transaction). Never throws: a lead must not
 * fail because of an alert. Returns how many devices got a new row.
 */
export function alertLead(app: App, lead: Lead, now = Date.now()): number {
  let queued = 0
  const clientIp = String(lead.clientIp || '').slice(0, 64)
  try {
    const devices = selectRows(
      app,
      'SELECT id FROM push_subscriptions ORDER BY created',
      {},
      {
        id: '',
      },
    )
    const spacing = envNumber('PUSH_ALERT_SPACING_SECONDS', PUSH_ALERT_SPACING_SECONDS, 1)
    for (const device of devices) {
      const id = String(device.id)
      if (foldIntoWaiting(app, id, clientIp, lead)) continue
      const last = lastSent(app, id, clientIp)
      const result = enqueue(app, {
        kind: LEAD_KIND,
        recipient: id,
        sourceId: lead.sourceId,
        clientIp,
        payload: { what: lead.what },
        runAt: isFinite(last) ? Math.max(now, last + spacing * 1000) : now,
        uniqueKey: `${LEAD_KIND}:${id}:${lead.sourceId}`,
      })
      if (result.queued) queued++
    }
  } catch (err) {
    app.logger().error('push: could not queue an alert', 'what', lead.what, 'error', String(err))
  }
  return queued
}
