// The built site's files (the PWA PocketBase serves from --publicDir): whether one exists, and
// its text. A file the live version's render made (server/site/: the pages, share cards, the
// sitemap and the service worker's list after a publish) is read from there instead.
import type { App } from '../platform/events'
import { publicDir } from '../platform/public-dir'
import { liveDir } from '../site/index'
import { isFile } from '../platform/files'

export { publicDir }

/** Whether the build has the file `file` (a path under the site's folder, no leading slash). */
export function isSiteFile(file: string): boolean {
  return isFile(publicDir() + '/' + file)
}

/**
 * Where the file `file` is served from: the live render's copy when it has one, else the
 * build's; '' when neither has it.
 */
export function siteFilePath(app: App, file: string): string {
  const live = liveDir(app)
  if (live && isFile(`${live}/${file}`)) return `${live}/${file}`
  const built = publicDir() + '/' + file
  return isFile(built) ? built : ''
}

/** The text of a file of the site (the live render's, else the build's), or null. */
export function readSiteFile(app: App, file: string): string | null {
  const path = siteFilePath(app, file)
  if (!path) return null
  try {
    return toString($os.readFile(path))
  } catch {
    return null
  }
}
