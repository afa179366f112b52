// What the consultant types in a newsletter issue, through the real routes of a real PocketBase
// with a real SMTP receiver: a line break inside a paragraph (a sign-off on two lines) stays a line
// break in the test copy, every subscriber's copy (HTML and text) and the archive page; and any
// body, however hostile (50,000 characters of `[`, `*a_` repeated, and a fuzz-ish set of other
// nasty ones), is test-sent, sent and archived with its text intact, within a timeout far above
// the goal (under 2 s each; `npm run bench` measures it) and far below what such a body took
// before its work was bounded (60 s for `[`, 24 s for `*a_`, for each of the three).
import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits, root, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { startMailReceiver } from '../../scripts/mail-receiver.mjs'
import type { MailReceiver, ReceivedMail } from '../../scripts/mail-receiver.mjs'
import { textLimits } from '../../src/config/limits'
import { newsletterArchivePage } from '../../src/config/public-pages'
import { MANUAL_QUEUE, SUPERUSER, harnessEnv } from './harness-env'
import { guestClient, recordId, superuserClient } from './helpers'
import { eventually, flushMail } from './support/mail-harness'
import { migratedDataDir } from './support/data-dir'

const ADMIN = { email: 'writer-admin@example.com', password: 'correct-horse-42' }
const READER = 'reader-0@example.com'
const BODY_MAX = textLimits.newsletter_issues.body
/**
 * How long one hostile body may take for its test send, send and archive page together: generous
 * for a loaded two-core machine (each takes well under a second), short of one unbounded render.
 */
const HOSTILE_CASE_MS = 30_000

const scratch = mkdtempSync(join(tmpdir(), 'pb-newsletter-markdown-'))
const dataDir = migratedDataDir(join(scratch, 'data'))
const hooksDir = join(scratch, 'hooks')
const publicDir = join(scratch, 'public')
const mails: ReceivedMail[] = []
let receiver: MailReceiver
let server: { url: string; process: ChildProcess; stop: () => Promise<void> }
let su: PocketBase
let admin: PocketBase
let clock = Date.now()

/** A run of the sender as if a minute (the bulk rate's window) had passed since the last. */
async function flushMinute() {
  clock += 61_000
  return flushMail(server.url, su.authStore.token, new Date(clock))
}

async function newIssue(subject: string, body: string): Promise<string> {
  const id = recordId()
  await admin.collection('newsletter_issues').create({ id, subject, preheader: '', body })
  return id
}

/** POST to an issue route as the admin; the answer. */
async function post(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: admin.authStore.token, 'content-type': 'application/json' },
    body: '{}',
  })
  const body = await res.json()
  return { status: res.status, body }
}

const mailsWith = (subject: string) => mails.filter((m) => m.subject.includes(subject))
/** A text part as typed lines (the mail carries CRLF). */
const lines = (text: string | undefined) => String(text ?? '').replace(/\r\n/g, '\n')

beforeAll(async () => {
  receiver = await startMailReceiver({ onMail: (mail) => mails.push(mail) })
  cpSync(join(root, 'pb_hooks'), hooksDir, { recursive: true })
  cpSync(
    join(root, 'tests/integration/support/hooks/newsletter-seed.pb.js'),
    join(hooksDir, 'zz-newsletter-seed.pb.js'),
  )
  // The archive's template as the build makes it, reduced to its content's mark.
  mkdirSync(publicDir, { recursive: true })
  writeFileSync(join(publicDir, 'index.html'), '<!doctype html><title>site</title>')
  writeFileSync(
    join(publicDir, newsletterArchivePage.file),
    `<!doctype html><title>${newsletterArchivePage.placeholders.title}</title><main>${newsletterArchivePage.placeholders.content}</main>`,
  )
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  server = await startPocketBase({
    dataDir,
    publicDir,
    env: harnessEnv({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(receiver.port),
      MAIL_FROM: 'tips@north-country.test',
      APP_URL: 'https://efficiency.test',
      MAIL_POSTAL_ADDRESS: '12 Main Street\\nLittleton, NH 03561',
      OWNER_MAIL_PER_HOUR: '0',
      NEWSLETTER_RATE_PER_MINUTE: '0',
      ...MANUAL_QUEUE,
    }),
    extra: [`--hooksDir=${hooksDir}`],
  })
  su = await superuserClient(server.url)
  // Forty-odd issue POSTs from one test; the newsletter's rate limit is tested elsewhere.
  await exemptLoopbackFromRateLimits(server.url, su.authStore.token)
  await su.collection('users').create({
    email: ADMIN.email,
    password: ADMIN.password,
    passwordConfirm: ADMIN.password,
    fullName: 'Writer',
    verified: true,
    isAdmin: true,
  })
  admin = guestClient(server.url)
  await admin.collection('users').authWithPassword(ADMIN.email, ADMIN.password)
  const seeded = await fetch(`${server.url}/api/test/newsletter-subscribers`, {
    method: 'POST',
    headers: { authorization: su.authStore.token, 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: 'reader', count: 1, status: 'active' }),
  })
  expect(seeded.ok).toBe(true)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await receiver?.close()
  rmSync(scratch, { recursive: true, force: true })
})

describe('a line break typed inside a paragraph', () => {
  it('stays a line break in the test copy, the copy a subscriber gets (HTML and text) and the archive', async () => {
    const subject = 'Sign-off on two lines'
    const id = await newIssue(subject, 'One tip this week.\n\nThanks for reading,\nAlex')

    expect((await post(`/api/newsletter/issues/${id}/test`)).status).toBe(200)
    await eventually(async () => {
      await flushMinute()
      return mailsWith(`[Test] ${subject}`).length === 1
    })
    const [test] = mailsWith(`[Test] ${subject}`)
    expect(test.html).toMatch(/Thanks for reading,<br>\s*Alex/)
    expect(lines(test.text)).toContain('Thanks for reading,\nAlex')

    expect((await post(`/api/newsletter/issues/${id}/send`)).status).toBe(200)
    await eventually(async () => {
      await flushMinute()
      return mails.some((m) => m.subject === subject && m.envelope.to.includes(READER))
    })
    const copy = mails.find((m) => m.subject === subject)
    expect(copy?.html).toMatch(/Thanks for reading,<br>\s*Alex/)
    expect(lines(copy?.text)).toContain('Thanks for reading,\nAlex')

    const issue = await su.collection('newsletter_issues').getOne(id)
    const page = await fetch(`${server.url}/newsletter/${issue.slug}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/Thanks for reading,<br>\s*Alex/)
  })
})

/** Bodies that made the renderer's work grow faster than their length, all at the length limit. */
function repeated(unit: string): string {
  return unit.repeat(Math.ceil(BODY_MAX / unit.length)).slice(0, BODY_MAX)
}

const NASTY: Array<[string, string]> = [
  ['50,000 [', repeated('[')],
  ['*a_ repeated', repeated('*a_')],
  ['![ repeated', repeated('![')],
  ['[ and a space repeated', repeated('[ ')],
  ['_a* repeated', repeated('_a*')],
  ['**a and a space repeated', repeated('**a ')],
  ['[a]( repeated', repeated('[a](')],
  ['< repeated', repeated('<')],
  ['`a repeated', repeated('`a')],
  ['> nested 50,000 deep', repeated('>')],
  ['lists nested ever deeper', repeated('- ').replace(/(- ){40}/g, '$&\n')],
  ['reference definitions', repeated('[a]: <b>\n')],
  ['a table of many columns', `|${'a|'.repeat(200)}\n|${'-|'.repeat(200)}\n${repeated('|a')}`],
  ['links in links', repeated('[[[[a](b)](c)](d)')],
  ['emphasis runs', repeated('***a***b___c___')],
  ['autolinks and addresses', repeated('www.a.b http://c.d <e@f.g> ')],
  ['entities', repeated('&amp;&#x1F600;&')],
  ['backslashes and brackets', repeated('\\[\\]\\*[')],
  [
    'random punctuation',
    Array.from({ length: BODY_MAX }, (_, i) =>
      '[]()*_`!<>\\~|#-+ a\n'.charAt((i * 7919) % 19),
    ).join(''),
  ],
].map(([name, body]) => [name, body.slice(0, BODY_MAX)])

/** For the issue's two bodies, text each copy and the archive must carry unchanged. */
const KEPT: Record<string, string> = {
  '50,000 [': '['.repeat(200),
  '*a_ repeated': 'a_*a_*a_*a_*a_*a_*a_*a_*a_*a_',
}

describe('a hostile body', () => {
  it.each(NASTY)(
    '%s: is test-sent, sent to every subscriber and archived, its text kept',
    async (name, body) => {
      const subject = `Nasty ${recordId()}`
      const id = await newIssue(subject, body)

      // The test copy is rendered by the sender's run (the owner class, first after accounts).
      const test = await post(`/api/newsletter/issues/${id}/test`)
      expect(test.status, JSON.stringify(test.body)).toBe(200)
      await flushMinute()
      expect(mailsWith(`[Test] ${subject}`), name).toHaveLength(1)

      // The send request renders the body once for every copy and the archive.
      const send = await post(`/api/newsletter/issues/${id}/send`)
      expect(send.status, JSON.stringify(send.body)).toBe(200)
      await eventually(async () => {
        await flushMinute()
        return mails.some((m) => m.subject === subject && m.envelope.to.includes(READER))
      })
      const copy = mails.find((m) => m.subject === subject)
      // What was typed arrives as text: a stretch of the body's middle, unchanged, in the text part.
      const typed = KEPT[name]
      if (typed) expect(lines(copy?.text)).toContain(typed)

      const issue = await su.collection('newsletter_issues').getOne(id)
      const page = await fetch(`${server.url}/newsletter/${issue.slug}`)
      expect(page.status).toBe(200)
      const html = await page.text()
      // Nothing typed became markup.
      expect(html).not.toMatch(/<(script|iframe)\b|\son[a-z]+=/i)
      if (typed) expect(html).toContain(typed)
    },
    HOSTILE_CASE_MS,
  )
})
