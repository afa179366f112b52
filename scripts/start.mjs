// `npm start`: build the site if dist/ is missing or stale, then run ONE PocketBase process
// serving dist/ and the API at http://127.0.0.1:${PORT:-8090}, data in ${PB_DATA:-./pb_data}.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { findPocketBase, root, serveArgs, upsertSuperuser } from './pocketbase.mjs'
import { builtSiteAddress, wantedSiteAddress } from './site-address.mjs'

const port = Number(process.env.PORT || 8090)
const dataDir = resolve(process.env.PB_DATA || join(root, 'pb_data'))
const publicDir = resolve(process.env.PB_PUBLIC_DIR || join(root, 'dist'))

/**
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = 0
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)))
  return newest
}

const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'tsconfig.app.json',
  // The build's prerender step and the prerendered pages' loader.
  'scripts/prerender.mjs',
  'scripts/prerender',
  'scripts/site-address.mjs',
]

/**
 * Whether the site must be built again: no build (or no render kit beside it), a source newer
 * than it, or an address in the environment other than the one it was built for.
 * @param {string} dir
 * @param {NodeJS.ProcessEnv} env
 */
export function siteIsStale(dir = publicDir, env = process.env) {
  const built = join(dir, 'index.html')
  if (!existsSync(built)) return true
  // The render kit publishing runs, beside the site (an older build has none).
  if (!existsSync(join(`${dir}-render`, 'render.mjs'))) return true
  const builtAt = statSync(built).mtimeMs
  if (SOURCES.some((s) => newestMtime(join(root, s)) > builtAt)) return true
  const wanted = wantedSiteAddress(env)
  return wanted !== '' && wanted !== builtSiteAddress(dir)
}

/**
 * The right way to create the first superuser, for PocketBase's start banner.
 * @param {string} line
 * @param {{ bin: string, dataDir: string }} where
 */
function rewriteServeLine(line, { bin, dataDir }) {
  if (!/you can also create your first superuser by running:/i.test(line)) return line
  return (
    '(you can also create your first superuser with:\n' +
    "   PB_SUPERUSER_EMAIL=you@example.com PB_SUPERUSER_PASSWORD='a long password' npm start\n" +
    ` or: ${bin} superuser upsert EMAIL PASSWORD --dir=${dataDir})`
  )
}

/**
 * @param {string} cmd
 * @param {string[]} args
 */
function run(cmd, args) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (res.status !== 0) process.exit(res.status ?? 1)
}

function main() {
  let bin
  try {
    bin = findPocketBase()
  } catch (err) {
    console.error(/** @type {Error} */ (err).message)
    process.exit(1)
  }

  // The entry table calls the server's bundle: built again when what it is made from changed.
  run(process.execPath, [join(root, 'scripts/build-server.mjs')])
  const server = createRequire(import.meta.url)('../pb_hooks/generated/server.cjs')
  // Before anything touches the database: PocketBase's settings refuse such a sender, and on a
  // new database the settings migration would fail on it.
  const senderProblem = server.mail.mailFromProblem(process.env.MAIL_FROM)
  if (senderProblem) {
    console.error(senderProblem)
    process.exit(1)
  }
  if (process.env.PB_PUBLIC_DIR) {
    if (!existsSync(join(publicDir, 'index.html'))) {
      console.error(`PB_PUBLIC_DIR=${publicDir} has no index.html`)
      process.exit(1)
    }
  } else if (siteIsStale()) {
    console.log(
      'Building the site (dist/ is missing, older than the sources or made for another address)...',
    )
    run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'])
  }

  const { PB_SUPERUSER_EMAIL: suEmail, PB_SUPERUSER_PASSWORD: suPassword } = process.env
  if (suEmail && suPassword) {
    upsertSuperuser(dataDir, suEmail, suPassword)
    console.log(`Superuser ${suEmail} is ready.`)
  }

  if (!process.env.SMTP_HOST) {
    console.warn(
      'WARNING: SMTP_HOST is not set. E-mails (results, notifications) are queued in deliveries and not sent.\n' +
        '         Set SMTP_HOST/SMTP_PORT/... (see README) or run `npm run mail:dev` and SMTP_HOST=127.0.0.1 SMTP_PORT=2525.',
    )
  }

  if (process.env.SMTP_HOST && !wantedSiteAddress()) {
    console.warn(
      'WARNING: SMTP_HOST is set but APP_URL is not. The links in e-mails (verify e-mail, reset password,\n' +
        "         change e-mail, the dashboard) would use PocketBase's saved Application URL, not your site's.\n" +
        '         Set APP_URL to the public address of the site, e.g. APP_URL=https://audit.example.com\n' +
        '         (one setting: the build takes it too, for canonical URLs and the sitemap).',
    )
  }

  const site = `http://127.0.0.1:${port}`
  console.log(`\n  Site:      ${site}/`)
  console.log(`  Dashboard: ${site}/_/  (PocketBase superusers)`)
  console.log(`  Data:      ${dataDir}`)
  if (!suEmail || !suPassword) {
    console.log(
      `  No superuser configured. Create one with:\n    PB_SUPERUSER_EMAIL=you@example.com PB_SUPERUSER_PASSWORD='a long password' npm start\n` +
        `  or: ${bin} superuser upsert EMAIL PASSWORD --dir=${dataDir}`,
    )
  }
  console.log('  Make the owner an admin of the site: npm run admin -- promote EMAIL\n')

  // The process runs on the consultant's clock (logs, dates in hooks): the site's time zone.
  const { SITE_TIME_ZONE } = server.mail
  const TZ = process.env.SITE_TIME_ZONE || process.env.TZ || SITE_TIME_ZONE
  // PocketBase's banner suggests `<binary> superuser upsert EMAIL PASS` (or `go run . ...`)
  // without this data dir: that would create a superuser in another database. Say the right one.
  const child = spawn(bin, serveArgs({ port, dataDir, publicDir }), {
    stdio: ['inherit', 'pipe', 'pipe'],
    // Publishing the site's content renders its pages with this same Node.js (server/site/).
    env: { SITE_RENDER_NODE: process.execPath, ...process.env, TZ },
  })
  /**
   * @param {import('node:stream').Readable} from
   * @param {NodeJS.WritableStream} to
   */
  const relay = (from, to) =>
    createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
      to.write(`${rewriteServeLine(line, { bin, dataDir })}\n`)
    })
  relay(child.stdout, process.stdout)
  relay(child.stderr, process.stderr)
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (child.exitCode === null) child.kill(signal)
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  // 'close', not 'exit': the last lines of its output are relayed first.
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
}

// Run as a script (npm start), not when a test imports its checks.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) main()
