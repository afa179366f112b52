// Where the built site is: the folder PocketBase serves (its --publicDir flag or its default).
// Publishing the site's content writes its pages beside the data instead (server/site/).

/** The directory PocketBase serves the site from, without a trailing slash. */
export function publicDir(): string {
  const args = $os.args
  for (let i = 1; i < args.length; i++) {
    const arg = args[i].replace(/^--?/, '')
    if (arg.indexOf('publicDir=') === 0) return trimSlash(arg.slice('publicDir='.length))
    if (arg === 'publicDir') return trimSlash(args[i + 1])
  }
  return args[0].replace(/[^/\\]*$/, '') + 'pb_public'
}

function trimSlash(dir: string): string {
  return dir.length > 1 ? dir.replace(/\/+$/, '') : dir
}
