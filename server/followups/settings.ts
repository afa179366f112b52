// The consultant's follow-up settings: on/off and each mail's delay, subject and text. One row
// in followup_settings (written only through PUT /api/followups/settings); without a row, or
// with one that no longer passes the checks, the defaults of src/config/followup-defaults.ts
// apply.
import type { App } from '../platform/events'
import { refuseProblems } from '../platform/errors'
import { parseJson } from '../platform/json'
import { findOrNull, saveSingleRow } from '../platform/sql'
import { FOLLOWUP_LIMITS, FOLLOWUP_PLACEHOLDERS } from '../../src/config/followup'
import { FOLLOWUP_DEFAULTS } from '../../src/config/followup-defaults'
import type { FollowupSettings, FollowupStep } from '../../src/config/followup'
import { placeholdersIn } from './mail'

export const COLLECTION = 'followup_settings'
export const ROW_ID = 'followupsetting'
const KNOWN = Object.keys(FOLLOWUP_PLACEHOLDERS)
// A subject is one line of plain words: no link, no paragraph of advice.
const SUBJECT_KNOWN = ['firstName', 'score', 'band', 'weakestSection']
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** A deep copy of the defaults. */
export function defaults(): FollowupSettings {
  return JSON.parse(JSON.stringify(FOLLOWUP_DEFAULTS)) as FollowupSettings
}

/**
 * The settings as checked: `{ value, problems }`, where `problems` names each bad field
 * (`enabled`, `steps`, `steps.0.subject`, ...) with a sentence for the consultant.
 */
export function checkSettings(input: unknown): {
  value: FollowupSettings
  problems: Record<string, string>
} {
  const problems: Record<string, string> = {}
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
  if (typeof body.enabled !== 'boolean') problems.enabled = 'Must be true or false.'
  const steps: unknown[] | null = Array.isArray(body.steps) ? (body.steps as unknown[]) : null
  if (!steps) {
    problems.steps = 'Must be a list of follow-up mails.'
  } else if (steps.length < FOLLOWUP_LIMITS.minSteps || steps.length > FOLLOWUP_LIMITS.maxSteps) {
    problems.steps = `Between ${FOLLOWUP_LIMITS.minSteps} and ${FOLLOWUP_LIMITS.maxSteps} follow-up mails.`
  }
  const value: FollowupSettings = { enabled: body.enabled === true, steps: [] }
  let previousDelay = 0
  ;(steps || []).slice(0, FOLLOWUP_LIMITS.maxSteps).forEach((raw, i) => {
    const step = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
    const field = (name: string) => `steps.${i}.${name}`
    const delay = step.delayDays
    if (
      typeof delay !== 'number' ||
      Math.floor(delay) !== delay ||
      delay < FOLLOWUP_LIMITS.minDelayDays ||
      delay > FOLLOWUP_LIMITS.maxDelayDays
    ) {
      problems[field('delayDays')] =
        `A whole number of days from ${FOLLOWUP_LIMITS.minDelayDays} to ${FOLLOWUP_LIMITS.maxDelayDays}.`
    } else if (delay <= previousDelay) {
      problems[field('delayDays')] = 'Must be later than the mail before it.'
    }
    if (typeof delay === 'number') previousDelay = delay

    const subject = typeof step.subject === 'string' ? step.subject.trim() : ''
    if (!subject) problems[field('subject')] = 'Please write a subject.'
    else if (subject.length > FOLLOWUP_LIMITS.subjectMax)
      problems[field('subject')] = `At most ${FOLLOWUP_LIMITS.subjectMax} characters.`
    else if (/[\r\n]/.test(subject) || CONTROL.test(subject))
      problems[field('subject')] = 'One line, without control characters.'
    else {
      const unknown = placeholdersIn(subject, SUBJECT_KNOWN).unknown
      if (unknown.length)
        problems[field('subject')] =
          `A subject can use only ${SUBJECT_KNOWN.map((n) => `{{${n}}}`).join(', ')}; not ${unknown.join(', ')}.`
    }

    const text = typeof step.text === 'string' ? step.text.replace(/\r\n?/g, '\n').trim() : ''
    const used = placeholdersIn(text, KNOWN)
    if (!text) problems[field('text')] = 'Please write the mail.'
    else if (text.length > FOLLOWUP_LIMITS.textMax)
      problems[field('text')] = `At most ${FOLLOWUP_LIMITS.textMax} characters.`
    else if (CONTROL.test(text)) problems[field('text')] = 'No control characters, please.'
    else if (used.unknown.length)
      problems[field('text')] = `Unknown placeholder ${used.unknown.join(', ')}.`
    else if (used.bookingLinks !== 1)
      problems[field('text')] =
        'Put {{bookingLink}} in the mail exactly once: it is the one thing the mail asks them to do.'
    // A bad delay is named in `problems`, and then `value` is not used.
    const checked: FollowupStep = { delayDays: delay as number, subject, text }
    value.steps.push(checked)
  })
  return { value, problems }
}

/** The settings in force. */
export function readSettings(app: App): FollowupSettings {
  const row = findOrNull(app, COLLECTION, ROW_ID)
  if (!row) return defaults()
  const steps = parseJson(row.getString('steps'))
  const checked = checkSettings({ enabled: row.getBool('enabled'), steps })
  return Object.keys(checked.problems).length ? defaults() : checked.value
}

/** Saves checked settings, or throws a 400 naming every bad field. */
export function saveSettings(app: App, input: unknown): FollowupSettings {
  const checked = checkSettings(input)
  refuseProblems('Please correct the follow-up settings.', checked.problems)
  saveSingleRow(app, COLLECTION, ROW_ID, {
    enabled: checked.value.enabled,
    steps: JSON.stringify(checked.value.steps),
  })
  return checked.value
}
