// `npm ci` on the oldest Node the project states (package.json `engines`, README's
// Requirements) installs no package that asks for a newer one: npm would print an EBADENGINE
// warning, and the package may not work. Optional packages npm skips on their own are exempt.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
// semver is npm's own range logic (installed with the toolchain).
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null
  satisfies(version: string, range: string): boolean
}

const oldestNode = semver.minVersion(pkg.engines.node)!.version

describe('engines', () => {
  it('README states the same oldest Node as package.json', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const [major, minor] = oldestNode.split('.')
    expect(readme).toContain(`Node.js ${major}.${minor}+`)
  })

  it(`every installed package runs on Node ${oldestNode}`, () => {
    const asking = Object.entries(
      lock.packages as Record<string, { engines?: { node?: string }; optional?: boolean }>,
    )
      .filter(([path, info]) => path !== '' && !info.optional && info.engines?.node)
      .filter(([, info]) => !semver.satisfies(oldestNode, info.engines!.node!))
      .map(
        ([path, info]) => `${path.replace(/^node_modules\//, '')} wants node ${info.engines!.node}`,
      )
    expect(asking).toEqual([])
  })
})
