// The pictures the consultant uploads in the console's Site tab (src/config/site-images.ts has
// their limits, src/config/site-content-helpers.ts their addresses;
// pb_migrations/1764750000_site_images.js the collection). A
// picture's file is checked by PocketBase from its bytes (JPEG, PNG or WebP) and its size; here:
//   - only the site admin's upload is read at all: anyone else is refused before the body is,
//     so nobody else can make the server take in megabytes;
//   - the upload records who made it;
//   - a draft naming an uploaded picture must name one that exists, so the page never shows a
//     broken picture;
//   - a picture that neither the draft nor any version names is deleted some days after its
//     upload (a daily job), so replaced pictures do not pile up on the disk.
import { requireConsultant } from '../platform/auth'
import { envNumber } from '../platform/env'
import type { App, RecordRequestEvent, RequestEvent } from '../platform/events'
import { parseJson } from '../platform/json'
import { findOrNull, selectRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import type { SiteContent, SiteProblems } from '../../src/config/site-content'
import { UPLOADED_PICTURE_PATTERN } from '../../src/config/site-content-helpers'
import { SITE_IMAGES } from '../../src/config/site-images'
import { DRAFTS, VERSIONS } from './store'

const RECORDS_CREATE = 'POST /api/collections/{collection}/records'

/** Whether the request is a create in the site_images collection (named by its name or id). */
function isUpload(e: RequestEvent): boolean {
  if (e.request.pattern !== RECORDS_CREATE) return false
  const named = e.request.pathValue('collection')
  if (named === SITE_IMAGES.collection) return true
  try {
    return e.app.findCachedCollectionByNameOrId(named).name === SITE_IMAGES.collection
  } catch {
    return false
  }
}

const ONLY_ADMIN = 'Only the site admin can upload pictures.'

/** A middleware after the auth is loaded, before any body is read: 403 for anyone else's upload. */
export function refuseOthersUploads(e: RequestEvent, next: () => void = () => e.next()): void {
  if (isUpload(e)) requireConsultant(e, ONLY_ADMIN)
  return next()
}

/** onRecordCreateRequest of site_images: who uploaded it. */
export function recordUploader(e: RecordRequestEvent): void {
  requireConsultant(e, ONLY_ADMIN)
  e.record.set('uploadedBy', e.auth ? e.auth.getString('email') : '')
  e.next()
}

/** A problem for each uploaded picture `content` names that the server does not have. */
export function missingPictures(app: App, content: SiteContent): SiteProblems {
  const problems: SiteProblems = {}
  content.caseStudies.forEach((caseStudy, index) => {
    const picture = caseStudy.picture
    if (!UPLOADED_PICTURE_PATTERN.test(picture)) return
    const [id, file] = picture.split('/')
    const record = findOrNull(app, SITE_IMAGES.collection, id)
    if (!record || record.getString(SITE_IMAGES.field) !== file) {
      problems[`caseStudies.${index}.picture`] =
        'This picture is no longer on the server. Upload it again.'
    }
  })
  return problems
}

const DAY = 24 * 60 * 60 * 1000

/**
 * The record ids of the uploaded pictures the draft or any version names, read from the stored
 * content as it is (not as checked: a version an older release wrote still keeps its pictures).
 */
function namedPictureIds(app: App): Set<string> {
  const rows = selectRows(
    app,
    `SELECT content FROM ${VERSIONS} UNION ALL SELECT content FROM ${DRAFTS}`,
    {},
    { content: '' },
  )
  const named = new Set<string>()
  for (const row of rows) {
    const content = parseJson(row.content) as { caseStudies?: unknown } | null
    const studies = content && Array.isArray(content.caseStudies) ? content.caseStudies : []
    for (const study of studies as { picture?: unknown }[]) {
      const picture = study && study.picture
      if (typeof picture === 'string' && UPLOADED_PICTURE_PATTERN.test(picture)) {
        named.add(picture.split('/')[0])
      }
    }
  }
  return named
}

/** How long a picture nothing names is kept: SITE_PICTURE_KEEP_DAYS (above 0), else the default. */
export function unusedPictureKeepDays(): number {
  const days = envNumber('SITE_PICTURE_KEEP_DAYS', SITE_IMAGES.unusedKeptDays)
  return days > 0 ? days : SITE_IMAGES.unusedKeptDays
}

/** At most this many pictures go in one run (the rest the next day): a run stays short. */
const DELETED_PER_RUN = 500

/**
 * Deletes each uploaded picture that the draft and every version leave unnamed and that was
 * uploaded more than `days` days before `nowMs` (PocketBase removes its file and thumbs with the
 * record). In one transaction, so a draft saved meanwhile either names a picture first (and it
 * stays) or is refused for naming one that is gone. Returns how many went.
 */
export function deleteUnusedPictures(app: App, days: number, nowMs: number): number {
  let deleted = 0
  app.runInTransaction((txApp) => {
    const named = namedPictureIds(txApp)
    const old = selectRows(
      txApp,
      `SELECT id FROM ${SITE_IMAGES.collection} WHERE created < {:cutoff} ORDER BY created`,
      { cutoff: toPbTime(nowMs - days * DAY) },
      { id: '' },
    )
    for (const { id } of old) {
      if (deleted >= DELETED_PER_RUN) break
      const picture = named.has(id) ? null : findOrNull(txApp, SITE_IMAGES.collection, id)
      if (!picture) continue
      txApp.delete(picture)
      deleted++
    }
  })
  return deleted
}

/** The daily job (`site.delete-unused-pictures`); a failure is logged, never thrown. */
export function deleteUnusedPicturesJob(): void {
  // Jobs get no event: the process's app.
  const app = $app as unknown as App
  try {
    const deleted = deleteUnusedPictures(app, unusedPictureKeepDays(), Date.now())
    if (deleted > 0) app.logger().info('site: deleted unused pictures', 'count', deleted)
  } catch (err) {
    app.logger().error('site: deleting unused pictures failed', 'error', String(err))
  }
}
