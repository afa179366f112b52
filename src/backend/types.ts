// Record types of the PocketBase collections (pb_migrations/). Server-owned fields
// (scores, overallScore, recommendations, processed, isAdmin) are never trusted from a client.
import type { FirstTouch, FunnelStep, PersonStatus } from '../config/leads'
import type { LeadSource, ManualLeadInput } from '../config/manual-lead'
import type { RecordModel } from 'pocketbase'
import type { NewsletterIssueEditInput, NewsletterIssueInput } from './newsletter-issues-api'
import type { SiteEditInput } from './site-api'

import type {
  AuditFlow,
  ContactSource,
  NewsletterSource,
  NewsletterStatus,
} from '../config/record-codes'

export type { AuditFlow, ContactSource, NewsletterSource, NewsletterStatus }
export type MailStatus = 'pending' | 'sending' | 'held' | 'sent' | 'failed' | 'cancelled'

export interface AnswerRecord {
  value: string
  score: number
}

export interface RecommendationRecord {
  title: string
  description: string
  section?: string
  score?: number
}

export interface AuditScores {
  overallScore: number
  sectionScores: Record<string, number>
}

export interface AuditRecommendations {
  topRecommendations: RecommendationRecord[]
  sectionRecommendations: Record<string, RecommendationRecord[]>
}

export interface UserRecord extends RecordModel {
  email: string
  verified: boolean
  fullName: string
  isAdmin: boolean
  newsletterConsent: boolean
  agreedToTermsAt: string
  created: string
  updated: string
}

export interface AuditRecord extends RecordModel {
  flow: AuditFlow
  email: string
  user: string
  answers: Record<string, AnswerRecord>
  otherTexts: Record<string, string>
  scores: AuditScores
  overallScore: number
  recommendations: AuditRecommendations
  questionSetVersion: string
  newsletterSubscription: boolean
  userAgent: string
  completedAt: string
  firstTouch?: FirstTouch | null
  created: string
  updated: string
}

export interface ContactRecord extends RecordModel {
  name: string
  email: string
  message: string
  source: ContactSource
  auditId: string
  /** A call-back request's number ('' or absent for a message). */
  phone?: string
  processed: boolean
  userAgent: string
  firstTouch?: FirstTouch | null
  created: string
}

export interface NewsletterRecord extends RecordModel {
  email: string
  source: NewsletterSource
  userAgent: string
  status: NewsletterStatus
  /** When the address confirmed (empty while pending, and for rows from before double opt-in). */
  confirmedAt: string
  created: string
}

/** A row of the server's delivery queue (`deliveries`): a mail now, a webhook later. */
export interface DeliveryRecord extends RecordModel {
  kind: string
  channel: string
  class: string
  recipient: string
  subject: string
  html: string
  text: string
  status: MailStatus
  attempts: number
  lastError: string
  lastErrorAt: string
  runAt: string
  sentAt: string
  sourceId: string
  created: string
}

/** What a client may send when creating each kind of record. */
export interface ContactInput {
  name: string
  email: string
  message: string
  source: ContactSource
  auditId?: string
  /** Required for a call-back request (source `call_back`). */
  phone?: string
  userAgent?: string
  firstTouch?: FirstTouch
}

export interface NewsletterInput {
  email: string
  source: NewsletterSource
  userAgent?: string
}

export interface AuditInput {
  flow: AuditFlow
  email: string
  user?: string
  answers: Record<string, AnswerRecord>
  otherTexts: Record<string, string>
  newsletterSubscription: boolean
  userAgent?: string
  completedAt: string
  firstTouch?: FirstTouch
}

/** One person of the lead workspace, kept by the server from everything with their e-mail. */
export interface PersonRecord extends RecordModel {
  email: string
  name: string
  status: PersonStatus
  /** Meaningful only when auditCount > 0. */
  latestScore: number
  bestScore: number
  auditCount: number
  messageCount: number
  /** '' (never signed up), 'pending', 'active' or 'unsubscribed'. */
  newsletter: string
  /** The account's id, '' without one. */
  userId: string
  lastActivityAt: string
  firstTouch: FirstTouch | null
  /** The addresses the person had before an account's e-mail change, oldest first. */
  previousEmails?: string[] | null
  /** The consultant's next step with them (one line) and its due date ('' for none). */
  nextStep?: string
  nextDue?: string
  /** When the consultant last logged a call or an e-mail to them. */
  lastContactAt?: string
  /** A number the consultant typed for a lead added by hand ('' for none). */
  phone?: string
  /** Where a lead added by hand came from; '' for someone who came through the site. */
  source?: LeadSource | ''
  created: string
}

/**
 * What the consultant does with a person: a note, a status change, a next step (text and due
 * date), a logged call or e-mail, Mark handled (with a due date: Snooze to that day).
 */
export type PersonUpdateKind = 'note' | 'status' | 'next_step' | 'called' | 'emailed' | 'handled'

/** A note or a status change (or another of the kinds above) the consultant made on a person. */
export interface PersonUpdateRecord extends RecordModel {
  person: string
  kind: PersonUpdateKind
  text: string
  status: PersonStatus | ''
  /** A next step's due date, or the day a Snooze brings them back ('' for none). */
  due?: string
  /** 'site': made by the site itself (a booking through the scheduler), not the consultant. */
  origin?: 'site' | ''
  created: string
}

export interface PersonUpdateInput {
  person: string
  kind: PersonUpdateKind
  text?: string
  status?: PersonStatus
  /** `2026-12-01` (a next step's due date, or the day to snooze to). */
  due?: string
}

/** A funnel step: no identity, only where the visit came from. */
export interface FunnelEventInput {
  name: FunnelStep
  path?: string
  referrer?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  /**
   * The visit token this browser session got with its visit (never stored by the server): a
   * `call_booked` step counts only with it.
   */
  token?: string
}

/** The collections a visitor's device queues records for, and what each record carries. */
export interface OutboxPayloads {
  contacts: ContactInput
  newsletter_subscriptions: NewsletterInput
  audits: AuditInput
  person_updates: PersonUpdateInput
  /** A lead the consultant adds by hand. */
  people: ManualLeadInput
  events: FunnelEventInput
  newsletter_issues: NewsletterIssueInput
  newsletter_issue_edits: NewsletterIssueEditInput
  /** The console's edit of the site's draft (top-level fields of its content). */
  site_edits: SiteEditInput
}

export type OutboxCollection = keyof OutboxPayloads

export const collections = {
  users: 'users',
  audits: 'audits',
  contacts: 'contacts',
  newsletter: 'newsletter_subscriptions',
  deliveries: 'deliveries',
  people: 'people',
  personUpdates: 'person_updates',
  events: 'events',
} as const
