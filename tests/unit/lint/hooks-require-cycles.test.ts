// No require cycle anywhere in the server code (pb_hooks/, pb_migrations/). The graph is built
// from the source itself by eslint.require-graph.js, resolving both spellings of a require
// (`${__hooks}/lib/x.js` from a handler or a migration, './x.js' between library modules) and
// counting lazy requires inside functions. A fixture tree (tests/lint-fixtures/pb_hooks-cycle/)
// proves the check finds a cycle, and that the lint rule built on it (hooks/no-require-cycle in
// eslint.config.js) reports one. Why: docs/decisions/008-typed-server-code.md.
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM module shared with eslint.config.js
import { cyclesOf, requireCyclePlugin, requireGraph } from '../../../eslint.require-graph.js'

interface RequireGraph {
  edges: Map<string, { to: string; line: number }[]>
  problems: string[]
}

const root = join(import.meta.dirname, '../../..')
const fixture = join(root, 'tests/lint-fixtures/pb_hooks-cycle')

const graphOf = (dir: string): RequireGraph =>
  requireGraph(join(dir, 'pb_hooks'), join(dir, 'pb_migrations'))
const cycles = (graph: RequireGraph): string[] =>
  cyclesOf(graph.edges).map((cycle: string[]) => cycle.join(' -> '))
const requiredBy = (graph: RequireGraph, file: string): string[] =>
  (graph.edges.get(file) ?? []).map((edge) => edge.to)

describe('the require graph of the server code', () => {
  const graph = graphOf(root)

  it('has no require cycle', () => {
    expect(cycles(graph)).toEqual([])
  })

  it('follows every require: literal names of modules that exist', () => {
    expect(graph.problems).toEqual([])
  })

  it('sees the edges of both spellings (a check that the graph is really read)', () => {
    expect(requiredBy(graph, 'pb_hooks/mail.pb.js')).toContain('pb_hooks/lib/deliveries.js')
    expect(requiredBy(graph, 'pb_hooks/lib/deliveries.js')).toContain(
      'pb_hooks/lib/delivery-kinds.js',
    )
    expect(requiredBy(graph, 'pb_migrations/1764650000_followups.js')).toContain(
      'pb_hooks/lib/followups.js',
    )
  })
})

describe('the require-cycle check itself', () => {
  const graph = graphOf(fixture)

  it('finds a cycle whatever spelling its requires use, lazy ones included', () => {
    expect(cycles(graph)).toEqual([
      // a.js requires b.js through `${__hooks}`, b.js requires a.js inside a function.
      'pb_hooks/lib/a.js -> pb_hooks/lib/b.js -> pb_hooks/lib/a.js',
      // Three modules around, with './' and '../' names.
      'pb_hooks/lib/c.js -> pb_hooks/lib/nested/d.js -> pb_hooks/lib/e.js -> pb_hooks/lib/c.js',
    ])
  })

  it('reports a require it cannot follow', () => {
    expect(graph.problems).toEqual([
      'pb_hooks/lib/e.js:9: require() of a computed name',
      'pb_hooks/lib/e.js:10: pb_hooks/lib/missing.js does not exist',
    ])
  })

  it('passes a graph without a cycle', () => {
    const edges = new Map([
      ['x.pb.js', [{ to: 'lib/a.js' }, { to: 'lib/b.js' }]],
      ['lib/a.js', [{ to: 'lib/b.js' }]],
      ['lib/b.js', []],
    ])
    expect(cyclesOf(edges)).toEqual([])
  })

  it('is a lint error on the require that closes the cycle, in each module on it', async () => {
    const eslint = new ESLint({
      cwd: fixture,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.js'],
          languageOptions: { sourceType: 'commonjs' },
          plugins: { hooks: requireCyclePlugin },
          rules: { 'hooks/no-require-cycle': 'error' },
        },
      ],
    })
    const results = await eslint.lintFiles(['pb_hooks/**/*.js', 'pb_migrations/*.js'])
    const reported = results
      .flatMap((r) => r.messages.map((m) => `${r.filePath.slice(fixture.length + 1)}:${m.line}`))
      .sort()
    expect(reported).toEqual([
      'pb_hooks/lib/a.js:2',
      'pb_hooks/lib/b.js:4',
      'pb_hooks/lib/c.js:2',
      'pb_hooks/lib/e.js:2',
      'pb_hooks/lib/nested/d.js:2',
    ])
  })
})
