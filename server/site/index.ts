// The site's content as the consultant edits it (src/config/site-content.ts has its shape and
// checks): the published versions and the draft, and the routes of pb_hooks/site.pb.js. Every
// area that shows the consultant's details (mails, the newsletter's footer) reads
// publishedContent.
import { applySiteEdit } from './edits'
import { renderLiveAtStart } from './render'
import { getDraft, getSite, getVersions, patchDraft, publish, rollback } from './routes'

export { publishedContent } from './store'
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

/** The record hooks of pb_hooks/site.pb.js: the console's queued edits of the draft. */
export const hooks = {
  applySiteEdit,
  renderLiveAtStart,
}
