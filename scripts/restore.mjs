// `npm run restore -- FILE`: puts a backup zip (from `npm run backup` or PocketBase's scheduled
// backups) in place as PB_DATA. Only while the server is stopped: it refuses when a process has
// the database open or a server answers at PB_URL (default http://127.0.0.1:$PORT, PORT 8090).
//
// The current PB_DATA is kept, renamed to PB_DATA.before-restore-<time> (its backups/ folder
// moves into the restored one). Run as root, the restored files get the owner of PB_DATA's
// parent folder (the service's StateDirectory), so the service can write them.
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, normalize, resolve, sep } from 'node:path'
import { crc32, inflateRawSync } from 'node:zlib'
import { root } from './pocketbase.mjs'

const dataDir = resolve(process.env.PB_DATA || join(root, 'pb_data'))
const url = (process.env.PB_URL || `http://127.0.0.1:${process.env.PORT || 8090}`).replace(
  /\/+$/,
  '',
)

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message)
  process.exit(1)
}

/**
 * Process ids that have `file` open (Linux /proc; empty elsewhere).
 * @param {string} file
 */
function processesWithOpen(file) {
  /** @type {number[]} */
  const pids = []
  if (!existsSync('/proc')) return pids
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue
    let fds
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue // gone, or not ours to see
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === file) {
          pids.push(Number(pid))
          break
        }
      } catch {
        // closed meanwhile
      }
    }
  }
  return pids
}

async function serverAnswers() {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
    return res.ok
  } catch {
    return false
  }
}

/**
 * The files of a zip archive as [{ name, data }]: stored or deflated entries, CRC-checked.
 * (PocketBase writes plain zips; archives over 4 GB (zip64) are not supported here.)
 * @param {Buffer} buffer
 */
function readZip(buffer) {
  let end = -1
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 65535); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) throw new Error('not a zip file')
  const count = buffer.readUInt16LE(end + 10)
  let offset = buffer.readUInt32LE(end + 16)
  if (offset === 0xffffffff) throw new Error('zip64 archives are not supported')
  const entries = []
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(offset) !== 0x02014b50) throw new Error('broken central directory')
    const method = buffer.readUInt16LE(offset + 10)
    const crc = buffer.readUInt32LE(offset + 16)
    const compressedSize = buffer.readUInt32LE(offset + 20)
    const nameLength = buffer.readUInt16LE(offset + 28)
    const extraLength = buffer.readUInt16LE(offset + 30)
    const commentLength = buffer.readUInt16LE(offset + 32)
    const local = buffer.readUInt32LE(offset + 42)
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength)
    offset += 46 + nameLength + extraLength + commentLength
    if (compressedSize === 0xffffffff || local === 0xffffffff) {
      throw new Error('zip64 archives are not supported')
    }
    if (name.endsWith('/')) continue
    if (buffer.readUInt32LE(local) !== 0x04034b50) throw new Error(`broken entry ${name}`)
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28)
    const raw = buffer.subarray(start, start + compressedSize)
    let data
    if (method === 0) data = raw
    else if (method === 8) data = inflateRawSync(raw)
    else throw new Error(`${name}: unsupported compression method ${method}`)
    if (crc32(data) !== crc) throw new Error(`${name}: checksum mismatch, the file is damaged`)
    entries.push({ name, data })
  }
  return entries
}

/**
 * Gives `path` and everything under it to uid:gid.
 * @param {string} path
 * @param {number} uid
 * @param {number} gid
 */
function chownTree(path, uid, gid) {
  chownSync(path, uid, gid)
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path)) chownTree(join(path, name), uid, gid)
  }
}

async function main() {
  const file = process.argv[2]
  if (!file) fail('Usage: npm run restore -- FILE.zip   (PB_DATA selects the data dir)')
  const zip = resolve(file)
  if (!existsSync(zip)) fail(`${zip} does not exist.`)

  const database = join(dataDir, 'data.db')
  const holders = processesWithOpen(database)
  if (holders.length > 0) {
    fail(
      `Refusing to restore: the server is running (process ${holders.join(', ')} has ` +
        `${database} open). Stop it first (systemctl stop north-country), then run this again.`,
    )
  }
  if (await serverAnswers()) {
    fail(`Refusing to restore: a server answers at ${url}. Stop it first, then run this again.`)
  }

  let entries
  try {
    entries = readZip(readFileSync(zip))
  } catch (err) {
    fail(`${zip} is not a usable backup: ${/** @type {Error} */ (err).message}`)
  }
  if (!entries.some((e) => e.name === 'data.db')) fail(`${zip} has no data.db: not a backup.`)

  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
  const incoming = `${dataDir}.restoring-${stamp}`
  mkdirSync(incoming, { recursive: true, mode: 0o700 })
  for (const { name, data } of entries) {
    const target = normalize(join(incoming, name))
    if (!target.startsWith(incoming + sep)) fail(`${zip} holds an unsafe path: ${name}`)
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
    writeFileSync(target, data, { mode: 0o600 })
  }

  let kept = null
  if (existsSync(dataDir)) {
    const backups = join(dataDir, 'backups')
    if (existsSync(backups)) renameSync(backups, join(incoming, 'backups'))
    kept = `${dataDir}.before-restore-${stamp}`
    renameSync(dataDir, kept)
  }
  renameSync(incoming, dataDir)
  if (process.getuid?.() === 0) {
    const parent = statSync(dirname(dataDir))
    if (parent.uid !== 0) chownTree(dataDir, parent.uid, parent.gid)
  }
  rmSync(incoming, { recursive: true, force: true })

  console.log(`Restored ${entries.length} files from ${zip}.`)
  if (kept) console.log(`The data it replaced is kept in ${kept} (delete it when all is well).`)
  console.log('Start the server again (npm start, or systemctl start north-country).')
  console.log(dataDir)
}

await main()
