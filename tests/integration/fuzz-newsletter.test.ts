// Bad input, fuzzed against the real server: 512 generated newsletter sign-ups, each
// answered 2xx or 4xx naming the field, never 5xx; every row they stored fits the schema and rules of pb_migrations/.
import fc from 'fast-check'
import { expect } from 'vitest'
import {
  emailProblems,
  oneOf,
  text,
  textProblems,
  validEmail,
  type CollectionSpec,
} from './support/fuzz-kit'
import { describeFuzzedCollection } from './support/fuzz-suite'
import { pbUrl } from './helpers'
import { decideSignUps } from './support/newsletter-signups'

const SOURCES = ['hero_section', 'footer', 'about', 'signup', 'audit'] as const

const spec: CollectionSpec = {
  valid: {
    email: validEmail('fz-news'),
    source: fc.constantFrom(...SOURCES),
    userAgent: text(0, 512),
  },
  serverFields: ['status', 'confirmedAt', 'requestedAt'],
}

function subscriptionProblems(row: Record<string, unknown>): string[] {
  return [
    ...emailProblems(row.email),
    ...oneOf(row, 'source', SOURCES),
    ...textProblems(row, 'userAgent', { max: 512 }),
    // Double opt-in: a sign-up is pending until its mail's link is followed, never confirmed.
    ...oneOf(row, 'status', ['pending', 'active', 'unsubscribed']),
    ...(row.status === 'active' && !row.confirmedAt ? ['active without confirmedAt'] : []),
  ]
}

describeFuzzedCollection({
  title: 'newsletter sign-ups under fuzzed input',
  collection: 'newsletter_subscriptions',
  spec,
  rowProblems: subscriptionProblems,
  storedTitle:
    'stored only rows that fit the schema, one per e-mail, and none for a refused payload',
  // Sign-ups are answered at once and decided later (pb_hooks/newsletter.pb.js,
  // server/newsletter/signups.ts).
  beforeRead: (su) => decideSignUps(pbUrl(), su.authStore.token),
  moreStoredChecks: (rows) => {
    const emails = rows.map((r) => r.email)
    expect(new Set(emails).size).toBe(emails.length)
  },
})
