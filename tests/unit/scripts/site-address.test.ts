// One address, two names: the build (SITE_URL, else APP_URL) and the server (APP_URL, else
// SITE_URL) each take either, so one setting is enough; `npm start` builds again when the address
// it is given is not the one dist/ was built for (scripts/site-address.mjs, scripts/start.mjs).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { builtSiteAddress, wantedSiteAddress } from '../../../scripts/site-address.mjs'
// @ts-expect-error -- plain ESM script; importing it runs nothing (it starts only as a script)
import { siteIsStale } from '../../../scripts/start.mjs'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A build made for `address` (its robots.txt names it), newer than every source. */
function buildFor(address: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-address-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'index.html'), '<!doctype html>')
  const future = new Date(Date.now() + 365 * 24 * 3600_000)
  utimesSync(join(dir, 'index.html'), future, future)
  mkdirSync(`${dir}-render`)
  dirs.push(`${dir}-render`)
  writeFileSync(join(`${dir}-render`, 'render.mjs'), '')
  if (address !== null) {
    writeFileSync(
      join(dir, 'robots.txt'),
      `User-agent: *\nDisallow: /dashboard\n\nSitemap: ${address}/sitemap.xml\n`,
    )
  }
  return dir
}

describe('wantedSiteAddress', () => {
  it.each([
    [{ APP_URL: 'https://audit.example.test' }, 'https://audit.example.test'],
    [{ SITE_URL: 'https://audit.example.test/' }, 'https://audit.example.test'],
    [{ SITE_URL: 'https://build.test', APP_URL: 'https://run.test' }, 'https://build.test'],
    [{ SITE_URL: '', APP_URL: ' https://run.test// ' }, 'https://run.test'],
    [{}, ''],
  ])('%j -> %j', (env, address) => {
    expect(wantedSiteAddress(env)).toBe(address)
  })
})

describe('builtSiteAddress', () => {
  it('reads the address a build was made for from its robots.txt', () => {
    expect(builtSiteAddress(buildFor('https://audit.example.test'))).toBe(
      'https://audit.example.test',
    )
    expect(builtSiteAddress(buildFor(null))).toBe('')
  })
})

describe('siteIsStale', () => {
  it('builds again when APP_URL (or SITE_URL) names another address than the build', () => {
    const built = buildFor('https://www.example.com')
    expect(siteIsStale(built, { APP_URL: 'https://audit.example.test' })).toBe(true)
    expect(siteIsStale(built, { SITE_URL: 'https://audit.example.test' })).toBe(true)
  })

  it('builds again when the build has no render kit beside it (publishing needs one)', () => {
    const built = buildFor('https://audit.example.test')
    rmSync(`${built}-render`, { recursive: true })
    expect(siteIsStale(built, {})).toBe(true)
  })

  it('keeps a build made for the address it is given, or when none is given', () => {
    const built = buildFor('https://audit.example.test')
    expect(siteIsStale(built, { APP_URL: 'https://audit.example.test/' })).toBe(false)
    expect(siteIsStale(built, {})).toBe(false)
  })
})
