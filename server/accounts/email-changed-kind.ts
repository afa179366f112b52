// The name of the notice to an account's old address after an e-mail change: queued by
// ./email-change, rendered by ./mail-kinds (a module of its own, so neither loads the other).
export const EMAIL_CHANGED_KIND = 'account_email_changed'
