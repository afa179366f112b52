// The soak's world on loopback: one PocketBase with the production settings (rate limits on)
// that can be crashed (SIGKILL) and started again on the same port and data, and a real SMTP
// receiver that keeps every mail. While the crashes happen the server runs without SMTP, so mail
// is only queued (durably, in the records' own transactions); `restartWithMail` then brings it
// back with SMTP on, and the queue must send each mail exactly once. (A crash in the middle of
// an SMTP send is the queue's known at-least-once window: the claim goes back to the queue when
// the server starts again - server/queue/.) Used by `npm run soak` (scripts/soak.mjs) and by the small soak
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
 * Starts the receiver and the server (no SMTP). Returns { url, mails, start(), kill(),
 * restartWithMail(), stop(), output() }: `kill` crashes the server (SIGKILL, no shutdown),
 * `start` brings it back on the same port with the same data, `restartWithMail` stops it cleanly
 * and starts it with SMTP pointed at the receiver, `stop` ends everything and removes the data.
 */
export async function startSoakEnvironment() {
  /** @type {import('./mail-receiver.mjs').ReceivedMail[]} */
  const mails = []
  /** @type {Error[]} */
  const receiverErrors = []
  const receiver = await startMailReceiver({
    port: 0,
    onMail: (mail) => mails.push(mail),
    onError: (err) => receiverErrors.push(err),
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-soak-'))
  upsertSuperuser(dataDir, SOAK_SUPERUSER.email, SOAK_SUPERUSER.password)
  const port = await freePort()
  const withoutMail = {
    SMTP_HOST: '',
    MAIL_FROM: 'audit@soak.local',
    MAIL_FROM_NAME: 'Soak',
    OWNER_EMAIL: SOAK_OWNER_EMAIL,
    APP_URL: 'http://127.0.0.1',
    // Every simulated visitor sends from 127.0.0.1: one IP's daily cap on visitor mail would
    // stop their results mails, which the soak counts. (The flood phase uses its own IPs.)
    MAIL_VISITOR_PER_IP_PER_DAY: '100000',
    // The same for the daily caps on what one IP may store (the caps phase has its own server).
    MESSAGES_PER_IP_PER_DAY: '100000',
    AUDITS_PER_IP_PER_DAY: '100000',
    EVENTS_PER_IP_PER_DAY: '100000',
  }
  const withMail = { ...withoutMail, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(receiver.port) }
  let env = withoutMail
  /** @type {Awaited<ReturnType<typeof startPocketBase>> | null} */
  let server = null
  let log = ''
  // Every server process this environment started: none may outlive it.
  /** @type {Set<import('node:child_process').ChildProcess>} */
  const children = new Set()

  const environment = {
    url: `http://127.0.0.1:${port}`,
    mails,
    receiverErrors,
    superuser: SOAK_SUPERUSER,
    ownerEmail: SOAK_OWNER_EMAIL,
    async start() {
      if (server) throw new Error('the soak server is already running')
      server = await startPocketBase({ port, dataDir, env })
      const child = server.process
      children.add(child)
      child.once('exit', () => children.delete(child))
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
    async restartWithMail() {
      if (server) {
        log += server.output()
        await server.stop()
        server = null
      }
      env = withMail
      await environment.start()
    },
    async stop() {
      if (server) {
        log += server.output()
        await server.stop()
        server = null
      }
      await receiver.close()
      environment.killAll()
    },
    /**
     * Synchronous last resort (a signal, an exit): SIGKILL every server process still alive and
     * remove the data.
     */
    killAll() {
      for (const child of children) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      }
      children.clear()
      rmSync(dataDir, { recursive: true, force: true })
    },
    output: () => log + (server ? server.output() : ''),
    /** The running server's process id (its memory is read from /proc), or 0. */
    pid: () => (server ? server.process.pid : 0),
  }
  await environment.start()
  return environment
}
