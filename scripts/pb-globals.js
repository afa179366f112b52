// The globals PocketBase's JS engine gives hooks and migrations, read from the declarations it
// generates (.pb-types/types.d.ts, written by scripts/pb-types.mjs before every lint).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const typesFile = join(import.meta.dirname, '..', '.pb-types', 'types.d.ts')

/** { name: 'readonly' } for every top-level declaration; empty until the file is generated. */
export function pocketBaseGlobals() {
  if (!existsSync(typesFile)) return {}
  const names = readFileSync(typesFile, 'utf8').matchAll(
    /declare (?:function|var|const|let|class|namespace) ([$A-Za-z_][$\w]*)/g,
  )
  return Object.fromEntries([...names].map(([, name]) => [name, 'readonly']))
}
