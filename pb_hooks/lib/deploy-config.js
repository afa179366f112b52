/// <reference path="../../.pb-types/types.d.ts" />
// Production settings read from the environment (the service unit's env file) and copied into
// PocketBase's own settings at every start, so the machine's configuration lives in one file:
//   TRUSTED_PROXY_IPS   the reverse proxy's address(es), e.g. "127.0.0.1,::1": PocketBase then
//                       takes the visitor's IP from X-Forwarded-For, but only on connections
//                       from these addresses (proxy.pb.js drops the header on any other)
//   SUPERUSER_IPS       IPs or CIDR ranges allowed to act as superuser (the dashboard at /_/);
//                       127.0.0.1 and ::1 are always added, so `npm run backup` works on the machine
//   BACKUP_CRON         PocketBase's scheduled backups, e.g. "30 3 * * *" (UTC), or "off";
//                       BACKUP_KEEP how many to keep (default 7)
//   BACKUP_S3_BUCKET, BACKUP_S3_REGION, BACKUP_S3_ENDPOINT, BACKUP_S3_ACCESS_KEY,
//   BACKUP_S3_SECRET, BACKUP_S3_FORCE_PATH_STYLE
//                       store the backups off the machine in any S3-compatible bucket
// A variable that is not set leaves the setting as it is (the dashboard may have set it).

/** The header the proxy (deploy/Caddyfile) sets to the visitor's address. */
const FORWARDED_HEADER = 'X-Forwarded-For'
const LOOPBACK = ['127.0.0.1', '::1']
const DEFAULT_BACKUP_KEEP = 7

/**
 * @param {string} name
 */
function env(name) {
  return String($os.getenv(name) || '').trim()
}

/**
 * @param {string} value  comma-separated
 * @returns {string[]}
 */
function list(value) {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/**
 * @param {string} value
 */
function isTrue(value) {
  return /^(1|true|yes|on)$/i.test(value)
}

/** The proxy addresses whose X-Forwarded-For counts; empty when no proxy is configured. */
function trustedProxyIPs() {
  return list(env('TRUSTED_PROXY_IPS'))
}

/**
 * An IPv6 address in PocketBase's expanded form ("::1" -> "0000:...:0001"); others as they are.
 * @param {string} ip
 */
function expandIPv6(ip) {
  if (ip.indexOf(':') < 0) return ip
  const halves = ip.toLowerCase().split('::')
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : []
  /** @type {string[]} */
  const zeros = []
  for (let i = head.length + tail.length; i < 8; i++) zeros.push('0')
  return head
    .concat(halves.length > 1 ? zeros : [], tail)
    .map((group) => ('0000' + group).slice(-4))
    .join(':')
}

/**
 * Whether `ip` is one of `entries`: single IPv4 or IPv6 addresses, or IPv4 CIDR ranges such as
 * 10.0.0.0/8.
 * @param {string} ip
 * @param {string[]} entries
 */
function ipInList(ip, entries) {
  /** @param {string} v4 @returns {number | null} */
  const toNumber = (v4) => {
    const parts = v4.split('.')
    if (parts.length !== 4) return null
    let n = 0
    for (const part of parts) {
      const byte = Number(part)
      if (!/^\d{1,3}$/.test(part) || byte > 255) return null
      n = n * 256 + byte
    }
    return n
  }
  for (const entry of entries) {
    const slash = entry.indexOf('/')
    if (slash < 0) {
      if (expandIPv6(entry) === expandIPv6(ip)) return true
      continue
    }
    const base = toNumber(entry.slice(0, slash))
    const value = toNumber(ip)
    const bits = Number(entry.slice(slash + 1))
    if (base === null || value === null || !(bits >= 0 && bits <= 32)) continue
    const size = Math.pow(2, 32 - bits)
    if (Math.floor(base / size) === Math.floor(value / size)) return true
  }
  return false
}

/** The S3 settings from BACKUP_S3_*, or null when no bucket is named. */
function backupS3FromEnv() {
  const bucket = env('BACKUP_S3_BUCKET')
  if (!bucket) return null
  const s3 = {
    bucket,
    region: env('BACKUP_S3_REGION'),
    endpoint: env('BACKUP_S3_ENDPOINT'),
    accessKey: env('BACKUP_S3_ACCESS_KEY'),
    secret: env('BACKUP_S3_SECRET'),
    forcePathStyle: isTrue(env('BACKUP_S3_FORCE_PATH_STYLE')),
  }
  /** @type {('region' | 'endpoint' | 'accessKey' | 'secret')[]} */
  const required = ['region', 'endpoint', 'accessKey', 'secret']
  const missing = required.filter((key) => !s3[key])
  if (missing.length > 0) {
    const names = {
      region: 'REGION',
      endpoint: 'ENDPOINT',
      accessKey: 'ACCESS_KEY',
      secret: 'SECRET',
    }
    throw new Error(
      `BACKUP_S3_BUCKET is set but ${missing.map((key) => 'BACKUP_S3_' + names[key]).join(', ')} ` +
        'is not: backups would not leave the machine',
    )
  }
  return s3
}

/**
 * Copies the deployment env into the app settings and saves them when something changed.
 * Returns a one-line summary for the start-up log. Throws on an incomplete S3 configuration.
 * @param {core.App} app
 */
function applyDeploySettings(app) {
  const settings = app.settings()
  /** @type {string[]} */
  const notes = []
  let changed = false
  /**
   * @template T
   * @template {keyof T} K
   * @param {T} target @param {K} key @param {T[K]} value
   */
  const put = (target, key, value) => {
    if (JSON.stringify(target[key]) !== JSON.stringify(value)) {
      target[key] = value
      changed = true
    }
  }

  const proxies = trustedProxyIPs()
  if (proxies.length > 0) {
    put(settings.trustedProxy, 'headers', [FORWARDED_HEADER])
    // The right-most address is the one the proxy appended; anything left of it is the
    // visitor's own claim.
    put(settings.trustedProxy, 'useLeftmostIP', false)
    notes.push(`visitor IP from ${FORWARDED_HEADER} of ${proxies.join(', ')} only`)
  }

  const superuserIPs = list(env('SUPERUSER_IPS'))
  if (superuserIPs.length > 0) {
    const allowed = superuserIPs.concat(LOOPBACK.filter((ip) => superuserIPs.indexOf(ip) < 0))
    put(settings, 'superuserIPs', allowed)
    notes.push(`superusers only from ${allowed.join(', ')}`)
  }

  const cron = env('BACKUP_CRON')
  if (/^off$/i.test(cron)) {
    put(settings.backups, 'cron', '')
    notes.push('scheduled backups off')
  } else if (cron) {
    const keep = parseInt(env('BACKUP_KEEP'), 10)
    put(settings.backups, 'cron', cron)
    put(settings.backups, 'cronMaxKeep', keep > 0 ? keep : DEFAULT_BACKUP_KEEP)
    notes.push(`backups at "${cron}" UTC, keeping ${settings.backups.cronMaxKeep}`)
  }
  const s3 = backupS3FromEnv()
  if (s3) {
    put(settings.backups.s3, 'enabled', true)
    for (const name in s3) {
      const key = /** @type {keyof typeof s3} */ (name)
      put(settings.backups.s3, key, s3[key])
    }
    notes.push(`backups stored in S3 bucket ${s3.bucket}`)
  }

  if (changed) app.save(settings)
  return notes.join('; ')
}

module.exports = { FORWARDED_HEADER, applyDeploySettings, ipInList, trustedProxyIPs }
