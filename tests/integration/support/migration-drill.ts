// One migration tried against the real PocketBase binary on a data dir of its own: the
// migrations before it applied first (rows of the old schema made then), then it (`up`), then
// `migrate down` — with the built server (pb_hooks/generated/) but no entry file, so a migration
// may call into it while no hook touches the rows between the steps.
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  unlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PocketBase from 'pocketbase'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { findPocketBase, root, startPocketBase, upsertSuperuser } from '../../../scripts/pocketbase.mjs'
import { SUPERUSER } from '../harness-env'

export interface MigrationDrill {
  /** Runs `serve` (applying what is new), calls `check` with a superuser's client, stops. */
  withServer(check: (su: PocketBase) => Promise<void>): Promise<void>
  /** Adds the migration under test: the next `withServer` applies it. */
  up(): void
  /** `migrate down 1`, and the migration taken out again; answers PocketBase's output. */
  down(): string
  /** Removes the scratch directory. */
  remove(): void
}

/** A data dir with every migration before `migration` (file name) ready to apply. */
export function migrationDrill(migration: string): MigrationDrill {
  const scratch = mkdtempSync(join(tmpdir(), 'pb-migration-'))
  const dataDir = join(scratch, 'data')
  const migrationsDir = join(scratch, 'migrations')
  const noHooks = join(scratch, 'hooks')
  mkdirSync(migrationsDir)
  cpSync(join(root, 'pb_hooks/generated'), join(noHooks, 'generated'), { recursive: true })
  const all = readdirSync(join(root, 'pb_migrations')).filter((f) => f.endsWith('.js'))
  for (const file of all.filter((f) => f < migration)) {
    copyFileSync(join(root, 'pb_migrations', file), join(migrationsDir, file))
  }
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)

  return {
    async withServer(check) {
      const server = await startPocketBase({
        dataDir,
        extra: [`--migrationsDir=${migrationsDir}`, `--hooksDir=${noHooks}`],
      })
      try {
        const su = new PocketBase(server.url)
        su.autoCancellation(false)
        await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password)
        await check(su)
      } finally {
        await server.stop()
      }
    },
    up() {
      copyFileSync(join(root, 'pb_migrations', migration), join(migrationsDir, migration))
    },
    down() {
      const down = spawnSync(
        findPocketBase(),
        [
          'migrate',
          'down',
          '1',
          `--dir=${dataDir}`,
          `--migrationsDir=${migrationsDir}`,
          `--hooksDir=${noHooks}`,
        ],
        { input: 'y\n', encoding: 'utf8' },
      )
      unlinkSync(join(migrationsDir, migration))
      return down.stdout + down.stderr
    },
    remove() {
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}
