/// <reference path="../../.pb-types/types.d.ts" />
// The owner's inbox: at most OWNER_MAIL_PER_HOUR notifications an hour (default 6; 0 = no cap),
// and from one IP address at most one of each kind (message, audit) an hour, so a flood from a
// few addresses cannot use up the hour and a real visitor's message still goes out on the next
// run. Every other notification is `held` and listed in ONE digest an hour: name, e-mail, score
// or first line, and a link to the person in the console. Nothing is dropped: a held row becomes
// `sent` when the digest that lists it is sent (`payload.digest` names it), or `failed` with the
// digest's reason.

/** @typedef {import('./delivery-types').DeliveryKind} DeliveryKind */
/** @typedef {import('./delivery-types').DeliveryRow} DeliveryRow */
/** @typedef {import('./delivery-types').DeliveryJob} DeliveryJob */

/** @type {typeof import('./mail-config.js')} */
const { mailConfig, ownerEmail } = require('./mail-config.js')
/** @type {typeof import('./mail-templates.js')} */
const templates = require('./mail-templates.js')
/** @type {typeof import('./mail-escape.js')} */
const { escapeHtml, oneLine, safeUrl } = require('./mail-escape.js')
const { DELIVERY_DEFAULTS, paths, toPbTime } = require('./shared.cjs')

const HOUR = 60 * 60 * 1000
const KIND = 'owner_digest'
// One digest lists at most this many; the rest are in the next one.
const MAX_ITEMS = 500

/** OWNER_MAIL_PER_HOUR from the environment (0 turns the cap and the digest off). */
function ownerMailPerHour() {
  const raw = String($os.getenv('OWNER_MAIL_PER_HOUR') || '').trim()
  const value = Number(raw)
  return raw !== '' && isFinite(value) && value >= 0
    ? Math.floor(value)
    : DELIVERY_DEFAULTS.ownerMailPerHour
}

/**
 * @param {core.App} app @param {string} sql @param {Record<string, unknown>} params
 * @returns {number}
 */
function count(app, sql, params) {
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery(sql).bind(params).one(row)
  return row.n
}

// Owner notifications sent on their own within the hour (a digest's items carry
// `payload.digest`), and those another run claimed before this one and is sending now: two runs
// at once (the cron and a flush) decide in the order they claimed.
const SENT_ALONE =
  `FROM deliveries WHERE class = 'owner' AND kind != '${KIND}' AND (` +
  "(status = 'sent' AND sentAt > {:since} AND json_extract(payload, '$.digest') IS NULL) OR " +
  "(status = 'sending' AND claimedAt < {:claimedAt}))"

/**
 * The queue asks before sending an owner notification: true holds it for the digest.
 * @param {core.App} app @param {DeliveryRow} row @param {number} now
 */
function holdForDigest(app, row, now) {
  const cap = ownerMailPerHour()
  if (cap <= 0) return false
  const since = toPbTime(now - HOUR)
  const claimedAt = row.claimedAt
  if (count(app, `SELECT COUNT(*) AS n ${SENT_ALONE}`, { since, claimedAt }) >= cap) return true
  if (!row.clientIp) return false
  return (
    count(app, `SELECT COUNT(*) AS n ${SENT_ALONE} AND kind = {:kind} AND clientIp = {:ip}`, {
      since,
      claimedAt,
      kind: row.kind,
      ip: row.clientIp,
    }) > 0
  )
}

/**
 * At the start and end of every mail run: held notifications and no digest on its way queue one,
 * due an hour after the oldest held one and an hour after the last digest.
 * @param {core.App} app @param {number} now
 * @returns {DeliveryJob[]}
 */
function schedule(app, now) {
  const held = new DynamicModel({ n: 0, oldest: '' })
  app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS n, IFNULL(MIN(updated), '') AS oldest FROM deliveries " +
        "WHERE status = 'held' AND class = 'owner'",
    )
    .one(held)
  if (held.n === 0) return []
  const open = `SELECT COUNT(*) AS n FROM deliveries WHERE kind = '${KIND}' AND status IN ('pending', 'sending')`
  if (count(app, open, {}) > 0) return []
  const last = new DynamicModel({ id: '', sentAt: '' })
  try {
    app
      .db()
      .newQuery(
        `SELECT id, sentAt FROM deliveries WHERE kind = '${KIND}' AND status = 'sent' ` +
          'ORDER BY sentAt DESC LIMIT 1',
      )
      .one(last)
  } catch (_) {
    // no digest yet
  }
  const parse = (/** @type {string} */ text) => Date.parse(text.replace(' ', 'T'))
  const oldest = held.oldest ? parse(held.oldest) : now
  const runAt = Math.max(
    (isFinite(oldest) ? oldest : now) + HOUR,
    last.sentAt ? parse(last.sentAt) + HOUR : 0,
  )
  // Two runs at once queue one digest: the key names the digest it follows.
  return [
    {
      kind: KIND,
      recipient: ownerEmail(),
      runAt,
      uniqueKey: `${KIND}:after:${last.id || 'none'}`,
    },
  ]
}

/**
 * One held notification as the digest lists it.
 * @param {core.App} app @param {{ kind: string, sourceId: string, created: string }} item
 */
function describe(app, item) {
  const appUrl = mailConfig(app).links.appUrl
  const collection = item.kind === 'owner_contact' ? 'contacts' : 'audits'
  /** @type {core.Record | null} */
  let record = null
  try {
    record = app.findRecordById(collection, item.sourceId)
  } catch (_) {
    record = null
  }
  const email = record ? record.getString('email') : ''
  let link = appUrl + paths.auditAdmin
  if (email) {
    try {
      const person = app.findFirstRecordByData('people', 'email', email.toLowerCase())
      link = `${appUrl}${paths.auditAdmin}?person=${person.id}`
    } catch (_) {
      // not (yet) a person: the console's front page
    }
  }
  if (!record) {
    return {
      what: item.kind === 'owner_contact' ? 'Message' : 'Audit',
      name: '',
      email: '',
      detail: '(deleted since)',
      link,
      when: item.created,
    }
  }
  if (item.kind === 'owner_contact') {
    const firstLine =
      record
        .getString('message')
        .split(/\r?\n/)
        .filter((l) => l.trim())[0] || ''
    return {
      what: 'Message',
      name: oneLine(record.getString('name'), 80),
      email,
      detail: oneLine(firstLine, 140),
      link,
      when: record.getString('created'),
    }
  }
  return {
    what: 'Audit',
    name: '',
    email,
    detail: `${record.getInt('overallScore')}%`,
    link,
    when: record.getString('created'),
  }
}

/**
 * The digest of every held notification, oldest first.
 * @param {core.App} app @param {DeliveryRow} _row
 */
function render(app, _row) {
  const models = arrayOf(new DynamicModel({ id: '', kind: '', sourceId: '', created: '' }))
  app
    .db()
    .newQuery(
      'SELECT id, kind, sourceId, created FROM deliveries ' +
        "WHERE status = 'held' AND class = 'owner' ORDER BY created, id LIMIT {:max}",
    )
    .bind({ max: MAX_ITEMS })
    .all(models)
  const rows =
    /** @type {Array<{ id: string, kind: string, sourceId: string, created: string }>} */ (
      /** @type {unknown} */ (models)
    )
  if (rows.length === 0) return { cancel: 'Nothing was waiting for the digest.' }
  const config = mailConfig(app)
  const items = rows.map((row) => describe(app, row))
  const messages = items.filter((item) => item.what === 'Message').length
  const audits = items.length - messages
  const counts = [
    messages ? `${messages} message${messages === 1 ? '' : 's'}` : '',
    audits ? `${audits} audit${audits === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(' and ')
  const subject = `Digest: ${counts} since your last notification`
  const colours = templates.colours

  const list = items
    .map((item) => {
      const who = item.name
        ? `${escapeHtml(item.name)} &lt;${escapeHtml(item.email)}&gt;`
        : escapeHtml(item.email)
      return (
        `<tr><td valign="top" style="padding:8px 12px 8px 0;border-bottom:1px solid #d5d9dc;font-size:14px;color:${colours.MUTED};white-space:nowrap;">${escapeHtml(item.what)}<br>${escapeHtml(templates.formatTime(item.when))}</td>` +
        `<td style="padding:8px 0;border-bottom:1px solid #d5d9dc;font-size:15px;color:${colours.INK};word-break:break-word;">${who}<br>${escapeHtml(item.detail)}<br>` +
        `<a href="${escapeHtml(safeUrl(item.link))}" style="color:${colours.SPRUCE};">Open in the console</a></td></tr>`
      )
    })
    .join('\n')
  const html = templates.layout({
    title: subject,
    preheader: `${counts}: more than you get one by one in an hour.`,
    brand: config.businessName,
    body: [
      templates.heading(`${counts} since your last notification`, 1),
      templates.paragraph(
        'More came in within the hour than you asked to be told about one by one, so here they are together. Every one is also in the console.',
      ),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">${list}</table>`,
      templates.button('Open the console', config.links.adminUrl, colours.SPRUCE),
    ].join('\n'),
    footer: `Sent by your website (${escapeHtml(config.links.appUrl)}). OWNER_MAIL_PER_HOUR sets how many notifications come one by one.`,
  })
  const text = [
    `${counts} since your last notification`,
    '',
    ...items.map(
      (item) =>
        `- ${item.what}, ${templates.formatTime(item.when)}: ${item.name ? `${item.name} <${item.email}>` : item.email} - ${item.detail}\n  ${item.link}`,
    ),
    '',
    `Console: ${config.links.adminUrl}`,
  ].join('\n')
  return { subject, html, text, payload: { items: rows.map((row) => row.id) } }
}

/**
 * The ids the digest listed (its payload).
 * @param {DeliveryRow} row
 * @returns {string[]}
 */
function listedIds(row) {
  try {
    const payload = row.payload ? JSON.parse(row.payload) : null
    return payload && Array.isArray(payload.items) ? payload.items.map(String) : []
  } catch (_) {
    return []
  }
}

/**
 * @param {core.App} app @param {string[]} ids @param {string} sql
 * @param {Record<string, unknown>} params
 */
function updateListed(app, ids, sql, params) {
  for (let i = 0; i < ids.length; i += 100) {
    /** @type {Record<string, unknown>} */
    const bound = Object.assign({}, params)
    const names = ids.slice(i, i + 100).map((id, n) => {
      bound[`id${n}`] = id
      return `{:id${n}}`
    })
    app
      .db()
      .newQuery(`${sql} WHERE status = 'held' AND id IN (${names.join(', ')})`)
      .bind(bound)
      .execute()
  }
}

/** @type {DeliveryKind} */
const digestKind = {
  channel: 'mail',
  class: 'owner',
  // Rendered again at every attempt, so it lists everything held by then.
  keepBody: false,
  render,
  schedule,
  afterSent(app, row, now) {
    updateListed(
      app,
      listedIds(row),
      "UPDATE deliveries SET status = 'sent', sentAt = {:now}, updated = {:now}, " +
        "payload = json_object('digest', {:digest})",
      { now: toPbTime(now), digest: row.id },
    )
  },
  afterFailed(app, row, reason, now) {
    updateListed(
      app,
      listedIds(row),
      "UPDATE deliveries SET status = 'failed', lastError = {:error}, lastErrorAt = {:now}, updated = {:now}",
      {
        now: toPbTime(now),
        error: `The hourly digest that listed it failed: ${reason}`.slice(0, 2000),
      },
    )
  },
}

module.exports = { holdForDigest, ownerMailPerHour, kinds: { [KIND]: digestKind } }
