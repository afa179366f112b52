// The server's build refuses what PocketBase's engine (goja) cannot run: a bundle holding any of
// it fails `node scripts/build-server.mjs`, and so `npm start`, `npm test` and CI.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generatedDir, unsupportedSyntax } from '../../../scripts/build-server.mjs'

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
