// The site's content as the consultant edits it (src/config/site-content.ts has its shape and
// checks): the published versions and the draft, and the routes of pb_hooks/site.pb.js. Every
// area that shows the consultant's details (mails, the newsletter's footer) reads
// publishedContent.
import { applySiteEdit } from './edits'
import { deleteUnusedPicturesJob, recordUploader, refuseOthersUploads } from './images'
import { renderLiveAtStart } from './render'
import { getDraft, getSite, getVersions, patchDraft, publish, rollback } from './routes'

export { publishedContent } from './store'
export { SITE_CONTENT_DEFAULTS } from '../../src/config/site-content'
export { SITE_IMAGES } from '../../src/config/site-images'
export { liveDir } from './live-dir'

/** The routes of pb_hooks/site.pb.js. */
export const routes = {
  getSite,
  getDraft,
  patchDraft,
  publish,
  getVersions,
  rollback,
}

/**
 * The hooks of pb_hooks/site.pb.js (the console's queued edits of the draft, picture uploads) and
 * the middleware that refuses anyone else's picture upload before its body is read.
 */
export const hooks = {
  applySiteEdit,
  recordUploader,
  refuseOthersUploads,
  renderLiveAtStart,
}

/**
 * Scheduled work, for a job kind of the delivery queue (an area above this one: server/main.ts
 * makes the kind): pictures nothing names, past SITE_IMAGES.unusedKeptDays, deleted.
 */
export const jobs = {
  deleteUnusedPictures: deleteUnusedPicturesJob,
}
