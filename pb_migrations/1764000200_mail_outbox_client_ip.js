/// <reference path="../.pb-types/types.d.ts" />
// mail_outbox.clientIp: the IP address whose request queued a mail to a visitor, for the daily
// cap per IP (server/leads/). Hidden from every API answer, and like the other mail
// fields an admin may not set it when re-queueing a failed mail. Indexes for the two limits'
// look-ups (recent mail to one address, recent mail from one IP).

const LOCK_CLIENT_IP = ' && @request.body.clientIp:isset = false'
const INDEXES = [
  { name: 'idx_mail_outbox_to_kind', columns: '`to`, `kind`, `created`' },
  { name: 'idx_mail_outbox_client_ip', columns: '`clientIp`, `created`' },
]

migrate(
  (app) => {
    const outbox = app.findCollectionByNameOrId('mail_outbox')
    outbox.fields.add(new TextField({ name: 'clientIp', max: 64, hidden: true }))
    outbox.updateRule = `${outbox.updateRule}${LOCK_CLIENT_IP}`
    for (const index of INDEXES) outbox.addIndex(index.name, false, index.columns, '')
    app.save(outbox)
  },
  (app) => {
    const outbox = app.findCollectionByNameOrId('mail_outbox')
    outbox.fields.removeByName('clientIp')
    outbox.updateRule = String(outbox.updateRule).replace(LOCK_CLIENT_IP, '')
    for (const index of INDEXES) outbox.removeIndex(index.name)
    app.save(outbox)
  },
)
