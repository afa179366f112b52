// The dispatcher's cron ticks (pb_hooks/deliveries.pb.js, one line per lane) and the superusers'
// run endpoints: POST /api/queue/dispatch, a second loop on a lane beside the cron's (the crash
// drill, tests/integration/queue-crash.test.ts), and POST /api/queue/jobs/{kind}/run, a job's
// work now rather than at its time (an operator's "clean up now"; tests).
import { badRequest } from '../platform/errors'
import type { App, RequestEvent, TerminateEvent } from '../platform/events'
import { jsonBody, noStore, pathValue } from '../platform/request'
import { dispatch, stopDispatching } from './dispatcher'
import { enqueue } from './enqueue'
import { channelNames, findKind } from './registry'
import { run } from './run'
import { backToMinuteTicks } from './ticks'

// A second loop runs at most this long (the request waits for it).
const BESIDE_MAX_SECONDS = 120

function theApp(): App {
  return $app as unknown as App
}

/** The cron tick of a lane: its loop over `channels` until just before the next tick. */
function lane(channels: string[]): () => void {
  return () => {
    try {
      backToMinuteTicks(theApp())
      dispatch(theApp(), channels)
    } catch (err) {
      theApp()
        .logger()
        .error('queue: dispatcher failed', 'lane', channels.join('+'), 'error', String(err))
    }
  }
}

// Two lanes: mail alone, so a mail server that hangs (PocketBase's mail client has no timeout)
// holds back nothing else; the jobs with the webhooks and the consultant's push alerts, whose
// sends end within 10 s. Each lane holds one of PocketBase's engines.
export const dispatchMail = lane(['mail'])
export const dispatchJobs = lane(['job', 'webhook', 'push'])

/** POST /api/queue/dispatch {"channel": "mail", "seconds": 20}: a loop beside the cron's. */
export function dispatchBeside(e: RequestEvent): void {
  noStore(e)
  const body = jsonBody(e)
  const channel = String(body.channel || 'mail')
  const seconds = Number(body.seconds === undefined ? 10 : body.seconds)
  if (channelNames().indexOf(channel) < 0) {
    throw badRequest('Unknown channel.', {
      channel: ['validation_invalid_value', `One of: ${channelNames().join(', ')}.`],
    })
  }
  if (!isFinite(seconds) || seconds <= 0 || seconds > BESIDE_MAX_SECONDS) {
    throw badRequest('`seconds` is out of range.', {
      seconds: ['validation_invalid_value', `Between 0 and ${BESIDE_MAX_SECONDS}.`],
    })
  }
  const worked = dispatch(e.app, [channel], { until: Date.now() + seconds * 1000, beside: true })
  return e.json(200, { channel, worked })
}

/** POST /api/queue/jobs/{kind}/run: the job queued due now and the job lane run once. */
export function runJobNow(e: RequestEvent): void {
  noStore(e)
  const name = pathValue(e, 'kind')
  const kind = findKind(name)
  if (!kind || kind.channel !== 'job') {
    throw new NotFoundError('No such job.')
  }
  enqueue(e.app, { kind: name, recipient: 'job', runAt: Date.now() })
  return e.json(200, run(e.app, { channel: 'job' }))
}

/** onTerminate: every dispatcher loop ends within a nap. */
export function stopAtTerminate(e: TerminateEvent): void {
  stopDispatching(e.app)
  return e.next()
}
