// The browser tests' Chromium flags keep Playwright's own features switched off: Chromium keeps
// only the last --disable-features, and ours comes after Playwright's (scripts/chromium-flags.mjs).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DIRECT_CHROMIUM_ARGS,
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
