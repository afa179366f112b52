/// <reference path="../../../../.pb-types/types.d.ts" />
// BENCH ONLY, never in pb_hooks/: where a mail's time goes, for scripts/bench/mail-bench.mjs
// (copied into its temp hooks folder). Superusers only; neither route takes a body.
//   POST /api/test/mail-smtp-alone?count=N   N one-line mails through PocketBase's mail client,
//        one after another (to bench-smtp-N@example.com), outside the queue, answering each one's
//        time: what one SMTP connection and transaction cost by themselves.
//   POST /api/test/mail-render?issue=ID      renders every queued copy of the newsletter issue
//        again with its kind's own render (each reader's copy, as the queue renders it when it
//        sends), sending nothing: the render's cost per copy.

routerAdd(
  'POST',
  '/api/test/mail-smtp-alone',
  (e) => {
    const count = Math.max(1, Math.min(1000, Number(e.request.url.query().get('count')) || 20))
    const from = e.app.settings().meta.senderAddress
    const each = []
    for (let i = 0; i < count; i++) {
      const started = Date.now()
      e.app.newMailClient().send(
        new MailerMessage({
          from: { address: from, name: 'Bench' },
          to: [{ address: `bench-smtp-${i}@example.com` }],
          subject: 'SMTP alone',
          html: '<p>One line.</p>',
          text: 'One line.',
        }),
      )
      each.push(Date.now() - started)
    }
    return e.json(200, { count, each })
  },
  $apis.requireSuperuserAuth(),
)

routerAdd(
  'POST',
  '/api/test/mail-render',
  (e) => {
    const issue = String(e.request.url.query().get('issue') || '')
    const kind = require(`${__hooks}/generated/server.cjs`).newsletter.kinds.newsletter_issue
    const rows = arrayOf(
      new DynamicModel({
        id: '',
        kind: '',
        channel: '',
        class: '',
        recipient: '',
        sourceId: '',
        payload: '',
        subject: '',
        html: '',
        text: '',
        headers: '',
        replyTo: '',
        attempts: 0,
        runAt: '',
        claimedAt: '',
        expiresAt: '',
        errorLog: '',
        clientIp: '',
        created: '',
      }),
    )
    e.app
      .db()
      .newQuery(
        "SELECT id, kind, channel, class, recipient, sourceId, IFNULL(payload, '') AS payload, " +
          "subject, html, text, IFNULL(headers, '') AS headers, replyTo, attempts, runAt, claimedAt, " +
          "expiresAt, IFNULL(errorLog, '') AS errorLog, clientIp, created FROM deliveries " +
          "WHERE kind = 'newsletter_issue' AND sourceId = {:issue}",
      )
      .bind({ issue })
      .all(rows)
    // Plain objects, as the queue hands its rows to a kind.
    const copies = rows.map((row) => JSON.parse(JSON.stringify(row)))
    let bytes = 0
    const started = Date.now()
    for (const row of copies) {
      const copy = kind.render(e.app, row, Date.now())
      bytes += String(copy.html || '').length + String(copy.text || '').length
    }
    return e.json(200, { count: copies.length, ms: Date.now() - started, bytes })
  },
  $apis.requireSuperuserAuth(),
)
