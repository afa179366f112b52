// The service worker's precache list after a publish: the worker the build made names each page
// with the hash of its HTML (workbox's `revision`); pages rendered again with new content get new
// hashes, so the installed app sees a new worker on its next open and fetches exactly the pages
// that changed (src/app/pwa/ offers the reload).
import { createHash } from 'node:crypto'

/**
 * Workbox's revision of a file: the MD5 of its bytes, in hex.
 * @param {string | Uint8Array} data
 */
export function revisionOf(data) {
  return createHash('md5').update(data).digest('hex')
}

// One precache entry as workbox-build writes it, minified or not: {url:"call.html",revision:"…"}.
const ENTRY =
  /(\{\s*["']?url["']?\s*:\s*["'])([^"']+)(["']\s*,\s*["']?revision["']?\s*:\s*["'])([^"']*)(["'])/g

/**
 * `worker` (the build's sw.js) with the revision of each file in `files` (name -> bytes or text)
 * replaced by that of its new content. Throws when a file is not in the precache list: the
 * worker would then serve an old copy offline.
 * @param {string} worker
 * @param {Map<string, string | Uint8Array>} files
 */
export function withRevisions(worker, files) {
  const seen = new Set()
  const updated = worker.replace(ENTRY, (match, open, url, middle, _revision, close) => {
    const data = files.get(url)
    if (data === undefined) return match
    seen.add(url)
    return `${open}${url}${middle}${revisionOf(data)}${close}`
  })
  const missing = [...files.keys()].filter((name) => !seen.has(name))
  if (missing.length) {
    throw new Error(`the service worker does not precache ${missing.join(', ')}`)
  }
  return updated
}
