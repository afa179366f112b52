// Typed calls of the site's content (server/site/, docs/site.md): the live content, and for the
// site admin the draft, publish, the versions and roll back. The draft's edits are not sent from
// here: the console queues them as site_edits records through the outbox, so they are kept with
// no signal (src/features/admin/site/use-site.ts). Every call takes the client first so the same
// code runs in the app and in tests.
import type PocketBase from 'pocketbase'
import type {
  PublishedSiteAnswer,
  SiteDraftAnswer,
  SiteVersionSummary,
  SiteVersionsAnswer,
} from '../../server/site/api'
import type { SiteContent } from '../config/site-content'
import { SITE_IMAGES } from '../config/site-images'

export type { PublishedSiteAnswer, SiteDraftAnswer, SiteVersionSummary, SiteVersionsAnswer }

/** A queued edit of the draft: top-level fields of the content, each replacing the draft's. */
export interface SiteEditInput {
  changes: Partial<SiteContent>
}

/** POST /api/site/publish and /api/site/rollback: the live version after it. */
export interface SiteChangeAnswer {
  version: number
  /** False when there was nothing new: no version was added. */
  changed: boolean
}

export function getLiveSite(pb: PocketBase): Promise<PublishedSiteAnswer> {
  return pb.send<PublishedSiteAnswer>('/api/site', { method: 'GET', requestKey: null })
}

export function getSiteDraft(pb: PocketBase): Promise<SiteDraftAnswer> {
  return pb.send<SiteDraftAnswer>('/api/site/draft', { method: 'GET', requestKey: null })
}

export function getSiteVersions(pb: PocketBase): Promise<SiteVersionsAnswer> {
  return pb.send<SiteVersionsAnswer>('/api/site/versions', { method: 'GET', requestKey: null })
}

/** The draft becomes the live content as a new version (none when nothing changed). */
export function publishSite(pb: PocketBase): Promise<SiteChangeAnswer> {
  return pb.send<SiteChangeAnswer>('/api/site/publish', {
    method: 'POST',
    body: {},
    requestKey: null,
  })
}

/** `version`'s content becomes live again as a new version; the draft is dropped. */
export function rollbackSite(pb: PocketBase, version: number): Promise<SiteChangeAnswer> {
  return pb.send<SiteChangeAnswer>('/api/site/rollback', {
    method: 'POST',
    body: { version },
    requestKey: null,
  })
}

/**
 * Uploads a picture for the site (the site admin only; checked by the server as a JPEG, PNG or
 * WebP of at most SITE_IMAGES.maxBytes) and answers how the content names it:
 * "<record id>/<file name>". Needs a connection: a picture is not queued like the text edits.
 */
export async function uploadSitePicture(pb: PocketBase, file: File): Promise<string> {
  const form = new FormData()
  form.append(SITE_IMAGES.field, file)
  const record = await pb
    .collection(SITE_IMAGES.collection)
    .create<{ id: string; image: string }>(form, { requestKey: null })
  return `${record.id}/${record.image}`
}
