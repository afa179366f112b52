// The pictures the consultant uploads in the console's Site tab (src/config/site-images.ts has
// their limits, src/config/site-content-helpers.ts their addresses;
// pb_migrations/1764750000_site_images.js the collection). A
// picture's file is checked by PocketBase from its bytes (JPEG, PNG or WebP) and its size; here:
//   - only the site admin's upload is read at all: anyone else is refused before the body is,
//     so nobody else can make the server take in megabytes;
//   - the upload records who made it;
//   - a draft naming an uploaded picture must name one that exists, so the page never shows a
//     broken picture.
import { requireConsultant } from '../platform/auth'
import type { App, RecordRequestEvent, RequestEvent } from '../platform/events'
import { findOrNull } from '../platform/sql'
import type { SiteContent, SiteProblems } from '../../src/config/site-content'
import { UPLOADED_PICTURE_PATTERN } from '../../src/config/site-content-helpers'
import { SITE_IMAGES } from '../../src/config/site-images'

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
