// A data dir for a test's own PocketBase with the project's migrations already applied: a copy of
// the one tests/integration/global-setup.ts migrates once a run. `pocketbase serve` then finds
// nothing to apply and starts on about 0.3 s of CPU instead of 0.8 s (a two-core host, where
// the integration tests start about 130 servers). What the migrations do on a real start is
// tested where it matters: support/migration-drill.ts, and the scripts' and deploy tests that run
// `npm start`.
import { cpSync } from 'node:fs'
import { inject } from 'vitest'

/** Fills `dataDir` (made if missing) with the run's migrated data dir; answers `dataDir`. */
export function migratedDataDir(dataDir: string): string {
  cpSync(inject('pbDataTemplate'), dataDir, { recursive: true })
  return dataDir
}
