// A lead the consultant adds by hand (someone who phoned, walked in, was referred or met at an
// event): where they came from, and the one check of what the console's form sends. The form
// shows these problems under its fields before anything is queued; the server
// (server/people/manual.ts) runs the same check on the create and answers 400 naming the field.
import { emailAddressProblem } from './email-address'
import { NOTE_MAX } from './leads'
import { EMAIL_MAX, textLimits } from './limits'
import { phoneProblem } from './phone'

export const LEAD_SOURCES = ['phone_call', 'walk_in', 'referral', 'event'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

export const leadSourceLabels: Record<LeadSource, string> = {
  phone_call: 'Phone call',
  walk_in: 'Walk-in',
  referral: 'Referral',
  event: 'Event',
}

/** What the console sends to add a lead (a `people` create with an id made on the device). */
export interface ManualLeadInput {
  name: string
  /** One of phone and e-mail at least. */
  email?: string
  phone?: string
  source: LeadSource
  /** Kept as the person's first note. */
  note?: string
}

/** The input cleaned (trimmed, the address lowercased) and each problem by field name. */
export interface CheckedLead {
  value: Required<ManualLeadInput>
  problems: Partial<Record<keyof ManualLeadInput, string>>
}

/** The longest of each field: as `people` stores them (pb_migrations/), a number as a call-back's. */
export const MANUAL_LEAD_LIMITS = {
  name: 200,
  email: EMAIL_MAX,
  phone: textLimits.contacts.phone,
} as const

const ROUGH_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** Checks a lead added by hand: a name, a phone number or an e-mail address, where they came from. */
export function checkManualLead(input: unknown): CheckedLead {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
  const value = {
    name: text(body.name),
    email: text(body.email).toLowerCase(),
    phone: text(body.phone),
    source: text(body.source) as LeadSource,
    note: text(body.note),
  }
  const problems: CheckedLead['problems'] = {}
  const limits = MANUAL_LEAD_LIMITS
  if (!value.name) problems.name = 'Please enter their name.'
  else if (value.name.length > limits.name)
    problems.name = `Must be at most ${limits.name} characters.`
  if (!value.phone && !value.email) {
    problems.phone = 'Enter a phone number or an e-mail address.'
  }
  if (value.phone) {
    const problem =
      value.phone.length > limits.phone
        ? `Must be at most ${limits.phone} characters.`
        : phoneProblem(value.phone)
    if (problem) problems.phone = problem
  }
  if (value.email) {
    if (value.email.length > limits.email || !ROUGH_ADDRESS.test(value.email))
      problems.email = 'Please enter a valid e-mail address.'
    else {
      const unsafe = emailAddressProblem(value.email)
      if (unsafe) problems.email = unsafe
    }
  }
  if ((LEAD_SOURCES as readonly string[]).indexOf(value.source) < 0)
    problems.source = 'Choose where they came from.'
  if (value.note.length > NOTE_MAX) problems.note = `Must be at most ${NOTE_MAX} characters.`
  return { value, problems }
}
