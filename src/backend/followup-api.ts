// Typed calls of the follow-up sequence and of bookings tied to a person (pb_hooks/followups.pb.js,
// server/followups/): the console's settings, preview, test mail, figures and a person's sequence;
// the mails' signed links (a click, the stop page) and the scheduler's booking report. Every call
// takes the client first so the same code runs in the app and in integration tests.
import type PocketBase from 'pocketbase'
import type { FollowupSettings } from '../config/followup'
import type {
  BookingAnswer,
  BookingReport,
  FollowupDraft,
  FollowupFigures,
  FollowupSettingsAnswer,
  FollowupState,
  MailLinkPrefill,
  PersonFollowups,
  RenderedMail,
  SavedSettingsAnswer,
  SentFollowup,
  TestMailAnswer,
} from '../../server/followups/api'
import type { LinkOutcome } from './newsletter-api'

// The shapes the server answers with are the server's own (server/followups/api.ts).
export type {
  BookingReport,
  FollowupDraft,
  FollowupFigures,
  FollowupSettings,
  FollowupSettingsAnswer,
  FollowupState,
  MailLinkPrefill,
  PersonFollowups,
  RenderedMail,
  SentFollowup,
}

export function getFollowupSettings(pb: PocketBase): Promise<FollowupSettingsAnswer> {
  return pb.send<FollowupSettingsAnswer>('/api/followups/settings', { method: 'GET' })
}

/** Saves the settings; a 400 names each bad field (`steps.0.subject`, ...). */
export async function saveFollowupSettings(
  pb: PocketBase,
  settings: FollowupSettings,
): Promise<FollowupSettings> {
  const answer = await pb.send<SavedSettingsAnswer>('/api/followups/settings', {
    method: 'PUT',
    body: settings,
  })
  return answer.settings
}

/** The draft as `person` would get it (made-up values without a person). */
export function previewFollowup(pb: PocketBase, draft: FollowupDraft): Promise<RenderedMail> {
  return pb.send<RenderedMail>('/api/followups/preview', { method: 'POST', body: draft })
}

/** Queues the draft, marked as a test, to the signed-in admin's own address. */
export function sendTestFollowup(pb: PocketBase, draft: FollowupDraft): Promise<TestMailAnswer> {
  return pb.send<TestMailAnswer>('/api/followups/test', { method: 'POST', body: draft })
}

export function getFollowupFigures(pb: PocketBase): Promise<FollowupFigures> {
  return pb.send<FollowupFigures>('/api/followups/figures', { method: 'GET' })
}

export function getPersonFollowups(pb: PocketBase, personId: string): Promise<PersonFollowups> {
  return pb.send<PersonFollowups>(`/api/followups/people/${encodeURIComponent(personId)}`, {
    method: 'GET',
  })
}

/** Stops the person's follow-ups for good (reason: stopped by the consultant). */
export function stopPersonFollowups(pb: PocketBase, personId: string): Promise<PersonFollowups> {
  return pb.send<PersonFollowups>(`/api/followups/people/${encodeURIComponent(personId)}/stop`, {
    method: 'POST',
  })
}

/** What the SDK's errors carry (read by shape: no SDK code in the chunks that load this). */
interface SdkError {
  status?: number
  isAbort?: boolean
  response?: { data?: unknown }
}

function statusOf(err: unknown): number | undefined {
  return err && typeof err === 'object' ? (err as SdkError).status : undefined
}

/** The field errors of a refused save or draft: field -> message. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  if (statusOf(err) !== 400) return {}
  const data = ((err as SdkError).response?.data ?? {}) as Record<string, { message?: string }>
  const errors: Record<string, string> = {}
  for (const [field, value] of Object.entries(data)) {
    if (value && typeof value.message === 'string') errors[field] = value.message
  }
  return errors
}

// --- the mails' links and the scheduler (no session needed) ---------------------------------

/**
 * Records that a signed link from the results or a follow-up mail was opened; answers who it
 * was made for, or null for a link that is not (or no longer) valid.
 */
export async function recordMailLinkClick(
  pb: PocketBase,
  token: string,
): Promise<MailLinkPrefill | null> {
  try {
    return await pb.send<MailLinkPrefill>('/api/followups/click', {
      method: 'POST',
      body: { token },
    })
  } catch (err) {
    if (statusOf(err) === 400) return null
    throw err
  }
}

function linkOutcomeOf(err: unknown): LinkOutcome {
  const status = statusOf(err)
  if (status === undefined) return 'failed'
  if ((err as SdkError).isAbort || status === 0) return 'offline'
  if (status === 429) return 'busy'
  if (status === 400) return 'invalid'
  return 'failed'
}

/** The stop page's buttons: the follow-ups stop; with `everything`, the newsletter too. */
export async function stopFollowupsWithToken(
  pb: PocketBase,
  token: string,
  everything: boolean,
): Promise<LinkOutcome> {
  try {
    await pb.send('/api/followups/stop', { method: 'POST', body: { token, everything } })
    return 'done'
  } catch (err) {
    return linkOutcomeOf(err)
  }
}

/**
 * Tells the server the scheduler reported a booking on this page; the visitor's session (when
 * signed in) goes with it. Answers whether a person was marked Call booked.
 */
export function reportBooking(pb: PocketBase, report: BookingReport): Promise<BookingAnswer> {
  return pb.send<BookingAnswer>('/api/bookings', { method: 'POST', body: report })
}
