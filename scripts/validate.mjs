// `npm run validate`: everything CI checks, and the one definition of green. Two lanes run at
// once, then the browser tests once both have passed:
//   - the integration tests (`npm run test:integration`), printed as they go;
//   - the unit tests, the static checks (types, lint, format) and the browser tests' build of the
//     site, one after the other, each printed whole when it ends, so lines of two programs never
//     mix. The browser tests then serve that build (E2E_PREBUILT_DIST: tests/e2e/global-setup.ts)
//     instead of making their own while nothing else runs.
//
// Why two lanes: the integration files that start first (tests/integration/sequencer.ts) mostly
// wait on the clock (a scheduled issue's minute, mail tried across a minute), which left a
// two-core host a third to a half idle for the first two minutes of the integration tests; the
// unit tests and the checks, about two minutes of one core before, fill that time. Run before
// the tests instead, the checks only took CPU from the unit tests, which keep both cores busy.
//
// What both lanes read is written once before they start: PocketBase's type declarations
// (scripts/pb-types.mjs) and the server's bundle (scripts/build-server.mjs); the lanes' own
// calls of those find them up to date and change nothing.
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './pocketbase.mjs'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** The browser tests' build, made in the second lane: under .e2e/ (git-ignored). */
const e2eDist = join(root, '.e2e', `dist-validate-${process.pid}`)

/** @typedef {{ name: string, command: string, args: string[], env?: NodeJS.ProcessEnv }} Step */

/**
 * `npm run <script>` as a step.
 * @param {string} script
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Step}
 */
const npmRun = (script, env) => ({
  name: `npm run ${script}`,
  command: npm,
  args: ['run', script],
  env,
})

/** @type {Step} */
const buildSite = {
  name: "the browser tests' build (vite build)",
  command: process.execPath,
  args: [
    join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--outDir',
    e2eDist,
    '--emptyOutDir',
  ],
}

/**
 * Runs a step in the repository.
 * @param {Step} step
 * @param {boolean} held print its output when it ends (else as it comes)
 * @returns {Promise<boolean>} whether it passed
 */
function run({ name, command, args, env }, held) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    /** @type {Buffer[]} */
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    const done = (/** @type {boolean} */ ok) => {
      if (held) {
        const seconds = Math.round((Date.now() - started) / 1000)
        process.stdout.write(`\n== ${name}: ${ok ? 'passed' : 'FAILED'} (${seconds} s)\n`)
        process.stdout.write(Buffer.concat(output))
      }
      resolve(ok)
    }
    child.on('error', (err) => {
      output.push(Buffer.from(`${err.message}\n`))
      done(false)
    })
    child.on('close', (code) => done(code === 0))
  })
}

/**
 * Runs the steps one after the other, all of them even when one fails.
 * @param {Step[]} steps
 * @returns {Promise<string[]>} the names of the ones that failed
 */
async function inTurn(steps) {
  const failed = []
  for (const step of steps) if (!(await run(step, true))) failed.push(step.name)
  return failed
}

for (const script of ['scripts/pb-types.mjs', 'scripts/build-server.mjs']) {
  const done = spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit' })
  if (done.status !== 0) process.exit(1)
}

const integration = npmRun('test:integration')
const [integrationOk, failed] = await Promise.all([
  run(integration, false),
  inTurn([...['test:unit', 'typecheck', 'lint', 'format:check'].map((s) => npmRun(s)), buildSite]),
])
if (!integrationOk) failed.unshift(integration.name)
if (failed.length > 0) {
  console.error(`\nvalidate: ${failed.join(', ')} failed; the browser tests were not run.`)
  process.exit(1)
}
if (!(await run(npmRun('test:e2e', { E2E_PREBUILT_DIST: e2eDist }), false))) process.exit(1)
