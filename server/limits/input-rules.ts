// Per collection, what a visitor may send: the lengths come from src/config/limits.ts (textLimits,
// the one source the forms and the migrations agree with); these rules add what the schema cannot
// say: each field's JSON type, which single-line fields hold no control characters, and the
// fields only the server sets. input-problems.ts applies them.
import { textLimits } from '../../src/config/limits'
import { isJsonObject } from '../platform/request'
import type { JsonObject } from '../platform/request'

/** A text field's longest value (characters) and whether it is a single line. */
export interface TextRule {
  max: number
  singleLine: boolean
}

/** The rules of one collection. */
export interface CollectionRules {
  text: Record<string, TextRule>
  bool: string[]
  number: string[]
  /** Fields a visitor may not send at all (the create rules refuse them too, but unnamed). */
  serverOnly: string[]
  /** Text fields whose type another hook checks, with its own messages. */
  typeCheckedElsewhere?: string[]
}

/** Text fields of `collection` with their maximum; all single-line but those in `multiLine`. */
function textRules(
  collection: keyof typeof textLimits,
  multiLine: string[],
): CollectionRules['text'] {
  const limits: Record<string, number> = textLimits[collection]
  const rules: CollectionRules['text'] = {}
  for (const field of Object.keys(limits)) {
    rules[field] = { max: limits[field], singleLine: multiLine.indexOf(field) < 0 }
  }
  return rules
}

/**
 * Per collection: `text` fields (max length in characters, single line or not), `bool` and
 * `number` fields, and `serverOnly` fields a visitor may not send at all (the create rules refuse
 * them too, but with an unnamed "Failed to create record.").
 */
export const RULES: Record<string, CollectionRules> = {
  contacts: {
    text: textRules('contacts', ['message']),
    bool: ['processed'],
    number: [],
    serverOnly: ['processed'],
  },
  newsletter_subscriptions: {
    text: textRules('newsletter_subscriptions', []),
    bool: [],
    number: [],
    // Double opt-in: only the signed confirmation link makes a subscription active.
    serverOnly: ['status', 'confirmedAt', 'requestedAt', 'unsubscribedAt', 'unsubscribedIssue'],
  },
  audits: {
    // answers, otherTexts, scores and recommendations, and the types of email and
    // newsletterSubscription, are checked by the audit engine's hook with the spec's messages.
    text: textRules('audits', []),
    bool: [],
    number: ['overallScore'],
    // The client's address for the audit's job: the create's check sets it.
    serverOnly: ['clientIp'],
    typeCheckedElsewhere: ['email'],
  },
  users: {
    text: textRules('users', ['password', 'passwordConfirm', 'oldPassword']),
    bool: ['newsletterConsent', 'agreedToTerms', 'emailVisibility', 'verified'],
    number: [],
    serverOnly: ['isAdmin'],
  },
}

/** The rules of `collection`, or undefined for a collection without any. */
export function rulesOf(collection: string): CollectionRules | undefined {
  return has(RULES, collection) ? RULES[collection] : undefined
}

/** `object` has its own `key` (never one of Object.prototype's). */
export function has(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key)
}

/** The fields of `collection` these rules look at (text, bool, number, server-only). */
function ruleFields(collection: string): string[] {
  const rules = rulesOf(collection)
  if (!rules) return []
  return Object.keys(rules.text).concat(rules.bool, rules.number, rules.serverOnly)
}

/** Only the fields of `body` the rules of `collection` look at (never answers, other-texts...). */
export function pickRuleFields(collection: string, body: unknown): JsonObject {
  const picked: JsonObject = {}
  if (!isJsonObject(body)) return picked
  for (const field of ruleFields(collection)) {
    if (has(body, field)) picked[field] = body[field]
  }
  return picked
}
