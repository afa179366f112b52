// Accounts: sign-up and account updates (normalised, limited, private about who is registered),
// the account mails through the queue, deleting an account with everything that is its own,
// clearing out accounts never verified, and an e-mail change that carries the account's data.
// What other code uses (a migration renders the users collection's templates through the
// bundle), and the handlers of pb_hooks/users.pb.js, account.pb.js, account-mail.pb.js,
// account-cleanup.pb.js and email-change.pb.js.
import { cleanupUnverifiedJob, cleanupUnverifiedRoute } from './cleanup'
import { deleteAccount } from './deletion'
import { carryEmailChange } from './email-change'
import {
  queueAuthAlertMail,
  queueEmailChangeMail,
  queuePasswordResetMail,
  queueVerificationMail,
} from './mail-queue'
import { checkPasswordReset, checkSignup, checkUserUpdate } from './signup'
import { every, jobKind } from '../queue/index'

export { kinds } from './mail-kinds'
export { accountMailTemplates, authAlertTemplate } from './mail-templates'

export const routes = {
  /** POST /api/account/delete */
  deleteAccount,
  /** POST /api/accounts/cleanup */
  cleanupUnverified: cleanupUnverifiedRoute,
}

export const hooks = {
  checkSignup,
  checkUserUpdate,
  checkPasswordReset,
  queueVerificationMail,
  queuePasswordResetMail,
  queueEmailChangeMail,
  queueAuthAlertMail,
  /** routerUse: a taken new address answers like a free one. */
  carryEmailChange,
}

/** Scheduled work, as rows of the delivery queue's dispatcher (server/queue/jobs.ts). */
export const jobKinds = {
  /** Unverified accounts past UNVERIFIED_ACCOUNT_DAYS go, with their audits: hourly at :41. */
  'accounts.cleanup-unverified': jobKind(cleanupUnverifiedJob, { repeat: every(60, 41) }),
}
