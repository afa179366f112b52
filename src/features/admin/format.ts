// Pure display helpers of the admin console: dates, short ids, labels, periods.
import type { ContactSource, MailOutboxRecord, NewsletterSource } from '../../backend/types'

/** The spec's Audit ID column: first 8 characters plus dots. */
export function shortId(id: string): string {
  return `${id.slice(0, 8)}...`
}

/** PocketBase stores `2026-11-21 10:00:00.123Z`; null for an empty or broken value. */
export function parsePbDate(value: string | undefined | null): Date | null {
  if (!value) return null
  const date = new Date(value.replace(' ', 'T'))
  return Number.isNaN(date.getTime()) ? null : date
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** `Nov 21, 2026, 10:05 AM` in the viewer's time zone. */
export function formatDateTime(value: string | undefined | null): string {
  const date = parsePbDate(value)
  return date ? dateTime.format(date) : ''
}

export type Period = 'all' | '7d' | '30d'

export const periodLabels: Record<Period, string> = {
  all: 'All time',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
}

/** Start of a period counted back from `now`; null for all time. */
export function periodStart(period: Period, now: Date): Date | null {
  if (period === 'all') return null
  const days = period === '7d' ? 7 : 30
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
}

export const contactSourceLabels: Record<ContactSource, string> = {
  portfolio_website: 'Website contact form',
  business_efficiency_audit: 'Audit report form',
}

export const newsletterSourceLabels: Record<NewsletterSource, string> = {
  hero_section: 'Hero section',
  footer: 'Footer',
  about: 'About section',
  signup: 'Account sign-up',
}

export const mailKindLabels: Record<MailOutboxRecord['kind'], string> = {
  owner_contact: 'Contact message to you',
  owner_audit: 'New audit notice to you',
  visitor_results: 'Audit results to the visitor',
}

/** The dashboard's audit type labels (SPEC.md §3). */
export const flowLabels: Record<string, string> = {
  member: 'Business Efficiency',
  free: 'Free Efficiency Audit',
}

export function label<K extends string>(labels: Record<K, string>, key: string): string {
  return (labels as Record<string, string>)[key] ?? key
}
