// Builds the site into a folder of its own (never the shared dist/) with Vite's manifest, for the
// budget check and the benchmark. Same command as `npm start`'s build, plus `--manifest`.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from '../pocketbase.mjs'

/**
 * @param {string} outDir
 * @param {{ quiet?: boolean }} [options]
 */
export function buildSite(outDir, { quiet = true } = {}) {
  const res = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
    ],
    { cwd: root, encoding: 'utf8', stdio: quiet ? 'pipe' : 'inherit' },
  )
  if (res.status !== 0) {
    throw new Error(`vite build failed:\n${res.stdout ?? ''}\n${res.stderr ?? ''}`)
  }
}
