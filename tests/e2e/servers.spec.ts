// Each browser-test worker has a server of its own (tests/e2e/global-setup.ts): its own
// PocketBase process, data dir, SMTP receiver and mail folder, on its own loopback port, serving
// the one build of the site. A test never sees what another worker's tests make meanwhile.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import PocketBase from 'pocketbase'
import { expect, test } from './support/csp-guard'
import { baseURL, createUser, ONLINE_ONLY } from './support/helpers'
import { waitForMail, type ReceivedMail } from './support/mailbox'
import { e2eServers } from './support/servers'
import { E2E_SUPERUSER } from './support/env'

test.use(ONLINE_ONLY)

test('every worker has a server of its own, with its own data and its own mail', async ({
  page,
}, testInfo) => {
  const servers = e2eServers()
  expect(servers).toHaveLength(testInfo.config.workers)
  for (const part of ['url', 'dataDir', 'mailDir'] as const) {
    expect(new Set(servers.map((server) => server[part])).size, part).toBe(servers.length)
  }
  const own = servers[testInfo.parallelIndex]
  expect(baseURL()).toBe(own.url)
  expect(process.env.E2E_PB_DATA).toBe(own.dataDir)
  expect(process.env.E2E_MAIL_DIR).toBe(own.mailDir)

  // An account made here, and the mail it is sent, exist here only.
  const user = await createUser({ label: 'own-server' })
  await new PocketBase(baseURL()).collection('users').requestPasswordReset(user.email)
  await waitForMail(user.email, /Reset your .* password/)
  for (const other of servers.filter((server) => server !== own)) {
    const su = new PocketBase(other.url)
    su.autoCancellation(false)
    await su.collection('_superusers').authWithPassword(E2E_SUPERUSER.email, E2E_SUPERUSER.password)
    const found = await su
      .collection('users')
      .getFullList({ filter: su.filter('email = {:email}', { email: user.email }) })
    expect(found, other.url).toEqual([])
    const mails = readdirSync(other.mailDir).map(
      (name) => JSON.parse(readFileSync(join(other.mailDir, name), 'utf8')) as ReceivedMail,
    )
    expect(mails.filter((mail) => mail.envelope.to.includes(user.email))).toEqual([])
  }

  // The site is served by the worker's own server, built once for all of them.
  await page.goto(`${own.url}/`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const builds = await Promise.all(
    servers.map(async (server) => (await fetch(`${server.url}/`)).text()),
  )
  expect(new Set(builds).size).toBe(1)
})
