// What the lead mails are rendered from: a contact message's or an audit's record as saved, read
// when the mail is sent, and the site's links and name the mails use.
import { GENERAL_SECTION, sections } from '../../src/audit/index'
import { mailConfig } from '../mail/index'
import type { MailContact, MailLinks } from '../mail/index'
import type { App } from '../platform/events'
import { readJson } from '../platform/json'

/** One piece of advice as the audit engine stores it (a JSON column: read defensively). */
export interface StoredAdvice {
  title?: string
  description?: string
  section?: string
}

/** An audit as a mail reads it from its record, JSON columns parsed (null when empty). */
export interface StoredAudit {
  id?: string
  flow?: string
  email?: string
  overallScore?: number | null
  newsletterSubscription?: boolean
  userAgent?: string
  completedAt?: string
  created?: string
  scores?: { overallScore?: number; sectionScores?: Record<string, number> } | null
  /** Question id -> the answer as scored (the payoff model reads the scores). */
  answers?: Record<string, { value?: unknown; score?: unknown } | undefined> | null
  recommendations?: {
    topRecommendations?: StoredAdvice[]
    sectionRecommendations?: Record<string, StoredAdvice[]>
  } | null
}

/** A contact message as a mail reads it from its record. */
export interface StoredContact {
  id?: string
  name: string
  email: string
  message: string
  source: string
  auditId: string
  phone: string
  userAgent: string
  created: string
}

export function contactData(record: core.Record): StoredContact {
  return {
    id: record.id,
    name: record.getString('name'),
    email: record.getString('email'),
    message: record.getString('message'),
    source: record.getString('source'),
    auditId: record.getString('auditId'),
    phone: record.getString('phone'),
    userAgent: record.getString('userAgent'),
    created: record.getString('created'),
  }
}

/** The audit fields a mail may use, with its scores and advice. */
export function auditData(record: core.Record): StoredAudit {
  return {
    id: record.id,
    flow: record.getString('flow'),
    email: record.getString('email'),
    overallScore: record.getInt('overallScore'),
    newsletterSubscription: record.getBool('newsletterSubscription'),
    userAgent: record.getString('userAgent'),
    completedAt: record.getString('completedAt'),
    created: record.getString('created'),
    scores: readJson(record, 'scores') as StoredAudit['scores'],
    answers: readJson(record, 'answers') as StoredAudit['answers'],
    recommendations: readJson(record, 'recommendations') as StoredAudit['recommendations'],
  }
}

/** Section names in the audit engine's order, its 'General' advice last. */
export function sectionOrder(): string[] {
  return sections.map((section) => section.name).concat([GENERAL_SECTION])
}

/** The site's links, the business's name and how to reach it, as every lead mail uses them. */
export function common(app: App): {
  links: MailLinks
  businessName: string
  consultant: MailContact
} {
  const config = mailConfig(app)
  return { links: config.links, businessName: config.businessName, consultant: config.contact }
}
