// Bundles scripts/bench/node-kit.ts (the app's outbox, payloads and admin calls) into a temp
// .mjs with esbuild and imports it, so the benchmark runs the real TypeScript sources in Node.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { root } from '../pocketbase.mjs'

/**
 * The kit's exports. It is bundled and loaded at run time, and its imports of src/ resolve the
 * bundler's way, not Node's: this check cannot see its types.
 * @typedef {any} NodeKit
 */

/**
 * @param {string} tempDir
 * @returns {Promise<NodeKit>}
 */
export async function loadNodeKit(tempDir) {
  const outfile = join(tempDir, 'node-kit.mjs')
  await build({
    entryPoints: [join(root, 'scripts/bench/node-kit.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // src/backend/client.ts reads Vite's env; the kit passes its own clients instead.
    define: { 'import.meta.env': '{}' },
  })
  return import(pathToFileURL(outfile).href)
}
