// Typed PocketBase calls of the consultant's console (/audit-admin): the lists of audits, contact
// messages, newsletter subscribers and failed mail, the server-computed audit counters
// (pb_hooks/admin.pb.js, server/funnel/audit-stats.ts), the two writes an admin may make, and live
// updates. The collection rules are the real guard: for a non-admin every list here comes back
// empty. Every call takes the client first so the same code runs in the app and in integration
// tests.
import { toPbTime } from '../config/dates'
import type PocketBase from 'pocketbase'
import type { ListResult } from 'pocketbase'
import type { AuditStats } from '../../server/funnel/api'
import {
  collections,
  type AuditRecord,
  type ContactRecord,
  type DeliveryRecord,
  type NewsletterRecord,
  type NewsletterStatus,
} from './types'

/** Rows per page in every admin table. */
export const ADMIN_PAGE_SIZE = 50

export type AuditSort = 'newest' | 'highest' | 'lowest'

/** What the consultant narrowed a list to: e-mail contains `email`, created at or after `since`. */
export interface AdminFilter {
  email: string
  since: Date | null
}

/** The counters over all audits (GET /api/admin/audit-stats), as the server answers them. */
export type { AuditStats }

/** Only what the table and the CSV need; the details dialog loads the whole record. */
export type AuditListItem = Pick<AuditRecord, 'id' | 'email' | 'overallScore' | 'created' | 'flow'>
export type ContactListItem = Pick<
  ContactRecord,
  'id' | 'name' | 'email' | 'message' | 'source' | 'auditId' | 'phone' | 'processed' | 'created'
>
export type SubscriberListItem = Pick<
  NewsletterRecord,
  'id' | 'email' | 'source' | 'status' | 'confirmedAt' | 'created'
>
export type FailedMailItem = Pick<
  DeliveryRecord,
  | 'id'
  | 'recipient'
  | 'subject'
  | 'kind'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'lastErrorAt'
  | 'created'
>

const AUDIT_LIST_FIELDS = 'id,email,overallScore,created,flow'
const CONTACT_LIST_FIELDS = 'id,name,email,message,source,auditId,phone,processed,created'
const SUBSCRIBER_LIST_FIELDS = 'id,email,source,status,confirmedAt,created'
const FAILED_MAIL_FIELDS = 'id,recipient,subject,kind,status,attempts,lastError,lastErrorAt,created'

const AUDIT_SORTS: Record<AuditSort, string> = {
  newest: '-created',
  highest: '-overallScore,-created',
  lowest: 'overallScore,-created',
}

/**
 * The server-side filter for an admin list. `email ~` is SQL LIKE (case-insensitive for ASCII);
 * a `%` typed by the consultant is escaped so it is matched literally, as the counters do.
 */
export function adminFilter(pb: PocketBase, filter: AdminFilter): string {
  const parts: string[] = []
  const email = filter.email.trim()
  if (email) parts.push(pb.filter('email ~ {:email}', { email: email.replace(/%/g, '\\%') }))
  if (filter.since) parts.push(pb.filter('created >= {:since}', { since: toPbTime(filter.since) }))
  return parts.join(' && ')
}

// --- one list helper --------------------------------------------------------------------

/** Which rows of which collection, in which order, with which fields. */
export interface ListQuery {
  collection: string
  filter: string
  sort: string
  fields: string
}

/** One page of an admin list. */
export function listPage<T>(
  pb: PocketBase,
  query: ListQuery,
  page: number,
): Promise<ListResult<T>> {
  const { collection, ...options } = query
  return pb.collection(collection).getList<T>(page, ADMIN_PAGE_SIZE, options)
}

/** Every row matching the query (for the CSV exports), fetched 500 at a time. */
export function listAll<T>(pb: PocketBase, query: ListQuery): Promise<T[]> {
  const { collection, ...options } = query
  return pb.collection(collection).getFullList<T>({ ...options, batch: 500 })
}

// --- audits ------------------------------------------------------------------------------

const auditQuery = (pb: PocketBase, filter: AdminFilter, sort: AuditSort): ListQuery => ({
  collection: collections.audits,
  filter: adminFilter(pb, filter),
  sort: AUDIT_SORTS[sort],
  fields: AUDIT_LIST_FIELDS,
})

export function listAudits(
  pb: PocketBase,
  page: number,
  filter: AdminFilter,
  sort: AuditSort = 'newest',
): Promise<ListResult<AuditListItem>> {
  return listPage(pb, auditQuery(pb, filter, sort), page)
}

/** Every audit matching the filter (for the CSV), not just one page. */
export function listAllAudits(
  pb: PocketBase,
  filter: AdminFilter,
  sort: AuditSort = 'newest',
): Promise<AuditListItem[]> {
  return listAll(pb, auditQuery(pb, filter, sort))
}

/** Counters over ALL audits matching the filter, counted by the database. */
export function getAuditStats(pb: PocketBase, filter: AdminFilter): Promise<AuditStats> {
  const query: Record<string, string> = {}
  if (filter.email.trim()) query.email = filter.email.trim()
  if (filter.since) query.since = toPbTime(filter.since)
  return pb.send<AuditStats>('/api/admin/audit-stats', { method: 'GET', query })
}

/** The whole audit for the details dialog; null when it does not exist (or is not visible). */
export async function getAudit(pb: PocketBase, id: string): Promise<AuditRecord | null> {
  try {
    return await pb.collection(collections.audits).getOne<AuditRecord>(id)
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null
    throw err
  }
}

// --- contact messages -----------------------------------------------------------------

/** Unprocessed first, newest first within each group. */
const contactQuery = (pb: PocketBase, filter: AdminFilter): ListQuery => ({
  collection: collections.contacts,
  filter: adminFilter(pb, filter),
  sort: 'processed,-created',
  fields: CONTACT_LIST_FIELDS,
})

export function listContacts(
  pb: PocketBase,
  page: number,
  filter: AdminFilter,
): Promise<ListResult<ContactListItem>> {
  return listPage(pb, contactQuery(pb, filter), page)
}

export function listAllContacts(pb: PocketBase, filter: AdminFilter): Promise<ContactListItem[]> {
  return listAll(pb, contactQuery(pb, filter))
}

/** The only change the contacts update rule allows an admin. */
export function setContactProcessed(
  pb: PocketBase,
  id: string,
  processed: boolean,
): Promise<ContactListItem> {
  return pb
    .collection(collections.contacts)
    .update<ContactListItem>(id, { processed }, { fields: CONTACT_LIST_FIELDS })
}

// --- newsletter subscribers -------------------------------------------------------------

const subscriberQuery = (pb: PocketBase, filter: AdminFilter): ListQuery => ({
  collection: collections.newsletter,
  filter: adminFilter(pb, filter),
  sort: '-created',
  fields: SUBSCRIBER_LIST_FIELDS,
})

export function listSubscribers(
  pb: PocketBase,
  page: number,
  filter: AdminFilter,
): Promise<ListResult<SubscriberListItem>> {
  return listPage(pb, subscriberQuery(pb, filter), page)
}

export function listAllSubscribers(
  pb: PocketBase,
  filter: AdminFilter,
): Promise<SubscriberListItem[]> {
  return listAll(pb, subscriberQuery(pb, filter))
}

export type SubscriberCounts = Record<NewsletterStatus, number>

/** How many subscriptions are in each status (all of them, not only the filtered page). */
export async function countSubscribers(pb: PocketBase): Promise<SubscriberCounts> {
  const statuses: NewsletterStatus[] = ['active', 'pending', 'unsubscribed']
  const totals = await Promise.all(
    statuses.map((status) =>
      pb
        .collection(collections.newsletter)
        .getList(1, 1, { filter: pb.filter('status = {:status}', { status }), fields: 'id' })
        .then((page) => page.totalItems),
    ),
  )
  return { active: totals[0], pending: totals[1], unsubscribed: totals[2] }
}

/**
 * The active subscribers as CSV for a mailing tool (Mailchimp, MailerLite, Buttondown), made by the
 * server (pb_hooks/newsletter.pb.js, server/newsletter/export.ts): email, name, confirmed_at,
 * source. Pending and unsubscribed addresses are never in it.
 */
export async function exportActiveSubscribersCsv(pb: PocketBase): Promise<string> {
  const response = await fetch(pb.buildURL('/api/newsletter/export'), {
    headers: { Authorization: pb.authStore.token },
    cache: 'no-store',
  })
  if (!response.ok) throw new Error(`The export failed (${response.status}).`)
  return response.text()
}

// --- failed mail ------------------------------------------------------------------------

export function listFailedMail(pb: PocketBase): Promise<FailedMailItem[]> {
  return listAll(pb, {
    collection: collections.deliveries,
    filter: 'status = "failed" && channel = "mail"',
    sort: '-created',
    fields: FAILED_MAIL_FIELDS,
  })
}

/**
 * Puts a failed mail back in the queue; the mail sender's cron picks it up. Only `status` is
 * sent: the deliveries update rule allows nothing else (the server resets the retry state).
 */
export function retryMail(pb: PocketBase, id: string): Promise<FailedMailItem> {
  return pb
    .collection(collections.deliveries)
    .update<FailedMailItem>(id, { status: 'pending' }, { fields: FAILED_MAIL_FIELDS })
}

// --- live updates -------------------------------------------------------------------------

export type AdminCollection = 'audits' | 'contacts' | 'newsletter' | 'deliveries' | 'people'

/**
 * Calls `onChange` whenever a record of the collection is created, updated or deleted (the
 * server only sends events the list rule lets this session see), and again after the
 * realtime connection comes back from a drop, since events during the drop are lost. The SDK
 * reconnects by itself once a connection was made; a first connect that fails rejects, and the
 * caller retries. Resolves to a function that stops listening.
 */
export async function subscribeToChanges(
  pb: PocketBase,
  collection: AdminCollection,
  onChange: (event: { action: string; recordId: string | null }) => void,
): Promise<() => Promise<void>> {
  // PB_CONNECT fires on every (re)connect, not for a connection that is already open.
  let connects = pb.realtime.isConnected ? 1 : 0
  const stopConnect = await pb.realtime.subscribe('PB_CONNECT', () => {
    connects += 1
    if (connects > 1) onChange({ action: 'reconnect', recordId: null })
  })
  let stopRecords: (() => Promise<void>) | null = null
  try {
    stopRecords = await pb
      .collection(collections[collection])
      .subscribe('*', (e) => onChange({ action: e.action, recordId: e.record?.id ?? null }))
  } catch (err) {
    await stopConnect()
    throw err
  }
  return async () => {
    await Promise.allSettled([stopConnect(), stopRecords?.()])
  }
}
