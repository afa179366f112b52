// Publishing renders the public pages again with the new content: the build's render kit
// (`<publicDir>-render/`, written by `vite build`: the app's server-side bundle, the page plan and
// render.mjs) runs as a short Node process the server starts and waits for, bounded in time. It
// writes every page, the app shell, the share cards, the sitemap and the service worker (its
// precache list names the new pages) into a fresh folder under the data directory; the folder
// becomes live only after the new version is saved, so a failed render leaves the live site as
// it was, with the reason. No process stays running: each render ends by itself.
import type { App } from '../platform/events'
import { publicDir } from '../platform/public-dir'
import type { SiteContent } from '../../src/config/site-content'
import {
  currentBuild,
  liveDirInfo,
  renderKit,
  renderRoot,
  savedLiveDir,
  setLiveDir,
} from './live-dir'
import { liveVersion } from './store'
import { exists } from '../platform/files'

/** A render that takes longer is stopped (a healthy one takes a few seconds). */
export const RENDER_TIMEOUT_SECONDS = 40
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

export type RenderOutcome = { ok: true; dir: string } | { ok: false; reason: string }

/**
 * Renders the pages of `content` as version `version` into a new folder; the caller makes it live
 * (makeLive) once the version is saved, or drops it (dropRender).
 */
export function renderPages(app: App, version: number, content: SiteContent): RenderOutcome {
  // A server without a built site (the API alone, as the integration tests run it) has no pages
  // to make.
  if (!exists(`${publicDir()}/index.html`)) return { ok: true, dir: '' }
  const kit = renderKit()
  if (!exists(`${kit}/render.mjs`)) {
    return {
      ok: false,
      reason: 'This build has no render kit: build the site again (npm run build).',
    }
  }
  const root = renderRoot(app)
  $os.mkdirAll(root, mode(0o700))
  const dir = `${root}/v${version}-${$security.randomStringWithAlphabet(8, ID_ALPHABET)}`
  const contentFile = `${dir}.json`
  const log = `${dir}.log`
  $os.writeFile(contentFile, JSON.stringify(content), mode(0o600))
  let failure = ''
  try {
    const cmd = $os.cmd(
      'sh',
      '-c',
      'exec "$@" >"$0" 2>&1',
      log,
      'timeout',
      String(RENDER_TIMEOUT_SECONDS),
      nodeBinary(),
      // PocketBase's service runs with MemoryDenyWriteExecute: no JIT in its children.
      '--jitless',
      `${kit}/render.mjs`,
      '--content',
      contentFile,
      '--out',
      dir,
      '--public',
      publicDir(),
    )
    cmd.env = [
      `PATH=${$os.getenv('PATH') || '/usr/local/bin:/usr/bin:/bin'}`,
      'NODE_ENV=production',
      'LC_ALL=C',
    ]
    cmd.dir = kit
    try {
      cmd.run()
    } catch (err) {
      failure = `${lastLines(readText(log)) || String(err)}`.slice(0, 600)
    }
    if (!failure && !exists(`${dir}/index.html`)) failure = 'The render wrote no home page.'
  } finally {
    remove(contentFile)
    remove(log)
  }
  if (failure) {
    remove(dir)
    app.logger().error('site: render failed', 'version', version, 'error', failure)
    return { ok: false, reason: failure }
  }
  return { ok: true, dir }
}

/** Makes a rendered folder the live one and removes folders no longer needed. */
export function makeLive(app: App, version: number, dir: string): void {
  const before = liveDirInfo(app)
  setLiveDir(app, { version, dir, build: currentBuild(app) })
  prune(app, version, [dir, before.dir])
}

/** Removes a rendered folder that did not become live. */
export function dropRender(dir: string): void {
  remove(dir)
}

/**
 * Removes the folders of renders older than the live version, but the one live before it (a
 * render still running for a newer version is never touched).
 */
function prune(app: App, version: number, keep: string[]): void {
  const root = renderRoot(app)
  let entries: Array<{ name(): string; isDir(): boolean }> = []
  try {
    entries = $os.readDir(root) as unknown as typeof entries
  } catch {
    return
  }
  for (const entry of entries) {
    const path = `${root}/${entry.name()}`
    if (!entry.isDir() || !/^v\d+-/.test(entry.name()) || keep.indexOf(path) >= 0) continue
    if (versionOf(path) < version) remove(path)
  }
}

function versionOf(path: string): number {
  const match = /\/v(\d+)-[^/]*$/.exec(path)
  return match ? Number(match[1]) : 0
}

/** SITE_RENDER_NODE names the Node.js binary (npm start passes its own), else `node`. */
function nodeBinary(): string {
  return $os.getenv('SITE_RENDER_NODE') || 'node'
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-6).join('\n')
}

function readText(path: string): string {
  try {
    return toString($os.readFile(path))
  } catch {
    return ''
  }
}

function remove(path: string): void {
  try {
    $os.removeAll(path)
  } catch {
    // a leftover file is not worth failing a publish for
  }
}

function mode(value: number): os.FileMode {
  return value as unknown as os.FileMode
}

/**
 * When the server starts: pages a publish rendered for another build (a deploy since) name
 * scripts and stylesheets that are gone, so the live content is rendered again with this build's
 * kit before the server answers. Until then, and if that fails (logged), the build's own pages
 * answer: the first version's words, but a working site.
 */
export function renderLiveAtStart(e: core.ServeEvent): void {
  try {
    const saved = savedLiveDir(e.app)
    const build = currentBuild(e.app)
    if (saved && saved.version > 0 && build && saved.build !== build) {
      const live = liveVersion(e.app)
      const rendered = renderPages(e.app, live.version, live.content)
      if (rendered.ok && rendered.dir) {
        makeLive(e.app, live.version, rendered.dir)
        e.app.logger().info('site: pages rendered again for this build', 'version', live.version)
      }
    }
  } catch (err) {
    e.app
      .logger()
      .error('site: could not render the live pages for this build', 'error', String(err))
  }
  return e.next()
}
