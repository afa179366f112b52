// The follow-up sequence a new site starts with, until the consultant saves their own from the
// console (server/followups/settings.ts). Only the server reads it: it names the owner from the
// site content's first version, whose values the browser's code does not carry.
import type { FollowupSettings } from './followup'
import { SITE_CONTENT_DEFAULTS } from './site-content'
import { firstNameOf } from './site-content-helpers'

// Signed with the owner's first name as the site content's first version has it.
const signature = firstNameOf(SITE_CONTENT_DEFAULTS)

/** The sequence a new site starts with: two mails, 2 and 7 days after the audit. */
export const FOLLOWUP_DEFAULTS: FollowupSettings = {
  enabled: true,
  steps: [
    {
      delayDays: 2,
      subject: 'A quick idea for your {{weakestSection}}',
      text: [
        'Hi {{firstName}},',
        '',
        'Thanks again for taking the Business Efficiency Audit. You scored {{score}}% overall ({{band}}). {{benchmark}}',
        '',
        'The area with the most room to grow was {{weakestSection}}. If I were to start anywhere, it would be here: {{recommendation}} {{payoff}}',
        '',
        "If you'd like a hand with it, book a free 15-minute call and we'll pick the one change that saves you the most time:",
        '',
        '{{bookingLink}}',
        '',
        signature,
      ].join('\n'),
    },
    {
      delayDays: 7,
      subject: 'Still thinking about your audit results?',
      text: [
        'Hi {{firstName}},',
        '',
        "Last week your audit showed {{weakestSection}} as the place where your business loses the most time. Most owners I talk to have the same gap, and it's usually quicker to fix than they expect.",
        '',
        '{{recommendation}}',
        '',
        'If you want to talk it through, my calendar is open for a free 15-minute call - no pressure, no jargon:',
        '',
        '{{bookingLink}}',
        '',
        'Either way, I hope the report helps.',
        '',
        signature,
      ].join('\n'),
    },
  ],
}
