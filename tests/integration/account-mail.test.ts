// The account e-mails (verification, password reset, e-mail change, new sign-in alert), built by
// PocketBase from the users collection's templates and sent through the delivery queue: received
// by a real SMTP receiver from a real PocketBase,
// in the site's name and look, linking to the site's own pages under APP_URL and never to /_/;
// the tokens in those links work with the SDK; the migration's down restores the defaults.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { findPocketBase, migrateUp, root } from '../../scripts/pocketbase.mjs'
import { paths } from '../../src/config/paths'
import { SITE_CONTENT_DEFAULTS } from '../../src/config/site-content'
import { createUser, guestClient, uniqueEmail } from './helpers'
import { eventually, newestMailTo, startMailServer } from './support/mail-harness'
import type { MailServer } from './support/mail-harness'
import { startSmtpReceiver } from './support/smtp-receiver'
import type { ReceivedMail, SmtpReceiver } from './support/smtp-receiver'

const APP_URL = 'https://efficiency.test'
const MIGRATION = '1764100000_users_account_mail_templates.js'

let receiver: SmtpReceiver
let server: MailServer

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  server = await startMailServer(receiver.port, { APP_URL })
})

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

/** The newest mail to `address` with a matching subject, running the queue's sender meanwhile. */
function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  return newestMailTo(server, receiver, address, subject)
}

/** Every href in the HTML part, and every URL in the plain-text part. */
function linksIn(mail: ReceivedMail): string[] {
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'))
  const urls = mail.text.match(/https?:\/\/[^\s)>\]]+/g) ?? []
  return [...hrefs, ...urls]
}

/** The token of the one page link (`${APP_URL}${page}/<token>`) the mail carries. */
function tokenFrom(mail: ReceivedMail, page: string): string {
  const prefix = `${APP_URL}${page}/`
  const tokens = new Set(
    linksIn(mail)
      .filter((link) => link.startsWith(prefix))
      .map((link) => link.slice(prefix.length)),
  )
  expect([...tokens]).toHaveLength(1)
  const [token] = tokens
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  return token
}

function expectSiteMail(mail: ReceivedMail, page: string) {
  const links = linksIn(mail)
  expect(links.length).toBeGreaterThan(0)
  for (const link of links) {
    expect(link, 'every link is the site, under APP_URL').toMatch(new RegExp(`^${APP_URL}(/|$)`))
    expect(link, 'no link to the superuser dashboard').not.toContain('/_/')
  }
  expect(links.some((link) => link.startsWith(`${APP_URL}${page}/`))).toBe(true)
  // The results mail's look: its layout, brand bar and sender name.
  expect(mail.html).toContain('<table role="presentation"')
  expect(mail.html).toContain(SITE_CONTENT_DEFAULTS.businessName)
  expect(mail.from).toContain(SITE_CONTENT_DEFAULTS.businessName)
  // No placeholder was left unreplaced.
  expect(mail.html).not.toMatch(/\{(APP_URL|APP_NAME|TOKEN|BUSINESS_NAME|BUSINESS_NAME_HTML)\}/)
  expect(mail.subject).not.toMatch(/\{(APP_NAME|BUSINESS_NAME)\}/)
}

describe('account e-mails', () => {
  it('verification: the site look, a link to /verify-email/<token> that verifies the user', async () => {
    const user = await createUser({ url: server.url })
    await user.pb.collection('users').requestVerification(user.email)
    const mail = await mailTo(user.email, /Verify your e-mail/)
    expect(mail.subject).toBe(`Verify your e-mail for ${SITE_CONTENT_DEFAULTS.businessName}`)
    expectSiteMail(mail, paths.verifyEmail)
    expect(mail.text).toContain('free audits')

    const token = tokenFrom(mail, paths.verifyEmail)
    await guestClient(server.url).collection('users').confirmVerification(token)
    expect((await server.su.collection('users').getOne(user.id)).verified).toBe(true)
  })

  it('password reset: a link to /reset-password/<token>; the token sets a new password once', async () => {
    const user = await createUser({ url: server.url })
    await guestClient(server.url).collection('users').requestPasswordReset(user.email)
    const mail = await mailTo(user.email, /Reset your/)
    expect(mail.subject).toBe(`Reset your ${SITE_CONTENT_DEFAULTS.businessName} password`)
    expectSiteMail(mail, paths.resetPassword)
    expect(mail.text).toContain('30 minutes')

    const token = tokenFrom(mail, paths.resetPassword)
    const guest = guestClient(server.url)
    await guest.collection('users').confirmPasswordReset(token, 'new-horse-4242', 'new-horse-4242')
    await guest.collection('users').authWithPassword(user.email, 'new-horse-4242')
    // The same link again: refused, with the token named.
    const reused = await guest
      .collection('users')
      .confirmPasswordReset(token, 'other-horse-99', 'other-horse-99')
      .then(
        () => null,
        (err: { status: number; response: { data: Record<string, unknown> } }) => err,
      )
    expect(reused?.status).toBe(400)
    expect(Object.keys(reused?.response.data ?? {})).toContain('token')
  })

  it('e-mail change: the new address gets a link to /confirm-email-change/<token>', async () => {
    const user = await createUser({ url: server.url })
    const newEmail = uniqueEmail('moved')
    await user.pb.collection('users').requestEmailChange(newEmail)
    const mail = await mailTo(newEmail, /Confirm your new e-mail/)
    expect(mail.subject).toBe(`Confirm your new e-mail for ${SITE_CONTENT_DEFAULTS.businessName}`)
    expectSiteMail(mail, paths.confirmEmailChange)

    const token = tokenFrom(mail, paths.confirmEmailChange)
    await guestClient(server.url).collection('users').confirmEmailChange(token, user.password)
    const moved = await server.su.collection('users').getOne(user.id)
    expect(moved.email).toBe(newEmail)
  })

  it('a sign-in from a new device: the alert in the site look, linking only to the site', async () => {
    // Verified: its owner hears of every new device (an unverified one, at most one alert in
    // two minutes: tests/integration/mail-account-queue.test.ts).
    const user = await createUser({ url: server.url, verified: true })
    const fromDevice = async (userAgent: string) => {
      const pb = guestClient(server.url)
      pb.beforeSend = (url, options) => {
        options.headers = { ...options.headers, 'User-Agent': userAgent }
        return { url, options }
      }
      await pb.collection('users').authWithPassword(user.email, user.password)
    }
    await fromDevice('Phone/1.0')
    await fromDevice('Laptop/2.0 <i>x</i>')
    // One alert for each new device (PocketBase queues them as the sign-ins finish).
    const alerts = () => receiver.mailsTo(user.email).filter((m) => /New sign-in/.test(m.subject))
    await eventually(async () => {
      await server.flush()
      return alerts().length === 2
    })
    const mail = alerts().find((m) => m.html.includes('Laptop/2.0'))
    if (!mail) throw new Error('no alert for the laptop')
    expect(mail.subject).toBe(`New sign-in to your ${SITE_CONTENT_DEFAULTS.businessName} dashboard`)
    // PocketBase describes the device, escaped.
    expect(mail.html).toContain('Laptop/2.0 &lt;i&gt;x&lt;/i&gt;')
    for (const link of linksIn(mail)) {
      expect(link).toMatch(new RegExp(`^${APP_URL}(/|$)`))
      expect(link).not.toContain('/_/')
    }
    expect(mail.html).not.toMatch(/\{(APP_URL|APP_NAME|ALERT_INFO)\}/)
  })

  it("the templates follow the collection's token lifetimes", async () => {
    const users = await server.su.collections.getOne('users')
    // This project keeps verification links for a day (initial schema).
    expect(users.verificationToken.duration).toBe(86400)
    expect(users.verificationTemplate.body).toContain('works for 1 day.')
    expect(users.resetPasswordTemplate.body).toContain('once, for 30 minutes')
    expect(users.confirmEmailChangeTemplate.body).toContain('once, for 30 minutes')
  })
})

describe('the templates migration', () => {
  it("down restores PocketBase's default templates, up sets the site's again", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pb-account-mail-'))
    const pbMigrate = (input: string, ...args: string[]) => {
      const res = spawnSync(
        findPocketBase(),
        [
          'migrate',
          ...args,
          `--dir=${dataDir}`,
          `--migrationsDir=${join(root, 'pb_migrations')}`,
          `--hooksDir=${join(root, 'pb_hooks')}`,
          '--hooksWatch=false',
        ],
        // `migrate down` asks before it reverts anything.
        { encoding: 'utf8', input },
      )
      expect(res.status, `${res.stdout}${res.stderr}`).toBe(0)
      return `${res.stdout}${res.stderr}`
    }
    // A one-off PocketBase command prints the users collection's templates (no server needed).
    const commandDir = mkdtempSync(join(tmpdir(), 'pb-templates-cmd-'))
    writeFileSync(
      join(commandDir, 'print.pb.js'),
      `$app.rootCmd.addCommand(new Command({ use: "print-templates", run: () => {
        const users = $app.findCollectionByNameOrId("users")
        console.log(JSON.stringify([users.verificationTemplate, users.resetPasswordTemplate, users.confirmEmailChangeTemplate, users.authAlert.emailTemplate]))
      } }))`,
    )
    const templates = () => {
      const res = spawnSync(
        findPocketBase(),
        ['print-templates', `--dir=${dataDir}`, `--hooksDir=${commandDir}`, '--hooksWatch=false'],
        { encoding: 'utf8' },
      )
      expect(res.status, `${res.stdout}${res.stderr}`).toBe(0)
      return `${res.stdout}${res.stderr}`
    }
    try {
      migrateUp(dataDir)
      expect(templates()).toContain('/verify-email/{TOKEN}')
      // Migrations are undone newest first: undo every later one, then this one.
      const names = readdirSync(join(root, 'pb_migrations')).filter((n) => n.endsWith('.js'))
      const later = names.filter((n) => n > MIGRATION).length
      expect(pbMigrate('y\n', 'down', String(later + 1))).toContain(`Reverted ${MIGRATION}`)
      const restored = templates()
      expect(restored).toContain('/_/#/auth/confirm-verification/{TOKEN}')
      expect(restored).toContain('/_/#/auth/confirm-password-reset/{TOKEN}')
      expect(restored).toContain('/_/#/auth/confirm-email-change/{TOKEN}')
      expect(restored).not.toContain('/verify-email/')
      expect(restored).toContain('Login from a new location')
      pbMigrate('', 'up')
      expect(templates()).toContain('/reset-password/{TOKEN}')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(commandDir, { recursive: true, force: true })
    }
  })
})
