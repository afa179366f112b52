// `npm run dev`: Vite with hot reload plus PocketBase side by side. Vite proxies /api and /_
// to PocketBase, and the audit engine bundle for the hooks is rebuilt on change.
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { findPocketBase, root, serveArgs } from './pocketbase.mjs'

const pbPort = Number(process.env.PB_DEV_PORT || 8090)
const dataDir = resolve(process.env.PB_DATA || join(root, 'pb_data'))
/** @type {import('node:child_process').ChildProcess[]} */
const children = []

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function start(cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  children.push(child)
  child.on('exit', (code) => {
    console.log(`${cmd} exited (${code}); stopping the others`)
    shutdown()
  })
  return child
}

function shutdown() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  setTimeout(() => process.exit(0), 500).unref()
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

let bin
try {
  bin = findPocketBase()
} catch (err) {
  console.error(/** @type {Error} */ (err).message)
  process.exit(1)
}
start(process.execPath, [join(root, 'scripts/build-server.mjs'), '--watch'])
// Hooks are watched in dev so a rebuilt bundle (an edit in server/) restarts the server. Links in mails (verify,
// reset, change e-mail) go to the Vite server, where the pages are, unless APP_URL says otherwise.
start(bin, serveArgs({ port: pbPort, dataDir, hooksWatch: true }), {
  APP_URL: process.env.APP_URL || 'http://localhost:5173',
})
start(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
  PB_DEV_PORT: String(pbPort),
})
