// The marks of the newsletter archive's template (./public-pages.ts): the build renders the page
// around them, the server fills them in, and the page takes the server's content over from the
// element. Apart from the pages' heads, so the archive page's code carries none of their texts.

/** The element the archive's content goes into. */
export const ARCHIVE_CONTENT_ID = 'newsletter-archive'

/** The marks the server replaces in the template. */
export const ARCHIVE_PLACEHOLDERS = {
  title: '%%ARCHIVE_TITLE%%',
  description: '%%ARCHIVE_DESCRIPTION%%',
  path: '%%ARCHIVE_PATH%%',
  content: '<!--ARCHIVE_CONTENT-->',
} as const
