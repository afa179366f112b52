// The accounts area's routes as the browser and the tests see them: what they take and what they
// answer (src/backend/account-api.ts imports these types). Pure: no PocketBase globals here.

/** POST /api/account/delete: the signed-in user's password, checked again. */
export interface AccountDeleteRequest {
  password: string
}

/** What POST /api/account/delete removed, counted by kind of row. */
export interface AccountDeletedCounts {
  audits: number
  newsletterSubscriptions: number
  /** Queued or sent deliveries made from the account, its audits or its subscription. */
  mails: number
  users: number
}

/** POST /api/account/delete's answer (200). */
export interface AccountDeleteResponse {
  deleted: AccountDeletedCounts
}

/** POST /api/accounts/cleanup's answer (superusers): the window in days and how many went. */
export interface AccountCleanupResponse {
  days: number
  deleted: number
}
