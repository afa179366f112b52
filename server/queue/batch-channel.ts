// A channel that sends a claimed batch at once (HTTP POSTs: webhooks, push alerts): the parts
// every such channel shares. Its errors carry the channel's name, so a fault thrown by anything
// else (a bug, a database error) is never taken for the receiver's final answer.
import type { App } from '../platform/events'
import { errorText } from './errors'
import type { ChannelContext, DeliveryChannel, DeliveryRow, Rendered } from './types'

/** An attempt that did not deliver, as the channel's classify() reads it. */
export type AttemptError = Error & { permanent: boolean; channel: string }

export function attemptError(channel: string, message: string, permanent: boolean): AttemptError {
  const err = new Error(message) as AttemptError
  err.permanent = permanent
  err.channel = channel
  return err
}

/** The run's time, which the queue hands every channel (a run "as if at" another time moves it). */
export function runTime(context: ChannelContext): number {
  const ms = typeof context.now === 'function' ? Number(context.now()) : NaN
  return isFinite(ms) ? ms : Date.now()
}

/**
 * The channel `name` around `sendBatch` (per item null, sent, or the AttemptError to record):
 * always configured, one row sent as a batch of one.
 */
export function batchChannel(
  name: string,
  sendBatch: (
    app: App,
    context: ChannelContext,
    items: Array<{ row: DeliveryRow; rendered: Rendered }>,
  ) => Array<AttemptError | null>,
): DeliveryChannel {
  return {
    name,
    prepare: () => ({ configured: true }),
    sendBatch,
    send(app, context, row, rendered) {
      const error = sendBatch(app, context, [{ row, rendered }])[0]
      if (error) throw error
    },
    classify(error) {
      const fault = (error || {}) as { permanent?: boolean; channel?: string }
      return { message: errorText(error), permanent: fault.channel === name && !!fault.permanent }
    },
  }
}
