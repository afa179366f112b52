// The site's public address is one setting with two names (issue 38): a server given only
// SITE_URL (the build's name for it) uses it for every link in e-mails, as it would APP_URL;
// given both, APP_URL (the run-time name) wins. The build's side: tests/unit/scripts/.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'
import { superuserClient } from './helpers'

const temp: string[] = []
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true })
})

/** The Application URL a new server saves (what PocketBase's mails link to) with `env`. */
async function savedAddress(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-site-address-'))
  temp.push(dataDir)
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const server = await startPocketBase({ dataDir, env: harnessEnv(env) })
  try {
    const su = await superuserClient(server.url)
    return (await su.settings.getAll()).meta.appURL
  } finally {
    await server.stop()
  }
}

describe('the address in e-mail links', () => {
  it.each([
    [
      'SITE_URL alone',
      { APP_URL: '', SITE_URL: 'https://audit.site.test/' },
      'https://audit.site.test',
    ],
    [
      'APP_URL alone',
      { APP_URL: 'https://audit.app.test', SITE_URL: '' },
      'https://audit.app.test',
    ],
    [
      'both, APP_URL first',
      { APP_URL: 'https://run.test', SITE_URL: 'https://build.test' },
      'https://run.test',
    ],
  ])('%s: %j -> %s', async (_, env, address) => {
    expect(await savedAddress(env)).toBe(address)
  })
})
