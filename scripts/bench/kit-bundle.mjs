// Bundles scripts/bench/node-kit.ts (the app's outbox, payloads and admin calls) into a temp
// .mjs with esbuild and imports it, so the benchmark runs the real TypeScript sources in Node.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { root } from '../pocketbase.mjs'

/** @param {string} tempDir */
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
