// Where a webhook may go (docs/decisions/029-outgoing-webhooks.md). A URL is parsed here, not by
// curl or Go, into a canonical form that is the only thing the transport sends to; its host name
// is resolved here (getent, the system's resolver) and EVERY address it resolves to is checked;
// the transport then connects to the checked address itself (curl --connect-to), so a DNS answer
// that changes after the check (rebinding) is never used. Refused without
// WEBHOOKS_ALLOW_PRIVATE=true: loopback, private, shared (CGNAT), link-local. Refused always:
// cloud metadata addresses, unspecified, multicast, documentation and reserved ranges. Plain
// http:// only to an address the flag lets through (a self-hosted n8n on the same machine);
// anything on the internet needs https://.
import { envFlag } from '../platform/env'
import { WEBHOOK_URL_MAX } from '../../src/config/webhooks'

/** Addresses of cloud metadata services: never a webhook receiver, flag or not. */
const METADATA_V4 = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16']

type HostKind = 'ipv4' | 'ipv6' | 'name'

export interface ParsedUrl {
  scheme: string
  host: string
  hostKind: HostKind
  port: number
  target: string
  url: string
}

/** Allowed: where to connect. Refused: why, and whether that can change. */
export type Destination =
  | {
      ok: true
      url: string
      host: string
      port: number
      scheme: string
      address: string
      addresses: string[]
    }
  | { ok: false; reason: string; permanent: boolean }

/** Why an address is refused ('' for a public one), and whether the flag can let it through. */
interface Verdict {
  kind: string
  always: boolean
}

/** True when WEBHOOKS_ALLOW_PRIVATE lets loopback and private addresses through. */
export function privateAllowed(): boolean {
  return envFlag('WEBHOOKS_ALLOW_PRIVATE')
}

/**
 * Four numbers of a dotted-quad IPv4 address written the usual way; null for anything else
 * (hex, octal, fewer parts, leading zeros), which resolvers read in surprising ways.
 */
export function parseIPv4(text: string): number[] | null {
  const parts = String(text).split('.')
  if (parts.length !== 4) return null
  const out: number[] = []
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null
    const n = Number(part)
    if (n > 255) return null
    out.push(n)
  }
  return out
}

/** The 16-bit groups of one side of `::`; null when one is not hexadecimal. */
function groupsOf(part: string): number[] | null {
  if (part === '') return []
  const out: number[] = []
  for (const group of part.split(':')) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null
    out.push(parseInt(group, 16))
  }
  return out
}

/**
 * Eight 16-bit groups of an IPv6 address (`::` and a trailing dotted IPv4 allowed); null for
 * anything else, zone ids included.
 */
export function parseIPv6(text: string): number[] | null {
  let value = String(text).toLowerCase()
  if (!/^[0-9a-f:.]+$/.test(value) || value.indexOf(':') < 0) return null
  // A trailing dotted IPv4 (::ffff:127.0.0.1) becomes its two hexadecimal groups.
  const lastColon = value.lastIndexOf(':')
  if (value.indexOf('.') >= 0) {
    const v4 = parseIPv4(value.slice(lastColon + 1))
    if (!v4) return null
    const hi = ((v4[0] << 8) | v4[1]).toString(16)
    const lo = ((v4[2] << 8) | v4[3]).toString(16)
    value = `${value.slice(0, lastColon + 1)}${hi}:${lo}`
  }
  const halves = value.split('::')
  if (halves.length > 2) return null
  const head = groupsOf(halves[0])
  const rest = halves.length === 2 ? groupsOf(halves[1]) : []
  if (!head || !rest) return null
  if (halves.length === 1) return head.length === 8 ? head : null
  const known = head.length + rest.length
  if (known > 7) return null
  const zeros: number[] = []
  for (let i = known; i < 8; i++) zeros.push(0)
  return head.concat(zeros, rest)
}

function inV4(v4: number[], net: number[], bits: number): boolean {
  const value = ((v4[0] << 24) | (v4[1] << 16) | (v4[2] << 8) | v4[3]) >>> 0
  const base = ((net[0] << 24) | (net[1] << 16) | (net[2] << 8) | net[3]) >>> 0
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0
  return (value & mask) >>> 0 === (base & mask) >>> 0
}

/** The IPv4 ranges that are not public: network, prefix bits, what it is, refused always. */
const V4_RANGES: Array<[number[], number, string, boolean]> = [
  [[0, 0, 0, 0], 8, 'an unspecified address', true],
  [[127, 0, 0, 0], 8, 'a loopback address', false],
  [[10, 0, 0, 0], 8, 'a private address', false],
  [[172, 16, 0, 0], 12, 'a private address', false],
  [[192, 168, 0, 0], 16, 'a private address', false],
  [[100, 64, 0, 0], 10, 'a shared (carrier-grade NAT) address', false],
  [[169, 254, 0, 0], 16, 'a link-local address', false],
  [[192, 0, 0, 0], 24, 'a private address', false],
  [[198, 18, 0, 0], 15, 'a private address', false],
  [[192, 0, 2, 0], 24, 'a documentation address', true],
  [[198, 51, 100, 0], 24, 'a documentation address', true],
  [[203, 0, 113, 0], 24, 'a documentation address', true],
  [[192, 88, 99, 0], 24, 'a reserved address', true],
  [[224, 0, 0, 0], 4, 'a multicast address', true],
  [[240, 0, 0, 0], 4, 'a reserved address', true],
]

/**
 * What kind of address an IPv4 address is: '' for a public one, else why it is refused, and
 * whether WEBHOOKS_ALLOW_PRIVATE can let it through.
 */
function classifyV4(v4: number[]): Verdict {
  const text = v4.join('.')
  if (METADATA_V4.indexOf(text) >= 0) return { kind: 'a cloud metadata address', always: true }
  for (const [net, bits, kind, always] of V4_RANGES) {
    if (inV4(v4, net, bits)) return { kind, always }
  }
  return { kind: '', always: false }
}

/**
 * Like classifyV4 for an IPv6 address given as eight groups (IPv4-mapped, NAT64 and 6to4 forms
 * are judged by the IPv4 address inside them).
 */
function classifyV6(g: number[]): Verdict {
  const allZero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  const v4At = (hi: number, lo: number) => [g[hi] >> 8, g[hi] & 255, g[lo] >> 8, g[lo] & 255]
  if (allZero(0, 8)) return { kind: 'an unspecified address', always: true }
  if (allZero(0, 7) && g[7] === 1) return { kind: 'a loopback address', always: false }
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (the old compatible form)
  if (allZero(0, 5) && (g[5] === 0xffff || g[5] === 0)) return classifyV4(v4At(6, 7))
  // 64:ff9b::a.b.c.d (NAT64)
  if (g[0] === 0x64 && g[1] === 0xff9b && allZero(2, 6)) return classifyV4(v4At(6, 7))
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) {
    return { kind: 'a private address', always: false }
  }
  // 2002:aabb:ccdd::/48 (6to4)
  if (g[0] === 0x2002) return classifyV4(v4At(1, 2))
  if (g[0] === 0x2001 && g[1] === 0) return { kind: 'a Teredo tunnel address', always: true }
  if (g[0] === 0x2001 && g[1] === 0xdb8) return { kind: 'a documentation address', always: true }
  if (g[0] === 0x100 && allZero(1, 4)) return { kind: 'a discard address', always: true }
  if (g[0] === 0xfd00 && g[1] === 0xec2 && allZero(2, 7) && g[7] === 0x254) {
    return { kind: 'a cloud metadata address', always: true }
  }
  if ((g[0] & 0xfe00) === 0xfc00) return { kind: 'a private address', always: false }
  if ((g[0] & 0xffc0) === 0xfe80) return { kind: 'a link-local address', always: false }
  if ((g[0] & 0xffc0) === 0xfec0) return { kind: 'a private address', always: false }
  if ((g[0] & 0xff00) === 0xff00) return { kind: 'a multicast address', always: true }
  return { kind: '', always: false }
}

/**
 * Why `address` (IPv4 or IPv6 text) may not receive webhooks now ("a loopback address"), or ''
 * when it may.
 */
export function refusalFor(address: string, allowPrivate: boolean): string {
  const v4 = parseIPv4(address)
  const v6 = v4 ? null : parseIPv6(address)
  if (v4) return verdictText(classifyV4(v4), allowPrivate)
  if (v6) return verdictText(classifyV6(v6), allowPrivate)
  return 'not an IP address'
}

function verdictText(verdict: Verdict, allowPrivate: boolean): string {
  if (!verdict.kind) return ''
  if (verdict.always) return verdict.kind
  return allowPrivate ? '' : verdict.kind
}

/** Not a public address. */
function isNonPublic(address: string): boolean {
  return refusalFor(address, false) !== ''
}

/** The host and port of a URL's authority, checked. Throws a message for the consultant. */
function hostOf(authority: string): { host: string; hostKind: HostKind; portText: string } {
  if (authority[0] === '[') {
    const close = authority.indexOf(']')
    if (close < 0) throw new Error('The URL has an unreadable IPv6 address.')
    const host = authority.slice(1, close).toLowerCase()
    const after = authority.slice(close + 1)
    if (after && after[0] !== ':') throw new Error('The URL has an unreadable host.')
    if (!parseIPv6(host)) throw new Error('The URL has an unreadable IPv6 address.')
    return { host, hostKind: 'ipv6', portText: after.slice(1) }
  }
  const colon = authority.lastIndexOf(':')
  const host = (colon >= 0 ? authority.slice(0, colon) : authority).toLowerCase()
  const portText = colon >= 0 ? authority.slice(colon + 1) : ''
  if (!host) throw new Error('The URL has no host name.')
  if (parseIPv4(host)) return { host, hostKind: 'ipv4', portText }
  const labels = (host.slice(-1) === '.' ? host.slice(0, -1) : host).split('.')
  for (const label of labels) {
    if (!/^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/.test(label)) {
      throw new Error(`"${host}" is not a valid host name.`)
    }
  }
  // A last label of digits or 0x... is read as a number by resolvers (127.1, 0x7f000001).
  if (/^(0x[0-9a-f]*|[0-9]+)$/.test(labels[labels.length - 1])) {
    throw new Error(`"${host}" is not a valid host name or IPv4 address.`)
  }
  if (host.length > 253) throw new Error('The host name is too long.')
  return { host, hostKind: 'name', portText }
}

/**
 * The URL's parts, checked and rebuilt: `url` is the only form ever sent to. Throws an Error
 * with a message for the consultant when the URL cannot be used.
 */
export function parseUrl(text: string): ParsedUrl {
  const raw = String(text ?? '').trim()
  if (!raw) throw new Error('Enter the URL your tool gave you.')
  if (raw.length > WEBHOOK_URL_MAX) {
    throw new Error(`The URL is too long (at most ${WEBHOOK_URL_MAX} characters).`)
  }
  // Printable ASCII only: no spaces, control characters or backslashes that parsers disagree on.
  if (!/^[\x21-\x7e]+$/.test(raw) || raw.indexOf('\\') >= 0) {
    throw new Error('The URL may not contain spaces, backslashes or non-ASCII characters.')
  }
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^#]*)(#.*)?$/.exec(raw)
  if (!match) throw new Error('The URL must start with https://.')
  const scheme = match[1].toLowerCase()
  if (scheme !== 'https' && scheme !== 'http') throw new Error('The URL must start with https://.')
  const authority = match[2]
  if (authority.indexOf('@') >= 0) {
    throw new Error('The URL may not contain a user name or password.')
  }
  const { host, hostKind, portText } = hostOf(authority)
  let port = scheme === 'https' ? 443 : 80
  if (portText !== '') {
    if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
      throw new Error('The URL has an invalid port.')
    }
    port = Number(portText)
  }
  const target = match[3] === '' ? '/' : match[3]
  if (target[0] !== '/' && target[0] !== '?') throw new Error('The URL has an unreadable path.')
  const hostPart = hostKind === 'ipv6' ? `[${host}]` : host
  const defaultPort = (scheme === 'https' && port === 443) || (scheme === 'http' && port === 80)
  const url = `${scheme}://${hostPart}${defaultPort ? '' : ':' + port}${target[0] === '?' ? '/' : ''}${target}`
  return { scheme, host, hostKind, port, target, url }
}

/**
 * Every address `host` resolves to, through the system's resolver (getent ahosts: /etc/hosts,
 * then DNS), within 5 seconds. Throws when it does not resolve.
 */
export function resolveHost(host: string): string[] {
  let output = ''
  try {
    const cmd = $os.cmd('timeout', '5', 'getent', 'ahosts', host)
    cmd.env = [`PATH=${$os.getenv('PATH') || '/usr/bin:/bin'}`]
    output = toString(cmd.output())
  } catch (err) {
    // getent: 2 = no such name; timeout: 124 = no answer in time; 127 = not installed.
    const text = String(err)
    if (/exit status 124/.test(text)) throw new Error(`Looking up ${host} took too long.`)
    if (/exit status 2\b/.test(text)) {
      throw new Error(`Could not find ${host}: check the URL.`)
    }
    throw new Error(`Could not look up ${host} (${text.slice(0, 100)}).`)
  }
  const addresses: string[] = []
  for (const line of output.split('\n')) {
    const address = line.trim().split(/\s+/)[0]
    if (address && addresses.indexOf(address) < 0) addresses.push(address)
  }
  if (addresses.length === 0) throw new Error(`Could not find ${host}: check the URL.`)
  return addresses
}

/**
 * May a webhook go to `text` now? Parses it, resolves its host, checks every address and picks
 * the one to connect to. Nothing is connected to here. `resolved` caches host -> addresses for
 * one run. A URL that can never be used is `permanent`; a host that does not resolve, or
 * resolves to a refused address, may change and is not.
 */
export function checkDestination(
  text: string,
  resolved?: Record<string, string[]>,
  allowPrivate = privateAllowed(),
): Destination {
  let parsed: ParsedUrl
  try {
    parsed = parseUrl(text)
  } catch (err) {
    return { ok: false, reason: errorMessage(err), permanent: true }
  }
  let addresses: string[]
  if (parsed.hostKind !== 'name') {
    addresses = [parsed.host]
  } else {
    try {
      addresses = (resolved && resolved[parsed.host]) || resolveHost(parsed.host)
      if (resolved) resolved[parsed.host] = addresses
    } catch (err) {
      return { ok: false, reason: errorMessage(err), permanent: false }
    }
  }
  const literal = parsed.hostKind !== 'name'
  for (const address of addresses) {
    const refusal = refusalFor(address, allowPrivate)
    if (refusal) {
      const what = literal
        ? `${address} is ${refusal}`
        : `${parsed.host} resolves to ${address}, ${refusal}`
      return {
        ok: false,
        reason: `Refused: ${what}. Webhooks go only to public addresses.`,
        permanent: literal,
      }
    }
  }
  if (parsed.scheme === 'http' && !addresses.every(isNonPublic)) {
    return {
      ok: false,
      reason: 'A receiver on the internet needs an https:// URL.',
      permanent: true,
    }
  }
  return {
    ok: true,
    url: parsed.url,
    host: parsed.host,
    port: parsed.port,
    scheme: parsed.scheme,
    // IPv4 first when the name has both: more servers are reachable over it.
    address: addresses.filter((a) => parseIPv4(a) !== null)[0] || addresses[0],
    addresses,
  }
}

function errorMessage(err: unknown): string {
  const message = err && (err as { message?: unknown }).message
  return String(message || err)
}
