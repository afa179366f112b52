// The browser tests' Chromium flags keep Playwright's own features switched off: Chromium keeps
// only the last --disable-features, and ours comes after Playwright's (scripts/chromium-flags.mjs).
// And the version check that `.ci/run` and the browser tests run first names a missing, foreign or
// too old Chromium, with the command that installs a current one.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DIRECT_CHROMIUM_ARGS,
  MIN_CHROMIUM_MAJOR,
  chromiumMajor,
  chromiumVersionProblem,
  PLAYWRIGHT_CHROMIUM_ARGS,
  PLAYWRIGHT_DISABLED_FEATURES,
  UNUSED_FEATURES,
} from '../../../scripts/chromium-flags.mjs'

/** The features the installed Playwright switches off when it launches Chromium. */
function installedPlaywrightDisabledFeatures(): string[] {
  const pkg = createRequire(import.meta.url).resolve('playwright-core/package.json')
  const bundle = readFileSync(join(dirname(pkg), 'lib/coreBundle.js'), 'utf8')
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1]
  if (list === undefined) throw new Error("Playwright's --disable-features list was not found")
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((m) => m[1])
}

/** The features one --disable-features flag of `args` names. */
function disabledBy(args: readonly string[]): string[] {
  const flags = args.filter((arg) => arg.startsWith('--disable-features='))
  expect(flags).toHaveLength(1)
  return flags[0].slice('--disable-features='.length).split(',')
}

describe('Chromium flags', () => {
  it('repeat every feature the installed Playwright switches off (a Playwright update that adds one fails here)', () => {
    const installed = installedPlaywrightDisabledFeatures()
    expect(installed.length).toBeGreaterThan(5)
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...installed].sort())
  })

  it('switch off the unused features in a launch through Playwright and in one without it', () => {
    expect(disabledBy(PLAYWRIGHT_CHROMIUM_ARGS)).toEqual([
      ...PLAYWRIGHT_DISABLED_FEATURES,
      ...UNUSED_FEATURES,
    ])
    expect(disabledBy(DIRECT_CHROMIUM_ARGS)).toEqual([...UNUSED_FEATURES])
  })
})

describe('the Chromium version check', () => {
  it.each([
    ['Chromium 156.0.8078.114 built on Debian GNU/Linux 12 (bookworm)', 156],
    ['Chromium 150.0.7871.0 built on Debian GNU/Linux 12 (bookworm)', 150],
    ['Google Chrome 157.0.1.2', 157],
    ['true (GNU coreutils) 9.1', null],
    ['', null],
  ])('reads the major version of %j', (line, major) => {
    expect(chromiumMajor(line)).toBe(major)
  })

  it('names a browser that does not run, and what installs one', () => {
    const problem = chromiumVersionProblem('/nonexistent/chromium')
    expect(problem).toMatch(/did not run at \/nonexistent\/chromium/)
    expect(problem).toMatch(/apt-get update && apt-get install -y chromium/)
  })

  it('names a program that is not Chromium', () => {
    expect(chromiumVersionProblem(process.execPath)).toMatch(/not a Chromium version/)
  })

  it('names a Chromium older than the tests need, and takes the oldest one they accept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chromium-version-'))
    try {
      /** A stand-in for /usr/bin/chromium that says it is Chromium `major`, as Debian's does. */
      const fake = (major: number) => {
        const path = join(dir, `chromium-${major}`)
        writeFileSync(
          path,
          `#!/bin/sh\necho "Chromium ${major}.0.7871.0 built on Debian GNU/Linux 12 (bookworm)"\n`,
        )
        chmodSync(path, 0o755)
        return path
      }
      const old = fake(MIN_CHROMIUM_MAJOR - 6)
      expect(chromiumVersionProblem(old)).toBe(
        `${old} is Chromium ${MIN_CHROMIUM_MAJOR - 6}, older than the ${MIN_CHROMIUM_MAJOR} the offline browser tests need: apt-get update && apt-get install -y chromium`,
      )
      expect(chromiumVersionProblem(fake(MIN_CHROMIUM_MAJOR))).toBeNull()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
