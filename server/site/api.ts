// The answers of the /api/site routes, shared with the browser (the console's Site tab imports
// them as types). Pure: no PocketBase here.
import type { SiteContent } from '../../src/config/site-content'

/** GET /api/site: the live content and its version (anyone). */
export interface PublishedSiteAnswer {
  version: number
  content: SiteContent
  /** ISO time of its publish; '' for the first version before anything was published. */
  publishedAt: string
}

/** GET and PATCH /api/site/draft (the site admin). */
export interface SiteDraftAnswer {
  content: SiteContent
  /** The live version the draft was last compared with. */
  liveVersion: number
  /** True when the draft differs from the live content (there is something to publish). */
  changed: boolean
  /** ISO time of the draft's last save; '' when nothing was saved since the last publish. */
  updated: string
  updatedBy: string
}

/** One row of GET /api/site/versions. */
export interface SiteVersionSummary {
  version: number
  /** ISO time; '' for the first version before anything was published. */
  publishedAt: string
  /** Who published it; '' for the first version. */
  publishedBy: string
  /** The version whose content a roll back copied, else 0. */
  rolledBackFrom: number
}

/** GET /api/site/versions (the site admin): newest first. */
export interface SiteVersionsAnswer {
  live: number
  versions: SiteVersionSummary[]
}
