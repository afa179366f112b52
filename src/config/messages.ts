// Every user-facing text that more than one layer shows (form results, errors, account
// messages), by situation. Pure data: any layer may import it.
export const messages = {
  /** The one name of the strategy-call button, everywhere (pages, dialogs, the results mail). */
  bookCall: 'Book a Free Strategy Call',
  /**
   * A sign-up sent: nothing but the confirmation mail comes until its link is followed. An address
   * already subscribed gets no mail, and the same answer (the server tells no one who subscribed).
   */
  newsletterSuccess:
    "Thanks! A confirmation e-mail is on its way: confirm your subscription from it to start getting the tips. Already subscribed? You're all set.",
  newsletterFailure: 'Oops! Something went wrong. Please try again.',
  contactSuccess: "Thank you! Your message has been sent successfully. I'll get back to you soon!",
  /** A message that waited on the device (offline) and has now reached the server. */
  contactSentLater: "Message sent. Thank you, I'll get back to you soon!",
  contactFailure:
    'Sorry, there was an error sending your message. Please try again or contact me directly via email.',
  auditSaveFailure: 'There was an error saving your audit. Please try again.',
  freeAuditProcessFailure: 'There was an error processing your audit. Please try again.',
  freeAuditEmailFailure: 'There was an error. Please try again.',
  adminLoadFailure: 'Failed to fetch audit data',
  authFailure: 'Authentication error',
  signupFailure: 'Signup error',
  deleteWrongPassword: 'Incorrect password. Account deletion cancelled.',
  deleteTooMany: 'Too many failed attempts. Please try again later.',
  deleteFailure: 'Error deleting account. Please try again or contact support.',
  deleteSuccess: 'Account and all data have been permanently deleted.',
  deleteCancelled: 'Account deletion cancelled.',
  deleteConfirm:
    'Are you sure you want to delete your account? This will permanently delete all your data including audit history. This action cannot be undone.',
  passwordResetSent: 'Password reset email sent.',
  leaveAudit:
    'Leave the audit? Your answers stay on this device, so you can pick up where you left off.',
  offline: 'You appear to be offline. Please check your connection and try again.',
  loginTooMany: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  loginRefused: 'Incorrect email or password.',
  /** An address whose part before the @ holds ?, &, %, / or quotes (src/config/email-address.ts). */
  emailUnsafeCharacters: 'Please use an email address without ?, &, %, / or quotes before the @.',
} as const
