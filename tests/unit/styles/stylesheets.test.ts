// The CSS scheme (docs/decisions/006-css-per-feature.md), checked over every stylesheet in src/:
// each class is defined in one stylesheet only, colours come from the tokens, every media query
// uses one of the breakpoints, and global.css stays small.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const GLOBAL = 'src/styles/global.css'

/** The breakpoints named in global.css's tokens comment; media queries use only these. */
const BREAKPOINTS = [420, 560, 720, 900, 1024, 1280]

function stylesheets(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return stylesheets(path)
    return entry.name.endsWith('.css') ? [relative(root, path)] : []
  })
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '')

/** Rules as [selector list, body], at any nesting depth (inside @media too). */
function rules(css: string): [string, string][] {
  const found: [string, string][] = []
  const pattern = /([^{};]+)\{([^{}]*)\}/g
  for (const match of withoutComments(css).matchAll(pattern)) {
    found.push([match[1].trim(), match[2]])
  }
  return found
}

/**
 * The classes a stylesheet defines: those a selector starts with. A selector that starts
 * elsewhere (`.audit-nav .btn`, `body:has(.x) .y`) only refines classes inside its own scope.
 */
function definedClasses(css: string): Set<string> {
  const classes = new Set<string>()
  for (const [selectors] of rules(css)) {
    if (selectors.startsWith('@')) continue
    for (const selector of splitSelectorList(selectors)) {
      const first = /^\s*\.([A-Za-z_][\w-]*)/.exec(selector)
      if (first) classes.add(first[1])
    }
  }
  return classes
}

/** A selector list split at its top-level commas (not those inside :is() or :has()). */
function splitSelectorList(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++
    else if (list[i] === ')') depth--
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  return [...parts, list.slice(start)]
}

const COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\(/

/** Colour literals outside the `:root` token blocks, as `file: text`. */
function colourLiterals(file: string, css: string): string[] {
  const found: string[] = []
  for (const [selectors, body] of rules(css)) {
    if (selectors === ':root') continue
    for (const line of body.split('\n'))
      if (COLOUR.test(line)) found.push(`${file}: ${line.trim()}`)
  }
  return found
}

describe('stylesheets', () => {
  const files = stylesheets()
  const read = (file: string) => readFileSync(join(root, file), 'utf8')

  it('define each class in one stylesheet only', () => {
    const owners = new Map<string, string[]>()
    for (const file of files) {
      for (const name of definedClasses(read(file)))
        owners.set(name, [...(owners.get(name) ?? []), file])
    }
    const twice = [...owners].filter(([, where]) => where.length > 1)
    expect(twice).toEqual([])
  })

  it('take every colour from the tokens', () => {
    expect(files.flatMap((file) => colourLiterals(file, read(file)))).toEqual([])
  })

  it('use only the named breakpoints in media queries', () => {
    const widths = files.flatMap((file) =>
      [...withoutComments(read(file)).matchAll(/@media[^{]*?(?:min|max)-width:\s*(\d+)px/g)].map(
        ([query, px]) => ({
          file,
          query,
          ok: BREAKPOINTS.includes(Number(px) + (query.includes('max-width') ? 1 : 0)),
        }),
      ),
    )
    expect(widths.filter((w) => !w.ok)).toEqual([])
  })

  it('keep global.css to tokens, base and shared parts (under 400 lines)', () => {
    expect(read(GLOBAL).split('\n').length).toBeLessThan(400)
  })

  it('has one :root block, in global.css', () => {
    const roots = files.flatMap((file) =>
      rules(read(file))
        .filter(([s]) => s === ':root')
        .map(() => file),
    )
    expect(roots).toEqual([GLOBAL])
  })

  it('counts a class as defined where a selector starts with it (the check itself)', () => {
    const css =
      '.a { color: red } .b .a { x: y } body :is(.e, .f) { } @media print { .c, .d:hover { } }'
    expect([...definedClasses(css)]).toEqual(['a', 'b', 'c', 'd'])
  })
})
