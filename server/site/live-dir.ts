// Which folder holds the pages of the live version, once a publish rendered them: under the data
// directory (`site/v<version>-<random>/`), named by `site/live.json`, and kept in the app's store
// so a request reads no file to know it. '' until the first publish: the build's own pages.
import type { App } from '../platform/events'
import { parseJson } from '../platform/json'

const STORE_KEY = 'site.liveDir'

export interface LiveDir {
  version: number
  /** Absolute path, '' for the build's own pages. */
  dir: string
}

/** The folder of rendered pages under the data directory. */
export function renderRoot(app: App): string {
  return `${app.dataDir()}/site`
}

/** The live version's folder of pages ('' for the build's own). */
export function liveDir(app: App): string {
  return liveDirInfo(app).dir
}

/** The live folder and its version, read from site/live.json once per process. */
export function liveDirInfo(app: App): LiveDir {
  const store = app.store()
  const kept = store.get(STORE_KEY) as LiveDir | null | undefined
  if (kept && typeof kept.dir === 'string') return kept
  let read: LiveDir = { version: 0, dir: '' }
  try {
    const saved = parseJson(toString($os.readFile(`${renderRoot(app)}/live.json`))) as LiveDir
    if (saved && typeof saved.dir === 'string' && isDir(saved.dir)) read = saved
  } catch {
    // never published
  }
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

function isDir(path: string): boolean {
  try {
    return $os.stat(path).isDir()
  } catch {
    return false
  }
}
