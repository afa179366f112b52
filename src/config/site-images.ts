// The pictures of the site's content: one fact of its own, read by the limits (the largest
// upload), the pages (a picture's addresses), the console's Site tab and the server.

/**
 * Pictures the consultant uploads in the console's Site tab: the PocketBase collection that keeps
 * them (pb_migrations/1764750000_site_images.js), the largest file it takes, the kinds of image
 * (checked from the file's bytes, not its name), and the widths PocketBase makes of each for the
 * page (a case study's picture is at most 560 px wide; twice that for sharp screens).
 * `unusedKeptDays`: a picture that neither the draft nor any version names (one replaced before
 * it was published, or never used) is deleted this many days after its upload, so pictures do
 * not pile up on the server's disk; until then a draft still waiting on the consultant's phone
 * can name it (SITE_PICTURE_KEEP_DAYS on the server changes it).
 */
export const SITE_IMAGES = {
  collection: 'site_images',
  field: 'image',
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  thumbWidths: [560, 1120],
  unusedKeptDays: 7,
} as const
