// Which folder holds the pages of the live version, once a publish rendered them: under the data
// directory (`site/v<version>-<random>/`), named by `site/live.json` with the build it was
// rendered for, and kept in the app's store so a request reads no file to know it. '' until the
// first publish, and for pages rendered for another build (their scripts and stylesheets are
// gone after a deploy): then the build's own pages answer until they are rendered again
// (./render.ts renderLiveAtStart).
import type { App } from '../platform/events'
import { parseJson } from '../platform/json'
import { publicDir } from '../platform/public-dir'
import { isDir } from '../platform/files'

const STORE_KEY = 'site.liveDir'
const BUILD_KEY = 'site.build'

export interface LiveDir {
  version: number
  /** Absolute path, '' for the build's own pages. */
  dir: string
  /** The build the pages were rendered for (currentBuild()). */
  build: string
}

/** The folder of rendered pages under the data directory. */
export function renderRoot(app: App): string {
  return `${app.dataDir()}/site`
}

/** The build's render kit, beside the site it serves. */
export function renderKit(): string {
  return `${publicDir()}-render`
}

/** Which build this is: a fingerprint of its render plan (hashed asset names), '' without one. */
export function currentBuild(app: App): string {
  const store = app.store()
  const kept = store.get(BUILD_KEY) as string | null | undefined
  if (typeof kept === 'string') return kept
  let build = ''
  try {
    build = $security.md5(toString($os.readFile(`${renderKit()}/plan.json`)))
  } catch {
    // no render kit: nothing rendered can be served for it
  }
  store.set(BUILD_KEY, build)
  return build
}

/** The live version's folder of pages ('' for the build's own). */
export function liveDir(app: App): string {
  return liveDirInfo(app).dir
}

/** What site/live.json says, whatever build it names (null when never published). */
export function savedLiveDir(app: App): LiveDir | null {
  try {
    const saved = parseJson(toString($os.readFile(`${renderRoot(app)}/live.json`))) as LiveDir
    return saved && typeof saved.dir === 'string' ? saved : null
  } catch {
    return null
  }
}

/** The live folder for this build and its version, read from site/live.json once per process. */
export function liveDirInfo(app: App): LiveDir {
  const store = app.store()
  const kept = store.get(STORE_KEY) as LiveDir | null | undefined
  if (kept && typeof kept.dir === 'string') return kept
  const saved = savedLiveDir(app)
  const build = currentBuild(app)
  const usable = saved && build && saved.build === build && isDir(saved.dir)
  const read: LiveDir = usable ? saved : { version: 0, dir: '', build }
  store.set(STORE_KEY, read)
  return read
}

/** Makes `dir` the live folder: site/live.json first (replaced whole), then the store. */
export function setLiveDir(app: App, live: LiveDir): void {
  const file = `${renderRoot(app)}/live.json`
  $os.writeFile(`${file}.tmp`, JSON.stringify(live), 0o600 as unknown as os.FileMode)
  $os.rename(`${file}.tmp`, file)
  app.store().set(STORE_KEY, live)
}
