// What turns a new lead into alerts: one row of the `push` channel per device, queued in the
// lead's own transaction (never lost, never twice: a unique key per device and lead). The first
// alert to a device goes at once; within PUSH_ALERT_SPACING_SECONDS (30; the environment variable
// of that name changes it) after one, new leads wait
// for the same moment and the channel sends them as one ("3 new leads"), so a flood buzzes a
// phone twice a minute at most and a real lead waits half a minute at most.
import { PUSH_ALERT_SPACING_SECONDS } from '../../src/config/push'
import { parsePbTime } from '../../src/config/dates'
import { envNumber } from '../platform/env'
import type { App } from '../platform/events'
import { selectRow, selectRows } from '../platform/sql'
import { enqueue } from '../queue/index'
import { LEAD_KIND } from './kinds'
import type { LeadWhat } from './kinds'

export interface Lead {
  what: LeadWhat
  /** The record the alert is about: a contact, an audit, or a booking's person update. */
  sourceId: string
}

/** The latest `column` (a time) of the device's lead alerts in `statuses`, or NaN. */
function latest(app: App, device: string, column: 'runAt' | 'sentAt', statuses: string): number {
  const row = selectRow(
    app,
    `SELECT IFNULL(MAX(${column}), '') AS at FROM deliveries WHERE kind = {:kind} ` +
      `AND recipient = {:device} AND status IN (${statuses})`,
    { kind: LEAD_KIND, device },
    { at: '' },
  )
  return row && row.at ? parsePbTime(String(row.at)) : NaN
}

/** When a new alert to `device` may go: now, or the moment already set for waiting ones. */
function slotFor(app: App, device: string, now: number): number {
  const waitingAt = latest(app, device, 'runAt', "'pending', 'sending'")
  if (isFinite(waitingAt) && waitingAt >= now) return waitingAt
  const lastAt = latest(app, device, 'sentAt', "'sent'")
  const spacing = envNumber('PUSH_ALERT_SPACING_SECONDS', PUSH_ALERT_SPACING_SECONDS, 1)
  return isFinite(lastAt) ? Math.max(now, lastAt + spacing * 1000) : now
}

/**
 * Queues the alerts of `lead` with `app` (the lead's transaction). Never throws: a lead must not
 * fail because of an alert.
 */
export function alertLead(app: App, lead: Lead, now = Date.now()): number {
  let queued = 0
  try {
    const devices = selectRows(
      app,
      'SELECT id FROM push_subscriptions ORDER BY created',
      {},
      {
        id: '',
      },
    )
    for (const device of devices) {
      const id = String(device.id)
      const result = enqueue(app, {
        kind: LEAD_KIND,
        recipient: id,
        sourceId: lead.sourceId,
        payload: { what: lead.what },
        runAt: slotFor(app, id, now),
        uniqueKey: `${LEAD_KIND}:${id}:${lead.sourceId}`,
      })
      if (result.queued) queued++
    }
  } catch (err) {
    app.logger().error('push: could not queue an alert', 'what', lead.what, 'error', String(err))
  }
  return queued
}
