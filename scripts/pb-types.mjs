// Writes PocketBase's own type declarations for the server code (the globals $app, routerAdd,
// migrate, ...) to .pb-types/types.d.ts, for `tsc -p tsconfig.server.json` and the lint of server/,
// pb_hooks/ and pb_migrations/. PocketBase generates them when it opens a data directory; a
// throwaway one is used, never ./pb_data. Skipped when the file is newer than the binary.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findPocketBase, root } from './pocketbase.mjs'

export const typesFile = join(root, '.pb-types', 'types.d.ts')

const binary = findPocketBase()
if (existsSync(typesFile) && statSync(typesFile).mtimeMs > statSync(binary).mtimeMs) {
  process.exit(0)
}

const scratch = mkdtempSync(join(tmpdir(), 'pb-types-'))
const dataDir = join(scratch, 'data')
try {
  // `migrate up` opens the data directory with no hooks or migrations of ours, then exits.
  const empty = join(scratch, 'none')
  mkdirSync(empty)
  const result = spawnSync(
    binary,
    ['migrate', 'up', `--dir=${dataDir}`, `--hooksDir=${empty}`, `--migrationsDir=${empty}`],
    { encoding: 'utf8' },
  )
  const generated = join(dataDir, 'types.d.ts')
  if (!existsSync(generated)) {
    throw new Error(`PocketBase wrote no types.d.ts:\n${result.stdout}\n${result.stderr}`)
  }
  mkdirSync(join(root, '.pb-types'), { recursive: true })
  copyFileSync(generated, typesFile)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
