/// <reference path="../../.pb-types/types.d.ts" />
// Which file of the built site answers a page request, and with which status: the prerendered
// public pages (scripts/prerender.mjs) for their paths, the app shell for the other routes of
// src/config/paths.ts (one route table, bundled as lib/shared.cjs), the not-found page with 404
// for any other path. Used by pb_hooks/pages.pb.js.

const { APP_SHELL_FILE, isAppRoute, notFoundPage, publicPages } = require('./shared.cjs')

/**
 * `/call/` and `/call` are the same page.
 * @param {string} path
 */
function withoutTrailingSlash(path) {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * How to answer a GET of `path` that no file and no API route answers:
 * { file, status }, or null to leave it to PocketBase (API, dashboard, files with an extension).
 * @param {string} path
 */
function pageFor(path) {
  const page = withoutTrailingSlash(path)
  for (let i = 0; i < publicPages.length; i++) {
    if (publicPages[i].path === page) return { file: publicPages[i].file, status: 200 }
  }
  if (isAppRoute(page)) return { file: APP_SHELL_FILE, status: 200 }
  return { file: notFoundPage.file, status: 404 }
}

/** The directory PocketBase serves the site from (its --publicDir flag or its default). */
function publicDir() {
  const args = $os.args
  for (let i = 1; i < args.length; i++) {
    const arg = args[i].replace(/^--?/, '')
    if (arg.indexOf('publicDir=') === 0) return arg.slice('publicDir='.length)
    if (arg === 'publicDir') return args[i + 1]
  }
  return args[0].replace(/[^/\\]*$/, '') + 'pb_public'
}

/**
 * Whether the build has the file `file` (a path under the site's folder).
 * @param {string} file  a path under the site's folder
 */
function isSiteFile(file) {
  try {
    return !$os.stat(publicDir() + '/' + file).isDir()
  } catch (_err) {
    return false
  }
}

/**
 * The text of a file of the site, or null when the build has no such file.
 * @param {string} file  a path under the site's folder
 */
function readSiteFile(file) {
  try {
    return toString($os.readFile(publicDir() + '/' + file))
  } catch (_err) {
    return null
  }
}

module.exports = { isSiteFile, pageFor, readSiteFile }
