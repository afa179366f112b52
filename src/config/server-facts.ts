// The facts the server hooks share with the browser, bundled by scripts/build-engine.mjs into
// pb_hooks/lib/shared.cjs (the hooks run plain JavaScript and cannot import TypeScript).
import { messages } from './messages'
import { site } from './site'

export { paths } from './paths'

export {
  BATCH_BODY_MAX_BYTES,
  COLLECTION_CREATE_BODY_LIMITS,
  DAILY_CAP_CODE,
  EMAIL_MAX,
  FUNNEL_TOKEN_LIMITS,
  IP_DAILY_CAP_COLLECTIONS,
  IP_DAILY_CAP_DEFAULTS,
  PASSWORD_MAX_BYTES,
  REALTIME_LIMIT_DEFAULTS,
  RECORD_BODY_MAX_BYTES,
  ROUTE_BODY_LIMITS,
  SIGNIN_THROTTLE_DEFAULTS,
  textLimits,
  UNVERIFIED_ACCOUNT_DAYS,
  VISITOR_MAIL_DEFAULTS,
  DELIVERY_DEFAULTS,
  ACCOUNT_MAIL_CAP,
} from './limits'
export { emailAddressProblem } from './email-address'
export { messages } from './messages'
export { COMMON_PASSWORD_MESSAGE } from './passwords'
export { contactSourceLabels, flowLabels, label, newsletterSourceLabels } from './labels'
export { SCORE_BANDS, scoreBand } from './score-bands'
export {
  PERSON_STATUSES,
  NOTE_MAX,
  FUNNEL_STEPS,
  FIRST_TOUCH_FIELDS,
  FIRST_TOUCH_MAX,
  FUNNEL_PERIODS,
  PEER_MIN_AUDITS,
  PEER_CACHE_MS,
  personStatusLabels,
} from './leads'
export {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_DISABLE_AFTER_FAILING_HOURS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIFETIME_HOURS,
  WEBHOOK_LOG_KEEP_DAYS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_RESPONSE_LOG_CHARS,
  WEBHOOK_RESPONSE_READ_BYTES,
  WEBHOOK_RETRY_JITTER,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_URL_MAX,
} from './webhooks'
export { parsePbTime, toPbTime } from './dates'
export {
  BOOKING_REPEAT_MINUTES,
  FOLLOWUP_DEFAULTS,
  FOLLOWUP_GRACE_DAYS,
  FOLLOWUP_LIMITS,
  FOLLOWUP_MIN_HOURS_APART,
  FOLLOWUP_PLACEHOLDERS,
  FOLLOWUP_PROOFS,
  FOLLOWUP_STOP_REASONS,
  MAIL_LINK_CAMPAIGNS,
  MAIL_LINK_PARAM,
  MAIL_LINK_TOKEN,
  REPORT_BOOKING_DAYS,
} from './followup'
export { phoneProblem } from './phone'
export { higherThanPercent } from './peer-percent'

export const BUSINESS_NAME = site.businessName
/** The consultant, whom the follow-up mails come from. */
export const OWNER_NAME = site.ownerName
/** The strategy-call button's one label (the results mail's button too). */
export const BOOK_CALL_LABEL = messages.bookCall
/** IANA time zone of the times in e-mails; SITE_TIME_ZONE in the environment overrides it. */
export const SITE_TIME_ZONE = site.timeZone
/** The scheduler's origins, for the Content-Security-Policy. */
// (No URL class in the hooks' engine: the origin is cut from the string.)
export const SCHEDULER_SCRIPT_ORIGIN = /^https?:\/\/[^/]+/.exec(site.booking.scriptUrl)?.[0] ?? ''
export const SCHEDULER_FRAME_ORIGIN = site.booking.origin

// Which page file answers which path, and which paths are pages at all (pb_hooks/pages.pb.js).
export { isAppRoute, routePatterns } from './paths'
export { APP_SHELL_FILE, newsletterArchivePage, notFoundPage, publicPages } from './public-pages'
