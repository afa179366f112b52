// One claimed row from claim to outcome: its kind's hold and render (kept on the row, so a retry
// sends the same mail), the channel's send, and the outcome (sent, retried, failed) with the
// kind's afterHeld, afterSent and afterFailed.
import type { App } from '../platform/events'
import { parseJson } from '../platform/json'
import { toPbTime } from '../../src/config/dates'
import { errorText, isPermanent } from './errors'
import { finish, markFailed, markSent } from './finish'
import { findKind } from './registry'
import { onTheWire } from './wire'
import type {
  ChannelContext,
  DeliveryChannel,
  DeliveryKind,
  DeliveryRow,
  Rendered,
  RunSummary,
} from './types'

/** A row ready to go: its kind and what to send. */
interface Prepared {
  kind: DeliveryKind
  rendered: Rendered
}

/** Headers kept on a row as JSON text; the channel reads them defensively (mail: stringHeaders). */
function keptHeaders(text: string): Record<string, string> {
  return (parseJson(text) || {}) as Record<string, string>
}

/**
 * Everything before one claimed row is sent: its kind, hold, render. Returns what to send, or
 * null when the row is already done with (failed, held, cancelled, or its claim was lost).
 */
function prepareDelivery(
  app: App,
  row: DeliveryRow,
  now: number,
  summary: RunSummary,
): Prepared | null {
  const kind = findKind(row.kind)
  if (!kind) {
    summary[markFailed(app, row, null, `Unknown kind "${row.kind}".`, true, now)]++
    return null
  }
  if (kind.hold && kind.hold(app, row, now)) {
    finish(
      app,
      "UPDATE deliveries SET status = 'held', claimedAt = '', updated = {:now}",
      { now: toPbTime(now) },
      row,
    )
    summary.held++
    if (kind.afterHeld) {
      try {
        kind.afterHeld(app, row, now)
      } catch (err) {
        app.logger().error('deliveries: afterHeld failed', 'id', row.id, 'error', errorText(err))
      }
    }
    return null
  }
  let rendered: Rendered
  const keepBody = kind.keepBody !== false
  if (keepBody && (row.html || row.text)) {
    rendered = {
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: keptHeaders(row.headers),
      replyTo: row.replyTo,
    }
  } else {
    try {
      rendered = kind.render(app, row, now)
    } catch (err) {
      summary[markFailed(app, row, kind, errorText(err), isPermanent(err), now)]++
      return null
    }
    if (rendered.cancel) {
      finish(
        app,
        "UPDATE deliveries SET status = 'cancelled', lastError = {:reason}, claimedAt = '', updated = {:now}",
        { reason: rendered.cancel.slice(0, 2000), now: toPbTime(now) },
        row,
      )
      summary.cancelled++
      return null
    }
    if (rendered.payload) row.payload = JSON.stringify(rendered.payload)
    // A run that lost its claim meanwhile (it went stale) must not send.
    const stillClaimed = finish(
      app,
      'UPDATE deliveries SET subject = {:subject}, html = {:html}, text = {:text}, headers = {:headers}, ' +
        'replyTo = {:replyTo}, payload = {:payload}, updated = {:now}',
      {
        subject: String(rendered.subject || '').slice(0, 998),
        html: keepBody ? rendered.html || rendered.body || '' : '',
        text: keepBody ? rendered.text || '' : '',
        headers: rendered.headers ? JSON.stringify(rendered.headers) : null,
        replyTo: String(rendered.replyTo || '').slice(0, 320),
        payload: row.payload || null,
        now: toPbTime(now),
      },
      row,
    )
    if (stillClaimed === 0) return null
  }
  return { kind, rendered }
}

/** Records how one send went: `error` null is sent, anything else a failed attempt. */
function finishDelivery(
  app: App,
  channel: DeliveryChannel,
  kind: DeliveryKind,
  row: DeliveryRow,
  error: unknown,
  now: number,
  summary: RunSummary,
): void {
  if (error) {
    const fault = channel.classify(error)
    const outcome = markFailed(app, row, kind, fault.message, fault.permanent, now)
    summary[outcome]++
    app
      .logger()
      .warn(
        'deliveries: send failed',
        'id',
        row.id,
        'kind',
        row.kind,
        'attempt',
        row.attempts + 1,
        'outcome',
        outcome,
        'error',
        fault.message,
      )
    return
  }
  if (row.channel === 'job') {
    // A job's work is done: nothing outside to show for it, so its row goes (a failure stays).
    finish(app, 'DELETE FROM deliveries', {}, row)
  } else {
    markSent(app, row, now)
  }
  summary.sent++
  if (kind.afterSent) {
    try {
      kind.afterSent(app, row, now)
    } catch (err) {
      app.logger().error('deliveries: afterSent failed', 'id', row.id, 'error', errorText(err))
    }
  }
}

/**
 * Renders, sends and records one claimed row. false: the channel's wire stayed busy (another send
 * hangs on it) and the row went back to the queue untouched.
 */
export function deliver(
  app: App,
  channel: DeliveryChannel,
  context: ChannelContext,
  row: DeliveryRow,
  now: number,
  summary: RunSummary,
): boolean {
  const ready = prepareDelivery(app, row, now, summary)
  if (!ready) return true
  const sendAndRecord = () => {
    let error: unknown = null
    try {
      channel.send(app, context, row, ready.rendered)
    } catch (err) {
      error = err || new Error('unknown error')
    }
    finishDelivery(app, channel, ready.kind, row, error, now, summary)
  }
  if (!channel.oneAtATime) {
    sendAndRecord()
    return true
  }
  if (onTheWire(app, channel.name, sendAndRecord)) return true
  giveBack(app, row)
  return false
}

/** A claimed row goes back to the queue untouched (no attempt counted): a later run sends it. */
export function giveBack(app: App, row: DeliveryRow): void {
  finish(app, "UPDATE deliveries SET status = 'pending', claimedAt = ''", {}, row)
}

/**
 * A claimed batch for a channel that sends many at once (`sendBatch`: the webhook channel posts
 * them all together, so a receiver that hangs costs its own timeout, not the others'). Outcomes
 * are recorded at the clock's time after the sends, so a retry's wait starts when the attempt
 * ended (a 10 s timeout does not eat a 5 s back-off).
 */
export function deliverBatch(
  app: App,
  channel: DeliveryChannel,
  context: ChannelContext,
  rows: DeliveryRow[],
  clock: () => number,
  summary: RunSummary,
): void {
  const now = clock()
  const ready: Array<{ row: DeliveryRow; kind: DeliveryKind; rendered: Rendered }> = []
  for (const row of rows) {
    const prepared = prepareDelivery(app, row, now, summary)
    if (prepared) ready.push({ row, kind: prepared.kind, rendered: prepared.rendered })
  }
  if (ready.length === 0 || !channel.sendBatch) return
  let errors: unknown[]
  try {
    errors = channel.sendBatch(
      app,
      context,
      ready.map((item) => ({ row: item.row, rendered: item.rendered })),
    )
  } catch (err) {
    errors = ready.map(() => err || new Error('unknown error'))
  }
  const done = clock()
  ready.forEach((item, i) =>
    finishDelivery(app, channel, item.kind, item.row, errors[i] || null, done, summary),
  )
}
