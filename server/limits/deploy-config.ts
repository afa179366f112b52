// Production settings read from the environment (the service unit's env file) and copied into
// PocketBase's own settings at every start, so the machine's configuration lives in one file:
//   TRUSTED_PROXY_IPS   the reverse proxy's address(es), e.g. "127.0.0.1,::1": PocketBase then
//                       takes the visitor's IP from X-Forwarded-For, but only on connections
//                       from these addresses (proxy.ts drops the header on any other)
//   SUPERUSER_IPS       IPs or CIDR ranges allowed to act as superuser (the dashboard at /_/);
//                       127.0.0.1 and ::1 are always added, so `npm run backup` works on the machine
//   BACKUP_CRON         PocketBase's scheduled backups, e.g. "30 3 * * *" (UTC), or "off";
//                       BACKUP_KEEP how many to keep (default 7)
//   BACKUP_S3_BUCKET, BACKUP_S3_REGION, BACKUP_S3_ENDPOINT, BACKUP_S3_ACCESS_KEY,
//   BACKUP_S3_SECRET, BACKUP_S3_FORCE_PATH_STYLE
//                       store the backups off the machine in any S3-compatible bucket
// A variable that is not set leaves the setting as it is (the dashboard may have set it).
import { envFlag, envText } from '../platform/env'
import type { App } from '../platform/events'

/** The header the proxy (deploy/Caddyfile) sets to the visitor's address. */
export const FORWARDED_HEADER = 'X-Forwarded-For'
const LOOPBACK = ['127.0.0.1', '::1']
const DEFAULT_BACKUP_KEEP = 7

/** The items of a comma-separated list. */
function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/** The proxy addresses whose X-Forwarded-For counts; empty when no proxy is configured. */
export function trustedProxyIPs(): string[] {
  return list(envText('TRUSTED_PROXY_IPS'))
}

/** An IPv6 address in PocketBase's expanded form ("::1" -> "0000:...:0001"); others as they are. */
function expandIPv6(ip: string): string {
  if (ip.indexOf(':') < 0) return ip
  const halves = ip.toLowerCase().split('::')
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : []
  const zeros: string[] = []
  for (let i = head.length + tail.length; i < 8; i++) zeros.push('0')
  return head
    .concat(halves.length > 1 ? zeros : [], tail)
    .map((group) => ('0000' + group).slice(-4))
    .join(':')
}

/** An IPv4 address as a number, or null for anything else. */
function ipv4Number(v4: string): number | null {
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

/**
 * Whether `ip` is one of `entries`: single IPv4 or IPv6 addresses, or IPv4 CIDR ranges such as
 * 10.0.0.0/8.
 */
export function ipInList(ip: string, entries: string[]): boolean {
  for (const entry of entries) {
    const slash = entry.indexOf('/')
    if (slash < 0) {
      if (expandIPv6(entry) === expandIPv6(ip)) return true
      continue
    }
    const base = ipv4Number(entry.slice(0, slash))
    const value = ipv4Number(ip)
    const bits = Number(entry.slice(slash + 1))
    if (base === null || value === null || !(bits >= 0 && bits <= 32)) continue
    const size = Math.pow(2, 32 - bits)
    if (Math.floor(base / size) === Math.floor(value / size)) return true
  }
  return false
}

interface BackupS3 {
  bucket: string
  region: string
  endpoint: string
  accessKey: string
  secret: string
  forcePathStyle: boolean
}

const REQUIRED_S3: Record<'region' | 'endpoint' | 'accessKey' | 'secret', string> = {
  region: 'REGION',
  endpoint: 'ENDPOINT',
  accessKey: 'ACCESS_KEY',
  secret: 'SECRET',
}

/** The S3 settings from BACKUP_S3_*, or null when no bucket is named. */
function backupS3FromEnv(): BackupS3 | null {
  const bucket = envText('BACKUP_S3_BUCKET')
  if (!bucket) return null
  const s3: BackupS3 = {
    bucket,
    region: envText('BACKUP_S3_REGION'),
    endpoint: envText('BACKUP_S3_ENDPOINT'),
    accessKey: envText('BACKUP_S3_ACCESS_KEY'),
    secret: envText('BACKUP_S3_SECRET'),
    forcePathStyle: envFlag('BACKUP_S3_FORCE_PATH_STYLE'),
  }
  const missing = (Object.keys(REQUIRED_S3) as (keyof typeof REQUIRED_S3)[]).filter(
    (key) => !s3[key],
  )
  if (missing.length > 0) {
    throw new Error(
      `BACKUP_S3_BUCKET is set but ${missing.map((key) => 'BACKUP_S3_' + REQUIRED_S3[key]).join(', ')} ` +
        'is not: backups would not leave the machine',
    )
  }
  return s3
}

/**
 * Copies the deployment env into the app settings and saves them when something changed.
 * Returns a one-line summary for the start-up log. Throws on an incomplete S3 configuration.
 */
export function applyDeploySettings(app: App): string {
  const settings = app.settings()
  const notes: string[] = []
  let changed = false
  const put = <T, K extends keyof T>(target: T, key: K, value: T[K]): void => {
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

  const superuserIPs = list(envText('SUPERUSER_IPS'))
  if (superuserIPs.length > 0) {
    const allowed = superuserIPs.concat(LOOPBACK.filter((ip) => superuserIPs.indexOf(ip) < 0))
    put(settings, 'superuserIPs', allowed)
    notes.push(`superusers only from ${allowed.join(', ')}`)
  }

  const cron = envText('BACKUP_CRON')
  if (/^off$/i.test(cron)) {
    put(settings.backups, 'cron', '')
    notes.push('scheduled backups off')
  } else if (cron) {
    const keep = parseInt(envText('BACKUP_KEEP'), 10)
    put(settings.backups, 'cron', cron)
    put(settings.backups, 'cronMaxKeep', keep > 0 ? keep : DEFAULT_BACKUP_KEEP)
    notes.push(`backups at "${cron}" UTC, keeping ${settings.backups.cronMaxKeep}`)
  }
  const s3 = backupS3FromEnv()
  if (s3) {
    put(settings.backups.s3, 'enabled', true)
    for (const key of Object.keys(s3) as (keyof BackupS3)[]) {
      put(settings.backups.s3, key, s3[key])
    }
    notes.push(`backups stored in S3 bucket ${s3.bucket}`)
  }

  if (changed) app.save(settings)
  return notes.join('; ')
}
