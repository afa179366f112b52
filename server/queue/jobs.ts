// Scheduled work as rows of the one queue: a `job` kind is a row with a run time on the `job`
// channel, picked by the dispatcher like any delivery and retried the same way when its work
// throws; done, its row goes (a failed one stays for the console). A recurring job (clean-ups,
// scans) keeps exactly one row queued: when none is pending, the next is queued at its
// `repeat` time, with that time in its unique key, so two dispatchers cannot queue it twice.
// The queue knows no job: each area registers its job kinds with its other kinds.
import type { App } from '../platform/events'
import { countRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import { enqueue, insertDelivery } from './enqueue'
import { findKind, kindNames } from './registry'
import { MINUTE } from './settings'
import { wake } from './wake'
import type { ChannelContext, DeliveryChannel, DeliveryKind, DeliveryRow } from './types'
import { errorText, isPermanent } from './errors'

/** What a job kind says besides its work. */
export interface JobOptions {
  /** A recurring job: its next run after `now` (see `every`). */
  repeat?: (now: number) => number
  /** How long a failing run is retried (hours; default 1). */
  lifetimeHours?: number
}

/**
 * A job queued by name (`enqueueJob`): its name and options, declared once by its area beside
 * the code that queues it, and handed to `jobKind` with the work. Queueing it needs nothing else,
 * so a request that queues a job loads no area's kinds (a busy engine pool would load them
 * anew for every request).
 */
export interface JobSpec extends JobOptions {
  name: string
}

/** How long a failing job is retried when its kind does not say (hours). */
const JOB_LIFETIME_HOURS = 1

/** A job's name and options, for `enqueueJob` and `jobKind`. */
export function defineJob(name: string, options?: JobOptions): JobSpec {
  return Object.assign({ name }, options || {})
}

/** A `job` kind doing `perform` when its row comes due. */
export function jobKind(
  perform: (app: App, row: DeliveryRow, now: number) => void,
  options?: JobOptions,
): DeliveryKind {
  return {
    channel: 'job',
    class: 'job',
    lifetimeHours: (options && options.lifetimeHours) || JOB_LIFETIME_HOURS,
    keepBody: false,
    render: () => ({}),
    perform,
    repeat: options && options.repeat,
  }
}

/**
 * Every `minutes` minutes at `offsetMinutes` past the grid's start (UTC): every(60, 41) is at
 * 41 minutes past each hour, every(24 * 60, 3 * 60 + 17) at 03:17 each day. Strictly after `now`.
 */
export function every(minutes: number, offsetMinutes = 0): (now: number) => number {
  const period = minutes * MINUTE
  const offset = offsetMinutes * MINUTE
  return (now: number) => Math.floor((now - offset) / period) * period + offset + period
}

/**
 * Queues `job` now (or at `runAt`) with `app` (the caller's transaction); `key` makes it once
 * only (e.g. the record it is for). Jobs have no caps: one INSERT, and the dispatcher's job lane
 * looks at once.
 */
export function enqueueJob(
  app: App,
  job: JobSpec,
  options?: { key?: string; runAt?: number; sourceId?: string; payload?: Record<string, unknown> },
): void {
  const result = insertDelivery(app, {
    kind: job.name,
    channel: 'job',
    class: 'job',
    uniqueKey: options && options.key ? `${job.name}:${options.key}`.slice(0, 200) : '',
    recipient: 'job',
    sourceId: options && options.sourceId,
    payload: options && options.payload,
    runAt: options && options.runAt,
    lifetimeHours: job.lifetimeHours || JOB_LIFETIME_HOURS,
    clientIp: '',
    now: Date.now(),
  })
  if (result.queued) wake(app, 'job')
}

/**
 * Keeps ONE pending row of `job` due no later than `at`: a pending one due later is moved to
 * `at`, none is queued at `at`. For work planned from its own data (the follow-ups' next due
 * step): whatever changes that data plans the job again, and the job plans its next run.
 */
export function planJob(app: App, job: JobSpec, at: number): void {
  const params = { kind: job.name, at: toPbTime(at), now: toPbTime(Date.now()) }
  const pending = countRows(
    app,
    "SELECT COUNT(*) AS n FROM deliveries WHERE kind = {:kind} AND status = 'pending'",
    params,
  )
  if (pending === 0) return enqueueJob(app, job, { runAt: at })
  const moved = app
    .db()
    .newQuery(
      "UPDATE deliveries SET runAt = {:at}, updated = {:now} WHERE kind = {:kind} AND status = 'pending' AND runAt > {:at}",
    )
    .bind(params)
    .execute()
  if (moved.rowsAffected() > 0) wake(app, 'job')
}

/** Queues the next run of every recurring job that has none waiting. Returns how many. */
export function ensureRecurring(app: App, now: number): number {
  let queued = 0
  for (const name of kindNames()) {
    const kind = findKind(name)
    if (!kind || kind.channel !== 'job' || !kind.repeat) continue
    const waiting = countRows(
      app,
      "SELECT COUNT(*) AS n FROM deliveries WHERE kind = {:kind} AND status IN ('pending', 'sending')",
      { kind: name },
    )
    if (waiting > 0) continue
    const runAt = kind.repeat(now)
    const result = enqueue(app, {
      kind: name,
      recipient: 'job',
      runAt,
      uniqueKey: `${name}@${toPbTime(runAt)}`,
    })
    if (result.queued) queued++
  }
  return queued
}

/** The `job` channel: a row's "send" is its kind's work. */
export const jobChannel: DeliveryChannel = {
  name: 'job',
  prepare: (): ChannelContext => ({ configured: true }),
  send(app: App, context: ChannelContext, row: DeliveryRow): void {
    const kind = findKind(row.kind)
    if (!kind || !kind.perform) throw new Error(`Job "${row.kind}" has no work to do.`)
    kind.perform(app, row, context.now ? context.now() : Date.now())
  },
  classify(error: unknown) {
    return { message: errorText(error), permanent: isPermanent(error) }
  },
}
