// deploy/north-country.service: systemd accepts it (systemd-analyze verify, with the app's
// paths pointed at this checkout so the binary exists), and it says what production needs:
// the env file, restarts, a memory cap the Go runtime knows about, a sandbox, the site's clock,
// PocketBase on loopback behind the Caddyfile's upstream.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { HOOKS_POOL_FLAG, root } from '../../scripts/pocketbase.mjs'
import { site } from '../../src/config/site'
import { SHIPPED_CADDYFILE, ensureCommand } from './support/front'

const UNIT = join(root as string, 'deploy/north-country.service')
const APP_DIR = '/opt/north-country'

/** The unit's settings: section -> key -> every value given (systemd keys may repeat). */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {}
  let current: Record<string, string[]> | undefined
  for (const line of text.split('\n')) {
    const trimmed = line.trim()
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue
    const section = /^\[(.+)\]$/.exec(trimmed)
    if (section) {
      current = sections[section[1]] = {}
      continue
    }
    const eq = trimmed.indexOf('=')
    if (!current || eq < 0) throw new Error(`not a unit file line: ${line}`)
    const key = trimmed.slice(0, eq)
    ;(current[key] ??= []).push(trimmed.slice(eq + 1))
  }
  return sections
}

const text = readFileSync(UNIT, 'utf8')
const unit = parseUnit(text)
const service = unit.Service
const one = (key: string) => {
  expect(service[key], key).toHaveLength(1)
  return service[key][0]
}
const environment = Object.fromEntries(
  (service.Environment ?? []).map((pair) => [
    pair.slice(0, pair.indexOf('=')),
    pair.slice(pair.indexOf('=') + 1),
  ]),
)
const bytes = (size: string) => {
  const match = /^(\d+)\s*(K|M|G|KiB|MiB|GiB)?B?$/.exec(size)
  if (!match) throw new Error(`unreadable size ${size}`)
  const unitSize = { K: 1, M: 2, G: 3, KiB: 1, MiB: 2, GiB: 3 }[match[2] ?? ''] ?? 0
  return Number(match[1]) * 1024 ** unitSize
}

describe('deploy/north-country.service', () => {
  it('is accepted by systemd-analyze verify without a warning', () => {
    const analyze = ensureCommand('systemd-analyze', 'systemd')
    const dir = mkdtempSync(join(tmpdir(), 'unit-'))
    try {
      const file = join(dir, 'north-country.service')
      writeFileSync(file, text.split(APP_DIR).join(root))
      const res = spawnSync(analyze, ['verify', file], { encoding: 'utf8' })
      expect(`${res.stdout}${res.stderr}`.trim()).toBe('')
      expect(res.status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('runs PocketBase on loopback, at the port the Caddyfile proxies to, with production flags', () => {
    const exec = one('ExecStart')
    expect(exec).toMatch(/ serve /)
    const http = /--http=(127\.0\.0\.1:\d+)/.exec(exec)?.[1]
    expect(http).toBeTruthy()
    expect(readFileSync(SHIPPED_CADDYFILE, 'utf8')).toContain(`reverse_proxy ${http}\n`)
    for (const flag of [
      '--hooksWatch=false',
      '--automigrate=false',
      '--dev=false',
      HOOKS_POOL_FLAG,
    ]) {
      expect(exec).toContain(flag)
    }
  })

  it('reads the env file, restarts on failure and caps memory where the Go runtime knows', () => {
    expect(one('EnvironmentFile')).toBe('/etc/north-country/env')
    expect(one('Restart')).toBe('on-failure')
    const max = bytes(one('MemoryMax'))
    const soft = bytes(environment.GOMEMLIMIT)
    expect(soft).toBeGreaterThan(0)
    expect(soft).toBeLessThan(max)
  })

  it('runs as its own user in a sandbox that can write only the data directory', () => {
    expect(one('User')).toMatch(/^[a-z][a-z-]+$/)
    expect(one('User')).not.toBe('root')
    expect(one('NoNewPrivileges')).toBe('true')
    expect(one('ProtectSystem')).toBe('strict')
    expect(one('ProtectHome')).toBe('true')
    expect(one('PrivateTmp')).toBe('true')
    expect(one('CapabilityBoundingSet')).toBe('')
    const dataDir = /--dir=(\S+)/.exec(one('ExecStart'))?.[1] ?? ''
    const writable = one('ReadWritePaths').split(/\s+/)
    expect(writable.some((path) => dataDir === path || dataDir.startsWith(`${path}/`))).toBe(true)
  })

  it('names the Node.js that renders the pages when the consultant publishes', () => {
    expect(environment.SITE_RENDER_NODE).toMatch(/^\/\S+\/node$/)
    // Which is why the server starts it with --jitless (the browser tests publish through it).
    expect(one('MemoryDenyWriteExecute')).toBe('true')
  })

  it("runs on the site's clock", () => {
    expect(environment.SITE_TIME_ZONE).toBe(site.timeZone)
    expect(environment.TZ).toBe(site.timeZone)
  })
})
