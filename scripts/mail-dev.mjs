// `npm run mail:dev`: a local SMTP receiver for seeing the site's e-mails without a real mail
// server. Prints each message it receives and saves its HTML (and raw source) in mail-dev/.
// Point the server at it:  SMTP_HOST=127.0.0.1 SMTP_PORT=2525 npm start
// Options: MAIL_DEV_PORT (default 2525), MAIL_DEV_DIR (default ./mail-dev).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { root } from './pocketbase.mjs'
import { startMailReceiver } from './mail-receiver.mjs'

/** @typedef {import('./mail-receiver.mjs').ReceivedMail} ReceivedMail */

const port = Number(process.env.MAIL_DEV_PORT || 2525)
const outDir = resolve(process.env.MAIL_DEV_DIR || join(root, 'mail-dev'))
const PREVIEW_LINES = 30
let count = 0

/** @param {string} text */
function slug(text) {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'mail'
  )
}

/** @param {ReceivedMail} mail */
function save(mail) {
  mkdirSync(outDir, { recursive: true })
  count += 1
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const base = join(outDir, `${stamp}-${String(count).padStart(3, '0')}-${slug(mail.subject)}`)
  writeFileSync(`${base}.eml`, mail.raw)
  if (mail.html) writeFileSync(`${base}.html`, mail.html)
  return mail.html ? `${base}.html` : `${base}.eml`
}

/**
 * @param {ReceivedMail} mail
 * @param {string} file
 */
function print(mail, file) {
  const lines = mail.text.split(/\r?\n/)
  const preview = lines.slice(0, PREVIEW_LINES).join('\n')
  const more =
    lines.length > PREVIEW_LINES ? `\n  ... (${lines.length - PREVIEW_LINES} more lines)` : ''
  console.log(
    [
      '',
      `=== mail #${count} at ${new Date().toLocaleTimeString()} ===`,
      `From:     ${mail.from}`,
      `To:       ${mail.envelope.to.join(', ') || mail.to}`,
      mail.replyTo ? `Reply-To: ${mail.replyTo}` : null,
      `Subject:  ${mail.subject}`,
      `Saved:    ${relative(process.cwd(), file)}`,
      '---',
      preview + more,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  )
}

try {
  const receiver = await startMailReceiver({
    port,
    onMail: (mail) => print(mail, save(mail)),
    onError: (err) => console.error(`mail:dev: ${err.message}`),
  })
  console.log(`mail:dev: SMTP receiver listening on 127.0.0.1:${receiver.port}`)
  console.log(`mail:dev: saving messages to ${outDir}`)
  console.log(
    `mail:dev: start the site with  SMTP_HOST=127.0.0.1 SMTP_PORT=${receiver.port} npm start`,
  )
  const stop = async () => {
    await receiver.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (err) {
  console.error(
    `mail:dev: could not listen on 127.0.0.1:${port}: ${/** @type {Error} */ (err).message}`,
  )
  console.error('mail:dev: set MAIL_DEV_PORT to another port.')
  process.exit(1)
}
