// The shapes of the delivery queue: what a caller queues, what a kind renders, what a channel
// sends. Kinds and channels register themselves with the queue (registry.ts); it knows no kind.

import type { App } from '../platform/events'

export type { DeliveryHealth } from './api'

/** The classes of delivery, highest first: a run sends them in this order (claim.ts). */
export type DeliveryClass =
  'account' | 'owner' | 'visitor' | 'followup' | 'bulk' | 'webhook' | 'alert' | 'job'

/** What a caller asks `enqueue` for. */
export interface DeliveryJob {
  kind: string
  /** An e-mail address (trimmed and lowercased by the queue) or a webhook endpoint's id. */
  recipient: string
  /** The record the delivery is rendered from. */
  sourceId?: string
  /** Small typed arguments for `render` (JSON). */
  payload?: Record<string, unknown>
  /** Not before this time (ms); default now. */
  runAt?: number
  /** The same key is never queued twice. */
  uniqueKey?: string
  /** The address of the request that caused it, for the per-IP caps. */
  clientIp?: string
}

/** A fan-out (`enqueueMany`): `select` returns recipient, sourceId, uniqueKey (and payload). */
export interface FanOut {
  kind: string
  /** A SELECT giving `recipient`, `sourceId`, `uniqueKey` and optionally `payload` (JSON text). */
  select: string
  params?: Record<string, unknown>
  /** Not before this time (ms); default now. */
  runAt?: number
}

/** Which waiting deliveries `cancel` stops: every field given must match (at least one). */
export interface CancelMatch {
  kind?: string
  recipient?: string
  sourceId?: string
  uniqueKeyPrefix?: string
}

export type EnqueueResult =
  | { queued: true; id: string }
  | { queued: false; reason: 'duplicate' | 'recipient cap' | 'ip cap' | 'invalid recipient' }

/** A row as a sender run claims it (JSON columns as text, '' when empty). */
export interface DeliveryRow {
  id: string
  kind: string
  channel: string
  class: string
  recipient: string
  sourceId: string
  payload: string
  subject: string
  html: string
  text: string
  headers: string
  replyTo: string
  attempts: number
  runAt: string
  claimedAt: string
  expiresAt: string
  errorLog: string
  clientIp: string
  created: string
}

/** What a kind renders a row into when it is sent. */
export interface Rendered {
  /** A mail. */
  subject?: string
  html?: string
  text?: string
  headers?: Record<string, string>
  replyTo?: string
  /** The sender's name for this mail (a person's, e.g. the consultant's); default MAIL_FROM_NAME. */
  fromName?: string
  /** A webhook's body. */
  body?: string
  /** Replaces the row's payload (e.g. what a digest lists), kept with the row. */
  payload?: Record<string, unknown>
  /** Do not send: the row becomes `cancelled` with this reason. */
  cancel?: string
}

/** One kind of delivery: its channel, class, limits and how a row is rendered. */
export interface DeliveryKind {
  channel: string
  class: DeliveryClass
  /** At most this many rows of the kind to one recipient in `recipientWindowHours` (24). */
  perRecipientPerDay?: number | (() => number)
  recipientWindowHours?: number | (() => number)
  /** No two rows of the kind to one recipient within this many minutes. */
  recipientSpacingMinutes?: number
  /**
   * The per-recipient caps count only rows queued in the same scope (kept in `payload.capScope`),
   * e.g. the account's current password for reset mails: a used link starts the count again.
   */
  capScope?(app: App, job: DeliveryJob): string
  /** true: this job is not held to the per-recipient caps (a verified account's sign-in alerts). */
  capExempt?(app: App, job: DeliveryJob): boolean
  /** Within its class, lower goes first (default 5). */
  priority?: number
  /** Counts towards the daily cap of mail one IP may cause (MAIL_VISITOR_PER_IP_PER_DAY). */
  perIpCap?: boolean
  /** How long temporary faults are retried (default MAIL_QUEUE_LIFETIME_HOURS). */
  lifetimeHours?: number
  /** false: the rendered body is not kept on the row (it carries a live token). */
  keepBody?: boolean
  /** Wait after the n-th failed attempt (default: exponential with jitter, capped at an hour). */
  backoffMs?: (attempt: number) => number
  render(app: App, row: DeliveryRow, now: number): Rendered
  /** true: do not send this row now; it waits (`held`) for something else to send it. */
  hold?(app: App, row: DeliveryRow, now: number): boolean
  afterSent?(app: App, row: DeliveryRow, now: number): void
  afterFailed?(app: App, row: DeliveryRow, reason: string, now: number): void
  /** After `hold` held a row (the owner's digest plans itself), in the same step. */
  afterHeld?(app: App, row: DeliveryRow, now: number): void
  /** A `job` kind's work (jobs.ts): throws to be retried like a failed send. */
  perform?(app: App, row: DeliveryRow, now: number): void
  /** A recurring job: the time (ms) of its next run after `now` (jobs.ts keeps one queued). */
  repeat?(now: number): number
}

/** Whatever a channel needs for one run (its settings), or why it cannot send. */
export interface ChannelContext {
  configured: boolean
  /** Why not, when not configured. */
  reason?: string
  /** The run's time in ms (a run "as if at" another time moves it); set by the queue. */
  now?: () => number
  [key: string]: unknown
}

/** A transport: mail (SMTP) or webhook (HTTP POST). */
export interface DeliveryChannel {
  name: string
  /**
   * true: one send of the channel at a time in the process, recorded before the next begins
   * (wire.ts), so a crash leaves at most one send unrecorded.
   */
  oneAtATime?: boolean
  prepare(app: App): ChannelContext
  send(app: App, context: ChannelContext, row: DeliveryRow, rendered: Rendered): void
  /**
   * Optional: sends a whole claimed batch at once; per item null (sent) or the error `send`
   * would have thrown. The queue uses it instead of `send` when a channel has it.
   */
  sendBatch?(
    app: App,
    context: ChannelContext,
    items: Array<{ row: DeliveryRow; rendered: Rendered }>,
  ): unknown[]
  /** An error's text for the row, and whether retrying cannot help. */
  classify(error: unknown): { message: string; permanent: boolean }
}

export interface RunSummary {
  channel: string
  smtpConfigured: boolean
  configured: boolean
  configError?: string
  sent: number
  failed: number
  retried: number
  held: number
  cancelled: number
  recovered: number
  pending: number
}

/** What `run` is asked for: the channel (default mail), as if at `now` (ms; default the clock). */
export interface RunOptions {
  channel?: string
  now?: number
  /** Stop claiming after this long (ms; default RUN_TIME_BUDGET_MS). */
  budgetMs?: number
}
