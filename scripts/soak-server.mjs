// The soak's world on loopback: one PocketBase with the production settings (rate limits on)
// that can be crashed (SIGKILL) and started again on the same port and data, and a real SMTP
// receiver that keeps every mail. Used by `npm run soak` (scripts/soak.mjs) and by the small soak
// in `npm test` (tests/integration/soak.test.ts); the submissions themselves are
// tests/integration/support/soak-run.ts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startMailReceiver } from './mail-receiver.mjs'
import { freePort, startPocketBase, upsertSuperuser } from './pocketbase.mjs'

export const SOAK_SUPERUSER = { email: 'soak@soak.local', password: 'soak-superuser-pass-1' }
export const SOAK_OWNER_EMAIL = 'owner@soak.local'

/**
 * Starts the receiver and the server. Returns { url, mails, start(), kill(), stop(), output() }:
 * `kill` crashes the server (SIGKILL, no shutdown), `start` brings it back on the same port with
 * the same data, `stop` ends everything and removes the data.
 */
export async function startSoakEnvironment() {
  const mails = []
  const receiverErrors = []
  const receiver = await startMailReceiver({
    port: 0,
    onMail: (mail) => mails.push(mail),
    onError: (err) => receiverErrors.push(err),
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-soak-'))
  upsertSuperuser(dataDir, SOAK_SUPERUSER.email, SOAK_SUPERUSER.password)
  const port = await freePort()
  const env = {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(receiver.port),
    SMTP_TLS: 'false',
    MAIL_FROM: 'audit@soak.local',
    MAIL_FROM_NAME: 'Soak',
    OWNER_EMAIL: SOAK_OWNER_EMAIL,
    APP_URL: 'http://127.0.0.1',
  }
  let server = null
  let log = ''

  const environment = {
    url: `http://127.0.0.1:${port}`,
    mails,
    receiverErrors,
    superuser: SOAK_SUPERUSER,
    ownerEmail: SOAK_OWNER_EMAIL,
    async start() {
      if (server) throw new Error('the soak server is already running')
      server = await startPocketBase({ port, dataDir, env })
    },
    async kill() {
      if (!server) return
      const child = server.process
      log += server.output()
      server = null
      if (child.exitCode !== null || child.signalCode !== null) return
      await new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill('SIGKILL')
      })
    },
    async stop() {
      if (server) {
        log += server.output()
        await server.stop()
        server = null
      }
      await receiver.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
    output: () => log + (server ? server.output() : ''),
  }
  await environment.start()
  return environment
}
