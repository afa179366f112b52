// The server's build refuses what PocketBase's engine (goja) cannot run: a bundle holding any of
// it fails `node scripts/build-server.mjs`, and so `npm start`, `npm test` and CI.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  builtFromTheSame,
  generatedDir,
  unsupportedSyntax,
  writeSources,
} from '../../../scripts/build-server.mjs'

describe("the server bundle's engine check", () => {
  it.each([
    ['an async generator', 'async function* pages() {}'],
    ['`for await`', 'async function f(xs) { for await (const x of xs) {} }'],
    ['a Unicode property escape', 'const letters = /\\p{L}+/u'],
    ['a Unicode property escape built at run time', 'const letters = new RegExp("\\\\p{L}", "u")'],
    ['Intl', 'const f = new Intl.NumberFormat("en-US")'],
    ['URL', 'const u = new URL("https://example.com")'],
    ['TextEncoder', 'const bytes = new TextEncoder().encode("x")'],
    ['structuredClone', 'const copy = structuredClone({})'],
    ['Symbol.asyncIterator', 'const s = Symbol.asyncIterator'],
    ['syntax newer than ES2020', 'class A { static #count = 0 }'],
  ])('refuses %s', (_what, code) => {
    expect(unsupportedSyntax(code)).toHaveLength(1)
  })

  it('passes what the engine runs', () => {
    const code =
      'const a = { b: 1 }; const c = a?.b ?? 2; const { b, ...rest } = a;\n' +
      'function* g() { yield 1 } async function f() { await 1 }\n' +
      'const r = /(?<year>\\d{4})/.exec("2026"); const u = /\\u{1F600}/u;'
    expect(unsupportedSyntax(code)).toEqual([])
  })
})

// Every engine that runs a handler parses that handler's file: a lead's save must not carry the
// Web Push cryptography (about 140 KB) that only the push channel and its routes use.
describe('what each built file carries', () => {
  it('keeps the @noble cryptography in the push area alone', () => {
    const files = readdirSync(generatedDir).filter((name) => name.endsWith('.js'))
    const carrying = files.filter((name) =>
      readFileSync(join(generatedDir, name), 'utf8').includes('getSharedSecret'),
    )
    expect(carrying.length).toBeGreaterThan(0)
    expect(carrying.filter((name) => !name.startsWith('area.push.'))).toEqual([])
  })
})

// `npm start` and `npm test` build the server each time; a build made from the very same files
// is kept (a build takes 5-10 s), anything else builds again.
describe('a build kept when nothing it was made from changed', () => {
  const temp: string[] = []
  afterAll(() => {
    for (const dir of temp) rmSync(dir, { recursive: true, force: true })
  })
  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `build-server-${label}-`))
    temp.push(dir)
    return dir
  }

  function builtOnce() {
    const target = tempDir('target')
    const source = join(tempDir('source'), 'area.ts')
    writeFileSync(source, 'export const a = 1\n')
    writeFileSync(join(target, 'server.cjs'), '// built\n')
    writeSources(target, [source])
    return { target, source }
  }

  it('is kept while every source and every file it made are as they were', () => {
    const { target } = builtOnce()
    expect(builtFromTheSame(target)).toBe(true)
  })

  it('is built again when a source changes, even back and forth', () => {
    const { target, source } = builtOnce()
    writeFileSync(source, 'export const a = 2\n')
    expect(builtFromTheSame(target)).toBe(false)
    writeFileSync(source, 'export const a = 1\n')
    expect(builtFromTheSame(target)).toBe(true)
  })

  it('is built again when a source was saved while the build ran', () => {
    const { target, source } = builtOnce()
    rmSync(join(target, 'sources.json'))
    const startedAt = statSync(source).mtimeMs
    writeSources(target, [source], startedAt)
    expect(builtFromTheSame(target)).toBe(false)
  })

  it('is built again when a source is gone, a file it made is gone, or no note was left', () => {
    const gone = builtOnce()
    rmSync(gone.source)
    expect(builtFromTheSame(gone.target)).toBe(false)
    const lost = builtOnce()
    rmSync(join(lost.target, 'server.cjs'))
    expect(builtFromTheSame(lost.target)).toBe(false)
    expect(builtFromTheSame(tempDir('empty'))).toBe(false)
  })
})
