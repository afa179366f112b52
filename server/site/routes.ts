// The routes of pb_hooks/site.pb.js: the live content for anyone, and for the site admin the
// draft (PATCH takes any of its fields and keeps the rest), publish, the versions and roll back.
// Every change is checked whole with the console's own rule (src/config/site-content.ts): a bad
// field answers 400 naming it and changes nothing. Publishing and rolling back each add a
// version (the live one is the highest) and drop the draft, in one transaction.
import { requireConsultant } from '../platform/auth'
import { badRequest, refuseProblems } from '../platform/errors'
import type { App, RecordRequestEvent, RequestEvent } from '../platform/events'
import { jsonBody, noStore } from '../platform/request'
import { checkSiteContent } from '../../src/config/site-content'
import type { SiteContent } from '../../src/config/site-content'
import type { PublishedSiteAnswer, SiteDraftAnswer, SiteVersionsAnswer } from './api'
import {
  addVersion,
  dropDraft,
  listVersions,
  liveVersion,
  readDraft,
  saveDraft,
  storedVersion,
} from './store'
import { missingPictures } from './images'
import { dropRender, makeLive, renderPages } from './render'

const ONLY_ADMIN = 'Only the site admin can change the site.'

/** GET /api/site -> { version, content, publishedAt } (anyone). */
export function getSite(e: RequestEvent): unknown {
  // Revalidated on every use: a publish is seen by the next request.
  e.response.header().set('Cache-Control', 'no-cache')
  const live = liveVersion(e.app)
  const answer: PublishedSiteAnswer = {
    version: live.version,
    content: live.content,
    publishedAt: live.publishedAt,
  }
  return e.json(200, answer)
}

function draftAnswer(e: RequestEvent): SiteDraftAnswer {
  const live = liveVersion(e.app)
  const draft = readDraft(e.app)
  return {
    content: draft ? draft.content : live.content,
    liveVersion: live.version,
    changed: !!draft && !sameContent(draft.content, live.content),
    updated: draft ? draft.updated : '',
    updatedBy: draft ? draft.updatedBy : '',
  }
}

/** GET /api/site/draft -> the draft (the site admin). */
export function getDraft(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can see the draft.')
  noStore(e)
  return e.json(200, draftAnswer(e))
}

/**
 * PATCH /api/site/draft {any fields of the content} -> the draft (the site admin): each field
 * sent replaces the draft's, the others stay; the whole is checked before anything is saved.
 */
export function patchDraft(e: RequestEvent): unknown {
  requireConsultant(e, ONLY_ADMIN)
  noStore(e)
  changeDraft(e.app, jsonBody(e), whoAsks(e))
  return e.json(200, draftAnswer(e))
}

/**
 * Replaces the draft's fields named in `changes` (top-level fields of the content) and saves it,
 * or throws a 400 naming each bad field and saves nothing: PATCH /api/site/draft and the
 * console's queued edits (./edits.ts) alike.
 */
export function changeDraft(app: App, changes: Record<string, unknown>, who: string): void {
  saveDraft(app, changedDraft(app, changes), who)
}

/** The draft with `changes` applied and checked, or a 400 naming each bad field. */
export function changedDraft(app: App, changes: Record<string, unknown>): SiteContent {
  const current = currentDraft(app)
  const refused: Record<string, string> = {}
  for (const key of Object.keys(changes)) {
    if (!Object.prototype.hasOwnProperty.call(current, key)) {
      refused[key] = 'The site has no such field.'
    }
  }
  if (!Object.keys(changes).length) refused.content = 'Send the fields to change.'
  refuseProblems('Please correct the site.', refused)

  const merged: Record<string, unknown> = { ...current }
  for (const key of Object.keys(changes)) merged[key] = changes[key]
  const checked = checkSiteContent(merged)
  refuseProblems('Please correct the site.', checked.problems)
  refuseProblems('Please correct the site.', missingPictures(app, checked.value))
  return checked.value
}

function currentDraft(app: App): SiteContent {
  const draft = readDraft(app)
  return draft ? draft.content : liveVersion(app).content
}

/**
 * POST /api/site/publish -> { version } (the site admin): the draft becomes the live content as
 * a new version. With no change to publish it answers the live version and adds none, so a
 * publish sent twice (a retry, a second tap) makes one version.
 */
export function publish(e: RequestEvent): unknown {
  requireConsultant(e, ONLY_ADMIN)
  noStore(e)
  const draft = readDraft(e.app)
  const live = liveVersion(e.app)
  if (!draft || sameContent(draft.content, live.content)) {
    if (draft) dropDraft(e.app)
    return e.json(200, { version: live.version, changed: false })
  }
  const version = publishVersion(e, live.version + 1, draft.content, 0)
  return e.json(200, { version, changed: true })
}

/**
 * Renders the pages of `content`, then saves it as the new version and drops the draft in one
 * transaction, then makes the pages live: a failed render (503, with its reason) or a failed save
 * leaves the live site as it was.
 */
function publishVersion(
  e: RequestEvent,
  version: number,
  content: SiteContent,
  rolledBackFrom: number,
): number {
  const rendered = renderPages(e.app, version, content)
  if (!rendered.ok) {
    throw new ApiError(
      503,
      `The pages could not be made, so nothing was published and the site is as it was: ${rendered.reason}`,
      {},
    )
  }
  let saved = 0
  try {
    e.app.runInTransaction((txApp) => {
      saved = addVersion(txApp, content, whoAsks(e), rolledBackFrom)
      dropDraft(txApp)
    })
  } catch (err) {
    dropRender(rendered.dir)
    throw err
  }
  if (rendered.dir) makeLive(e.app, saved, rendered.dir)
  return saved
}

/** GET /api/site/versions -> { live, versions } newest first (the site admin). */
export function getVersions(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can see the versions.')
  noStore(e)
  const answer: SiteVersionsAnswer = {
    live: liveVersion(e.app).version,
    versions: listVersions(e.app),
  }
  return e.json(200, answer)
}

/**
 * POST /api/site/rollback { version } -> { version } (the site admin): the content of that
 * version becomes live again, as a new version that names it; the draft is dropped so the
 * editor shows what is live. Rolling back to the live content adds nothing.
 */
export function rollback(e: RequestEvent): unknown {
  requireConsultant(e, ONLY_ADMIN)
  noStore(e)
  const sent = jsonBody(e).version
  if (typeof sent !== 'number' || !Number.isInteger(sent) || sent < 1) {
    throw badRequest('Please name a version.', {
      version: ['validation_invalid_value', 'A version number, such as 3.'],
    })
  }
  const target = storedVersion(e.app, sent)
  if (!target) {
    throw badRequest('There is no such version.', {
      version: ['validation_invalid_value', `There is no version ${sent}.`],
    })
  }
  const live = liveVersion(e.app)
  if (sameContent(target.content, live.content)) {
    dropDraft(e.app)
    return e.json(200, { version: live.version, changed: false })
  }
  const version = publishVersion(e, live.version + 1, target.content, sent)
  return e.json(200, { version, changed: true })
}

export function whoAsks(e: RequestEvent | RecordRequestEvent): string {
  return e.auth ? e.auth.getString('email') : ''
}

function sameContent(a: SiteContent, b: SiteContent): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
