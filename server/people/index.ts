// People, the lead workspace's one row per human: what other areas use (finding a person by any
// address they had, refreshing one), and the record hooks pb_hooks/people.pb.js registers.
import {
  applyPersonUpdate,
  checkFirstTouch,
  cleanFirstTouch,
  checkPersonUpdate,
  refreshForChange,
  refreshForRecord,
} from './hooks'
import { createManualLead } from './manual'
import { getSettings, putSettings } from './settings'
import { readToday } from './today'
import { MORNING_JOB, MORNING_MAIL_KIND, morningKinds, runMorningMail } from './morning-job'
import { jobKind } from '../queue/index'

export { normalEmail } from './api'
export { findPersonByEmail, newsletterStatus, previousEmailsOf } from './find'
export { readFirstTouch, touchFieldProblem } from './first-touch'
export { refreshEveryone, refreshPerson } from './refresh'
/** The migration that adds the person relation links every existing row once. */
export { linkEveryone } from './links'
/** An audit's create checks its first touch among its own checks (server/leads/). */
export { cleanFirstTouch }

export const hooks = {
  checkFirstTouch,
  refreshForRecord,
  refreshForChange,
  checkPersonUpdate,
  applyPersonUpdate,
  createManualLead,
}

/** The routes of pb_hooks/people.pb.js: the console's Today list and People settings. */
export const routes = {
  readToday,
  getSettings,
  putSettings,
}

/** The morning mail to the consultant, a kind of the delivery queue (server/main.ts). */
export const kinds = morningKinds

/** The morning mail's kind: a summary of Today, not a notification of a lead. */
export { MORNING_MAIL_KIND }

/** Scheduled work, as rows of the delivery queue's dispatcher (server/queue/jobs.ts). */
export const jobKinds = {
  /** The morning mail at 7:00 on the site's clock, while it is on (./morning-plan.ts). */
  [MORNING_JOB.name]: jobKind(runMorningMail, MORNING_JOB),
}
