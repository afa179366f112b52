// `npm run backup`: a consistent snapshot of the running server's data (database, uploaded
// files) as one zip, made by PocketBase itself (its backups API pauses writes while it copies),
// and prints the file's path as its last line.
//
// Talks to the server at PB_URL (default http://127.0.0.1:$PORT, PORT 8090) as the superuser
// PB_SUPERUSER_EMAIL / PB_SUPERUSER_PASSWORD (the service's env file has them). The zip lands in
// $PB_DATA/backups; when the server keeps its backups in S3 (BACKUP_S3_*), a copy is downloaded
// to BACKUP_DIR (default ./backups). Restore with `npm run restore -- FILE`.
import { createWriteStream, existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { root } from './pocketbase.mjs'

const url = (process.env.PB_URL || `http://127.0.0.1:${process.env.PORT || 8090}`).replace(
  /\/+$/,
  '',
)
const dataDir = resolve(process.env.PB_DATA || join(root, 'pb_data'))

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message)
  process.exit(1)
}

/**
 * @param {string} path
 * @param {RequestInit} [init]
 */
async function call(path, init = {}) {
  let res
  try {
    res = await fetch(`${url}${path}`, init)
  } catch {
    fail(
      `No server answers at ${url}. Start it (npm start, or systemctl start north-country) and ` +
        'run this again, or set PB_URL. While the server is stopped, a copy of PB_DATA is a backup.',
    )
  }
  return res
}

async function main() {
  const email = process.env.PB_SUPERUSER_EMAIL
  const password = process.env.PB_SUPERUSER_PASSWORD
  if (!email || !password) {
    fail('Set PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD (a PocketBase superuser) to back up.')
  }
  const auth = await call('/api/collections/_superusers/auth-with-password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: email, password }),
  })
  if (!auth.ok) fail(`Superuser sign-in at ${url} failed (${auth.status}): ${await auth.text()}`)
  const { token } = /** @type {{ token: string }} */ (await auth.json())
  const headers = { authorization: token, 'content-type': 'application/json' }

  // PocketBase accepts [a-z0-9_-] names ending in .zip.
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
  const name = `north-country-${stamp}.zip`
  const made = await call('/api/backups', {
    method: 'POST',
    headers,
    body: JSON.stringify({ name }),
  })
  if (!made.ok) fail(`The backup failed (${made.status}): ${await made.text()}`)

  const local = join(dataDir, 'backups', name)
  if (existsSync(local)) {
    console.log(`Backup made by the server at ${url}:`)
    console.log(local)
    return
  }

  // Stored elsewhere (S3, or a server with another PB_DATA): download a copy.
  const fileToken = await call('/api/files/token', { method: 'POST', headers })
  if (!fileToken.ok) fail(`Could not get a download token: ${await fileToken.text()}`)
  const { token: download } = /** @type {{ token: string }} */ (await fileToken.json())
  const res = await call(`/api/backups/${encodeURIComponent(name)}?token=${download}`)
  if (!res.ok || !res.body) fail(`Could not download ${name} (${res.status}).`)
  const dir = resolve(process.env.BACKUP_DIR || join(root, 'backups'))
  mkdirSync(dir, { recursive: true })
  const target = join(dir, name)
  // (The DOM's ReadableStream type, the scripts' lib for page code, is not Node's: same object.)
  const body = /** @type {import('node:stream/web').ReadableStream} */ (res.body)
  await pipeline(Readable.fromWeb(body), createWriteStream(target, { mode: 0o600 }))
  console.log(`Backup made by the server at ${url} (kept in its backups storage), copied to:`)
  console.log(target)
}

await main()
