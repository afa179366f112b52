// The require graph of the server code (pb_hooks/ and pb_migrations/), and a lint rule that
// refuses a require cycle in it. import-x/no-cycle cannot do this: it reads only ES modules and
// skips a CommonJS file as "not a module", and a `${__hooks}/lib/x.js` name is no literal it
// could resolve. Here both spellings count: `${__hooks}/x.js` from the hooks folder, './x.js'
// and '../x.js' from the requiring file's folder, every require() call wherever it is (a lazy
// one inside a function is still a cycle). Shared by eslint.config.js and
// tests/unit/lint/hooks-require-cycles.test.ts. Why: docs/decisions/008-typed-server-code.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * @typedef {object} RequireEdge
 * @property {string} to   the required module, relative to the hooks folder's parent
 * @property {number} line where the first require() of it is
 */

/**
 * @typedef {object} RequireGraph
 * @property {Map<string, RequireEdge[]>} edges module -> what it requires (names relative to
 *   the hooks folder's parent: 'pb_hooks/lib/x.js', 'pb_migrations/1_x.js')
 * @property {string[]} problems requires the graph cannot follow: a computed name, or a module
 *   that does not exist
 */

/** @param {string} dir @returns {string[]} the .js files under dir, recursively */
function jsFiles(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return jsFiles(path)
    return entry.name.endsWith('.js') ? [path] : []
  })
}

/**
 * What a require() names, as an absolute path; null when the name is computed.
 * @param {ts.Expression} arg @param {string} file @param {string} hooksDir
 * @returns {string | null}
 */
function requiredPath(arg, file, hooksDir) {
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) {
    return arg.text.startsWith('.') ? resolve(dirname(file), arg.text) : null
  }
  if (
    ts.isTemplateExpression(arg) &&
    arg.head.text === '' &&
    arg.templateSpans.length === 1 &&
    ts.isIdentifier(arg.templateSpans[0].expression) &&
    arg.templateSpans[0].expression.text === '__hooks' &&
    arg.templateSpans[0].literal.text.startsWith('/')
  ) {
    return join(hooksDir, arg.templateSpans[0].literal.text)
  }
  return null
}

/**
 * The require graph of the hooks in `hooksDir` and the migrations in `migrationsDir`. The
 * generated bundles (lib/*.cjs, built by scripts/build-engine.mjs) are leaves: esbuild inlines
 * everything they use, and they need not be built for the graph to be read.
 * @param {string} hooksDir @param {string} migrationsDir
 * @returns {RequireGraph}
 */
export function requireGraph(hooksDir, migrationsDir) {
  /** @type {Map<string, RequireEdge[]>} */
  const edges = new Map()
  /** @type {string[]} */
  const problems = []
  /** @param {string} path */
  const name = (path) => relative(dirname(hooksDir), path)
  for (const file of [...jsFiles(hooksDir), ...jsFiles(migrationsDir)]) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2017)
    /** @type {RequireEdge[]} */
    const out = []
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'require'
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
        const target =
          node.arguments.length === 1 ? requiredPath(node.arguments[0], file, hooksDir) : null
        if (target === null) {
          problems.push(`${name(file)}:${line}: require() of a computed name`)
        } else if (!existsSync(target) && !target.endsWith('.cjs')) {
          problems.push(`${name(file)}:${line}: ${name(target)} does not exist`)
        } else if (!out.some((edge) => edge.to === name(target))) {
          out.push({ to: name(target), line })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
    edges.set(name(file), out)
  }
  return { edges, problems }
}

/**
 * The cycles a depth-first walk of the graph meets (at least one in each knot of modules that
 * require each other), each once, as the modules around it, starting at the least name.
 * @param {Map<string, { to: string }[]>} edges
 * @returns {string[][]} each cycle as [a, b, ..., a]
 */
export function cyclesOf(edges) {
  /** @type {Map<string, string[]>} */
  const cycles = new Map()
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map()
  /** @type {string[]} */
  const stack = []
  /** @param {string} node */
  const visit = (node) => {
    state.set(node, 'open')
    stack.push(node)
    for (const { to } of edges.get(node) ?? []) {
      if (state.get(to) === 'open') {
        const loop = stack.slice(stack.indexOf(to))
        const start = loop.indexOf([...loop].sort()[0])
        const turned = [...loop.slice(start), ...loop.slice(0, start)]
        const cycle = [...turned, turned[0]]
        cycles.set(cycle.join(' -> '), cycle)
      } else if (!state.has(to)) {
        visit(to)
      }
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node)
  return [...cycles.keys()].sort().map((key) => /** @type {string[]} */ (cycles.get(key)))
}

/** @type {{ key: string, graph: RequireGraph } | null} */
let cached = null

/**
 * The graph, read again only when a file changed (a lint run asks once per file).
 * @param {string} hooksDir @param {string} migrationsDir
 */
function currentGraph(hooksDir, migrationsDir) {
  const key = [...jsFiles(hooksDir), ...jsFiles(migrationsDir)]
    .map((file) => `${file}:${statSync(file).mtimeMs}`)
    .join('|')
  if (!cached || cached.key !== key) cached = { key, graph: requireGraph(hooksDir, migrationsDir) }
  return cached.graph
}

/** ESLint plugin `hooks` with the rule `no-require-cycle`. */
export const requireCyclePlugin = {
  rules: {
    'no-require-cycle': {
      meta: {
        type: 'problem',
        docs: { description: 'No require cycle between the server modules' },
        schema: [
          {
            type: 'object',
            properties: { hooks: { type: 'string' }, migrations: { type: 'string' } },
            additionalProperties: false,
          },
        ],
        messages: { cycle: 'Require cycle: {{cycle}}. Move the shared part into its own module.' },
      },
      /** @param {import('eslint').Rule.RuleContext} context */
      create(context) {
        const options = context.options[0] || {}
        const hooksDir = resolve(context.cwd, options.hooks || 'pb_hooks')
        const migrationsDir = resolve(context.cwd, options.migrations || 'pb_migrations')
        return {
          Program() {
            // A module that requires nothing is on no cycle: no need to read the graph.
            if (context.sourceCode.text.indexOf('require(') < 0) return
            const self = relative(dirname(hooksDir), context.physicalFilename)
            const { edges } = currentGraph(hooksDir, migrationsDir)
            for (const cycle of cyclesOf(edges)) {
              const at = cycle.indexOf(self)
              if (at < 0) continue
              const edge = (edges.get(self) ?? []).find((e) => e.to === cycle[at + 1])
              context.report({
                loc: { line: edge ? edge.line : 1, column: 0 },
                messageId: 'cycle',
                data: { cycle: cycle.join(' -> ') },
              })
            }
          },
        }
      },
    },
  },
}
