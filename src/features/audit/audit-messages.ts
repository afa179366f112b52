// The report's delivery lines: honest about whether the audit reached the server yet.
import type { DeliveryMessages } from './DeliveryStatus'

/** Kept on the device because the server's daily limit of audits for this network is reached. */
const queuedLimited =
  "We can't take more audits from your network today. Yours is saved on this device and will be sent automatically later."

export const freeResultsMessages: DeliveryMessages = {
  sent: 'Your results have been sent to your email!',
  queuedOffline: "Your results will be e-mailed to you as soon as you're back online.",
  queuedServer:
    'Your results are saved on this device and will be e-mailed as soon as the server answers.',
  queuedLimited,
  failed:
    'Your audit could not be delivered. Use Retry in the notice at the top of the page, or take the audit again.',
}

export const memberReportMessages: DeliveryMessages = {
  sent: 'Your audit is saved to your dashboard.',
  queuedOffline:
    "You're offline: your audit is saved on this device and will be sent to your dashboard when you're back online.",
  queuedServer:
    'Your audit is saved on this device and will reach your dashboard as soon as the server answers.',
  queuedLimited,
  failed:
    'Your audit could not be saved to your dashboard. Use Retry in the notice at the top of the page, or take the audit again.',
}
