/// <reference path="../.pb-types/types.d.ts" />
// One durable queue for everything the server sends (docs/decisions/024-one-delivery-queue.md):
// the `deliveries` collection replaces `mail_outbox`. Every mail_outbox row moves in with its id,
// state, attempts, error and times (`to` becomes the lowercased `recipient`, `nextAttemptAt`
// becomes `runAt`; a row gets five days from its creation, the default lifetime); mail_outbox is
// then removed. `down` recreates mail_outbox as it was and moves the rows of its four kinds back
// (cancelled rows as failed, rows held for the owner's digest as pending), then removes
// deliveries: rows of kinds mail_outbox never had (account mails, the owner's digest, later
// kinds) cannot go back and are dropped with it.
//
// Admins list and view rows and may re-queue a failed one (only `status` -> `pending`; the
// server resets its retry state, pb_hooks/deliveries.pb.js); nobody else has any access.

const QUEUE_ADMIN = '@request.auth.isAdmin = true'
const DELIVERY_STATUSES = ['pending', 'sending', 'held', 'sent', 'failed', 'cancelled']
const OLD_OUTBOX_KINDS = ['owner_contact', 'owner_audit', 'visitor_results', 'newsletter_confirm']
// A row moved from mail_outbox is retried for the default lifetime from its creation.
const MOVED_LIFETIME_HOURS = 120

/** @type {Array<Record<string, unknown>>} Every field of deliveries but id, in order. */
const DELIVERY_FIELDS = [
  { name: 'kind', type: 'text', required: true, max: 64 },
  { name: 'channel', type: 'text', required: true, max: 32 },
  { name: 'class', type: 'text', required: true, max: 32 },
  { name: 'status', type: 'select', required: true, maxSelect: 1, values: DELIVERY_STATUSES },
  { name: 'uniqueKey', type: 'text', max: 200 },
  { name: 'recipient', type: 'text', required: true, max: 320 },
  { name: 'sourceId', type: 'text', max: 64 },
  { name: 'payload', type: 'json', maxSize: 100000 },
  { name: 'subject', type: 'text', max: 998 },
  { name: 'html', type: 'text', max: 1000000 },
  { name: 'text', type: 'text', max: 500000 },
  { name: 'headers', type: 'json', maxSize: 8000 },
  { name: 'replyTo', type: 'text', max: 320 },
  { name: 'attempts', type: 'number', min: 0, onlyInt: true },
  { name: 'runAt', type: 'date' },
  { name: 'claimedAt', type: 'date' },
  { name: 'sentAt', type: 'date' },
  { name: 'expiresAt', type: 'date' },
  { name: 'lastError', type: 'text', max: 2000 },
  { name: 'lastErrorAt', type: 'date' },
  { name: 'errorLog', type: 'json', maxSize: 20000 },
  { name: 'clientIp', type: 'text', max: 64, hidden: true },
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
]

/** Re-queueing a failed row: the status, and nothing else, may change. */
function deliveriesUpdateRule() {
  const locked = DELIVERY_FIELDS.map((field) => String(field.name)).filter(
    (name) => name !== 'status' && name !== 'created' && name !== 'updated',
  )
  return [
    QUEUE_ADMIN,
    'status = "failed"',
    '@request.body.status = "pending"',
    ...locked.map((name) => `@request.body.${name}:isset = false`),
  ].join(' && ')
}

// mail_outbox as the migrations before this one left it, for `down`.
const OLD_OUTBOX_LOCKED = [
  'to',
  'subject',
  'html',
  'text',
  'kind',
  'sourceId',
  'sentAt',
  'lastError',
  'replyTo',
  'headers',
]
/** @type {Record<string, unknown>} */
const OLD_MAIL_OUTBOX = {
  type: 'base',
  name: 'mail_outbox',
  listRule: QUEUE_ADMIN,
  viewRule: QUEUE_ADMIN,
  createRule: null,
  updateRule: [
    QUEUE_ADMIN,
    'status = "failed"',
    '@request.body.status = "pending"',
    ...OLD_OUTBOX_LOCKED.map((f) => `@request.body.${f}:isset = false`),
  ].join(' && '),
  deleteRule: null,
  fields: [
    { name: 'to', type: 'email', required: true },
    { name: 'subject', type: 'text', required: true, max: 300 },
    { name: 'html', type: 'text', max: 200000 },
    { name: 'text', type: 'text', max: 100000 },
    { name: 'kind', type: 'select', required: true, maxSelect: 1, values: OLD_OUTBOX_KINDS },
    {
      name: 'status',
      type: 'select',
      required: true,
      maxSelect: 1,
      values: ['pending', 'sending', 'sent', 'failed'],
    },
    { name: 'attempts', type: 'number', min: 0, onlyInt: true },
    { name: 'lastError', type: 'text', max: 2000 },
    { name: 'nextAttemptAt', type: 'date' },
    { name: 'claimedAt', type: 'date' },
    { name: 'sentAt', type: 'date' },
    { name: 'sourceId', type: 'text', max: 64 },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
    { name: 'replyTo', type: 'email' },
    { name: 'clientIp', type: 'text', max: 64, hidden: true },
    { name: 'headers', type: 'json', maxSize: 4000 },
  ],
  indexes: [
    'CREATE INDEX idx_mail_outbox_created ON mail_outbox (created)',
    'CREATE INDEX idx_mail_outbox_due ON mail_outbox (status, nextAttemptAt)',
    'CREATE INDEX `idx_mail_outbox_to_kind` ON `mail_outbox` (`to`, `kind`, `created`)',
    'CREATE INDEX `idx_mail_outbox_client_ip` ON `mail_outbox` (`clientIp`, `created`)',
    'CREATE INDEX `idx_mail_outbox_kind_to` ON `mail_outbox` ("kind", "to", "created")',
  ],
}

/** The class of each mail_outbox kind in the new queue. */
const OUTBOX_CLASS_SQL =
  "CASE WHEN kind IN ('owner_contact', 'owner_audit') THEN 'owner' ELSE 'visitor' END"

migrate(
  (app) => {
    const deliveries = new Collection(
      // Plain field objects, which PocketBase accepts; its declarations want Field instances.
      /** @type {any} */ ({
        type: 'base',
        name: 'deliveries',
        listRule: QUEUE_ADMIN,
        viewRule: QUEUE_ADMIN,
        createRule: null,
        updateRule: deliveriesUpdateRule(),
        deleteRule: null,
        fields: DELIVERY_FIELDS,
        indexes: [
          // The sender's claim: due rows of one channel, by status and time.
          'CREATE INDEX idx_deliveries_due ON deliveries (channel, status, runAt)',
          'CREATE INDEX idx_deliveries_created ON deliveries (created)',
          // The same delivery is never queued twice (rows without a key are not compared).
          "CREATE UNIQUE INDEX idx_deliveries_unique_key ON deliveries (uniqueKey) WHERE uniqueKey != ''",
          // Per-recipient caps, per-IP caps, and the rows of one record (deletion, the console).
          'CREATE INDEX idx_deliveries_recipient ON deliveries (recipient, kind, created)',
          'CREATE INDEX idx_deliveries_client_ip ON deliveries (clientIp, created)',
          'CREATE INDEX idx_deliveries_source ON deliveries (sourceId)',
          // Mail health and the owner's hourly budget: the latest sends of a channel.
          'CREATE INDEX idx_deliveries_sent ON deliveries (channel, sentAt)',
        ],
      }),
    )
    app.save(deliveries)

    // Every mail_outbox row, with its state. PocketBase's dates compare and shift as text
    // ("2026-11-25 10:02:03.456Z"); strftime keeps that shape.
    app
      .db()
      .newQuery(
        'INSERT INTO deliveries (id, kind, channel, class, status, recipient, sourceId, payload, ' +
          'subject, html, text, headers, replyTo, attempts, runAt, claimedAt, sentAt, expiresAt, ' +
          'lastError, lastErrorAt, errorLog, clientIp, created, updated) ' +
          `SELECT id, kind, 'mail', ${OUTBOX_CLASS_SQL}, status, lower(trim([[to]])), sourceId, NULL, ` +
          "subject, html, text, headers, replyTo, attempts, IFNULL(nextAttemptAt, ''), " +
          "IFNULL(claimedAt, ''), IFNULL(sentAt, ''), " +
          `strftime('%Y-%m-%d %H:%M:%fZ', created, '+${MOVED_LIFETIME_HOURS} hours'), ` +
          "lastError, CASE WHEN lastError != '' THEN updated ELSE '' END, '[]', clientIp, " +
          'created, updated FROM mail_outbox',
      )
      .execute()
    app.delete(app.findCollectionByNameOrId('mail_outbox'))
  },
  (app) => {
    const outbox = new Collection(/** @type {any} */ (OLD_MAIL_OUTBOX))
    app.save(outbox)
    const kinds = OLD_OUTBOX_KINDS.map((kind) => `'${kind}'`).join(', ')
    app
      .db()
      .newQuery(
        'INSERT INTO mail_outbox (id, [[to]], subject, html, text, kind, status, attempts, ' +
          'lastError, nextAttemptAt, claimedAt, sentAt, sourceId, created, updated, replyTo, ' +
          'clientIp, headers) ' +
          "SELECT id, recipient, CASE WHEN subject != '' THEN substr(subject, 1, 300) ELSE kind END, " +
          'html, text, kind, ' +
          // Held for the owner's digest: not yet told, so sent on its own again.
          "CASE status WHEN 'cancelled' THEN 'failed' WHEN 'held' THEN 'pending' ELSE status END, " +
          "attempts, CASE WHEN status = 'cancelled' THEN 'Cancelled: ' || lastError ELSE lastError END, " +
          'runAt, claimedAt, sentAt, sourceId, created, updated, replyTo, clientIp, headers ' +
          `FROM deliveries WHERE channel = 'mail' AND kind IN (${kinds})`,
      )
      .execute()
    app.delete(app.findCollectionByNameOrId('deliveries'))
  },
)
