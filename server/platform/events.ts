// The shapes of PocketBase's hook events as the handlers use them. PocketBase's generated
// declarations (.pb-types/types.d.ts) mark every Go pointer optional (`record?`, `request?`);
// inside a record hook the record is always there, inside a route the request and response are.
// These types say so once, instead of a `!` at every use.

/** The app a hook or a job works with (a transaction's app has the same shape). */
export type App = core.App

/** Any event with its optional pointers that are always set in the hooks we register. */
type Present<E, K extends keyof E> = E & { [P in K]-?: NonNullable<E[P]> }

/** A route or middleware: the request and the response are there. */
export type RequestEvent = Present<core.RequestEvent, 'request' | 'response'>

/** A records-API request (create, update, list, view) for one record. */
export type RecordRequestEvent = Present<
  core.RecordRequestEvent,
  'request' | 'response' | 'record' | 'collection'
> & {
  /** goja also names the embedded request event by its type; the declarations do not list it. */
  requestEvent?: core.RequestEvent
}

/** A record hook outside a request (create/update execute, after-success). */
export type RecordEvent = Present<core.RecordEvent, 'record'>

/** A records-API list request. */
export type RecordsListRequestEvent = Present<
  core.RecordsListRequestEvent,
  'request' | 'response' | 'collection'
>

/** An auth-with-password request. */
export type RecordAuthWithPasswordRequestEvent = Present<
  core.RecordAuthWithPasswordRequestEvent,
  'request' | 'response' | 'collection'
>

/** A password-reset confirmation request. */
export type RecordConfirmPasswordResetRequestEvent = Present<
  core.RecordConfirmPasswordResetRequestEvent,
  'request' | 'response' | 'collection' | 'record'
>

/** A mail PocketBase is about to send for an auth record (verification, reset, ...). */
export type MailerRecordEvent = Present<core.MailerRecordEvent, 'record' | 'message'>

/** A record being enriched for an answer (hidden fields, computed ones). */
export type RecordEnrichEvent = Present<core.RecordEnrichEvent, 'record'>

/** A realtime (SSE) connection being opened. */
export type RealtimeConnectRequestEvent = Present<
  core.RealtimeConnectRequestEvent,
  'request' | 'response'
>

/** The server starting. */
export type BootstrapEvent = core.BootstrapEvent

/** The server stopping. */
export type TerminateEvent = core.TerminateEvent
