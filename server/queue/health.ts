// How a channel is doing, for the console's mail-health line (GET /api/mail/health): whether it
// is configured, when it last sent, how many wait or failed, and the fault that stops it now.
import type { App } from '../platform/events'
import { countRows, selectRow } from '../platform/sql'
import type { DeliveryHealth } from './api'
import { isDispatching } from './dispatcher'
import { channelOf } from './registry'

/**
 * What the console's mail-health line says: whether the channel is configured, when it last
 * sent, how many wait, and - when the latest news is a temporary fault newer than the last
 * send - that error, its time, and since when sending fails.
 */
export function health(app: App, channelName?: string): DeliveryHealth {
  const name = channelName || 'mail'
  const configured = channelOf(name).prepare(app).configured
  const sentAt =
    selectRow(
      app,
      "SELECT IFNULL(MAX(sentAt), '') AS at FROM deliveries WHERE channel = {:channel} AND sentAt != ''",
      { channel: name },
      { at: '' },
    )?.at || ''
  const waiting = countRows(
    app,
    "SELECT COUNT(*) AS n FROM deliveries WHERE channel = {:channel} AND status IN ('pending', 'sending', 'held')",
    { channel: name },
  )
  const failed = countRows(
    app,
    "SELECT COUNT(*) AS n FROM deliveries WHERE channel = {:channel} AND status = 'failed'",
    { channel: name },
  )
  let latest: { lastError: string; lastErrorAt: string } | null = null
  try {
    latest = selectRow(
      app,
      'SELECT lastError, lastErrorAt FROM deliveries WHERE channel = {:channel} ' +
        "AND status IN ('pending', 'sending') AND lastErrorAt != '' AND lastErrorAt > {:sent} " +
        'ORDER BY lastErrorAt DESC LIMIT 1',
      { channel: name, sent: sentAt },
      { lastError: '', lastErrorAt: '' },
    )
  } catch {
    latest = null
  }
  let since = ''
  if (latest) {
    // The first temporary fault after the last successful send, from the rows' error logs.
    const first = selectRow(
      app,
      "SELECT IFNULL(MIN(json_extract(entry.value, '$.at')), '') AS at FROM deliveries, json_each(deliveries.errorLog) AS entry " +
        "WHERE deliveries.channel = {:channel} AND deliveries.status IN ('pending', 'sending') " +
        "AND deliveries.lastErrorAt > {:sent} AND json_extract(entry.value, '$.permanent') = 0 " +
        "AND json_extract(entry.value, '$.at') > {:sent}",
      { channel: name, sent: sentAt },
      { at: '' },
    )
    since = (first && first.at) || latest.lastErrorAt
  }
  return {
    channel: name,
    smtpConfigured: name === 'mail' ? configured : false,
    lastSentAt: sentAt || null,
    waiting,
    failed,
    lastError: latest ? latest.lastError : null,
    lastErrorAt: latest ? latest.lastErrorAt : null,
    failingSince: latest ? since : null,
    dispatching: isDispatching(app, name),
  }
}
