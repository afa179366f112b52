// The newsletter's kinds of delivery, registered with the queue by server/main.ts:
//   newsletter_confirm     the double opt-in mail, in the visitor class (one per address per
//                          MAIL_RESULTS_PER_RECIPIENT_HOURS, counted in the per-IP cap), rendered
//                          from its subscription as saved; cancelled once it is not pending.
//   newsletter_issue       one subscriber's copy, in the bulk class (after every other mail, at
//                          NEWSLETTER_RATE_PER_MINUTE), rendered when it is sent; skipped
//                          (cancelled) when the address is no longer an active subscriber. Its
//                          body is not kept on the row: it carries the reader's unsubscribe token,
//                          and a send to thousands would keep thousands of copies.
//   newsletter_issue_test  the consultant's test copy, in the owner class (within seconds).
import { mailConfig } from '../mail/index'
import { sourceRecordOf, visitorMailWindowHours } from '../queue/index'
import type { DeliveryKind, DeliveryRow } from '../queue/index'
import type { App } from '../platform/events'
import { newsletterConfirmMail } from './confirm-mail'
import { renderCopy, renderTestCopy } from './issue-render'
import { COLLECTION, linksFor, unsubscribeHeaders } from './links'

/** The subscription a confirmation was queued for; one deleted since fails the row at once. */
function subscriptionOf(app: App, row: DeliveryRow): core.Record {
  return sourceRecordOf(app, COLLECTION, row)
}

export const kinds: Record<string, DeliveryKind> = {
  newsletter_confirm: {
    channel: 'mail',
    class: 'visitor',
    perRecipientPerDay: 1,
    recipientWindowHours: visitorMailWindowHours,
    perIpCap: true,
    render(app, row) {
      const record = subscriptionOf(app, row)
      if (record.getString('status') !== 'pending') {
        return { cancel: `The subscription is ${record.getString('status')} now.` }
      }
      const config = mailConfig(app)
      const mail = newsletterConfirmMail({
        email: record.getString('email'),
        subscription: linksFor(app, record),
        links: config.links,
        businessName: config.businessName,
      })
      return { headers: unsubscribeHeaders(app, record), ...mail }
    },
  },
  newsletter_issue: {
    channel: 'mail',
    class: 'bulk',
    keepBody: false,
    render: (app, row) => renderCopy(app, row),
  },
  newsletter_issue_test: {
    channel: 'mail',
    class: 'owner',
    // A test per edit is plenty; this stops a runaway script, not the consultant.
    perRecipientPerDay: 50,
    render: (app, row) => renderTestCopy(app, row),
  },
}
