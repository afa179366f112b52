// The built site's files (the PWA PocketBase serves from --publicDir): where they are, whether
// one exists, and its text.

/** The directory PocketBase serves the site from (its --publicDir flag or its default). */
export function publicDir(): string {
  const args = $os.args
  for (let i = 1; i < args.length; i++) {
    const arg = args[i].replace(/^--?/, '')
    if (arg.indexOf('publicDir=') === 0) return arg.slice('publicDir='.length)
    if (arg === 'publicDir') return args[i + 1]
  }
  return args[0].replace(/[^/\\]*$/, '') + 'pb_public'
}

/** Whether the build has the file `file` (a path under the site's folder, no leading slash). */
export function isSiteFile(file: string): boolean {
  try {
    return !$os.stat(publicDir() + '/' + file).isDir()
  } catch {
    return false
  }
}

/** The text of a file of the site, or null when the build has no such file. */
export function readSiteFile(file: string): string | null {
  try {
    return toString($os.readFile(publicDir() + '/' + file))
  } catch {
    return null
  }
}
