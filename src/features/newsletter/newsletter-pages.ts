// The words of the newsletter's link pages, for each outcome.
import type { LinkState } from './use-link-action'

export const linkProblems: Partial<Record<LinkState, string>> = {
  invalid:
    'This link is not valid. Please use the whole link from the e-mail (some mail apps break long links over two lines).',
  busy: 'Too many attempts from your connection. Please wait a minute and try again.',
  offline: 'You appear to be offline. Please check your connection and try again.',
  failed: 'Something went wrong on our side. Please try again in a moment.',
}
