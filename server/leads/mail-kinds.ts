// The mails a visitor's submission causes, as kinds of the delivery queue: the owner's
// notifications of a contact message and of an audit, and the visitor's audit results. Each is
// rendered when it is sent, from its record as saved (./mail-data.ts); a record deleted before
// its mail went out fails the row at once. The owner's are held for the hourly digest when the
// hour's cap is reached (./owner-digest.ts).
import { resultsLinks } from '../followups/index'
import { readPayoff } from '../payoff/index'
import { sourceRecordOf, visitorMailWindowHours } from '../queue/index'
import type { DeliveryKind } from '../queue/index'
import { auditData, common, contactData, sectionOrder } from './mail-data'
import { ownerAuditMail, ownerContactMail } from './owner-mail'
import { holdForDigest, planDigest } from './owner-digest'
import { visitorResultsMail } from './results-mail'

export const ownerContact: DeliveryKind = {
  channel: 'mail',
  class: 'owner',
  // Somebody wrote to the owner: before the notices of audits.
  priority: 0,
  hold: holdForDigest,
  afterHeld: (app, _row, now) => planDigest(app, now),
  render(app, row) {
    const contact = contactData(sourceRecordOf(app, 'contacts', row))
    const mail = ownerContactMail({ contact, ...common(app) })
    return { replyTo: contact.email, ...mail }
  },
}

export const ownerAudit: DeliveryKind = {
  channel: 'mail',
  class: 'owner',
  hold: holdForDigest,
  afterHeld: (app, _row, now) => planDigest(app, now),
  render(app, row) {
    const audit = auditData(sourceRecordOf(app, 'audits', row))
    const mail = ownerAuditMail({ audit, sectionOrder: sectionOrder(), ...common(app) })
    return { replyTo: audit.email, ...mail }
  },
}

export const visitorResults: DeliveryKind = {
  channel: 'mail',
  class: 'visitor',
  perRecipientPerDay: 1,
  recipientWindowHours: visitorMailWindowHours,
  perIpCap: true,
  render(app, row) {
    const audit = auditData(sourceRecordOf(app, 'audits', row))
    const shared = common(app)
    // Every link to the site carries this mail's signed token: a click shows the address is
    // the visitor's, and a booking from the page it opens names them (server/followups/).
    const links = { ...shared.links, ...resultsLinks(app, row.id, shared.links.appUrl) }
    return visitorResultsMail({
      audit,
      sectionOrder: sectionOrder(),
      ...shared,
      links,
      payoff: readPayoff(app),
    })
  },
}
