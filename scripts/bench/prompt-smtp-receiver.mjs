// An SMTP receiver on loopback that greets at once, for the mail bench (mail-bench.mjs beside it).
// The bench's other receiver, the npm package smtp-server (scripts/mail-receiver.mjs), holds its
// greeting 100 ms on every connection to catch clients that talk too soon, as a mail exchanger
// (MX) does against spam; a submission relay (port 587, a provider's relay a small business sends
// through) answers at once. This one answers every command at once and accepts every mail, so
// the bench sees what the product itself costs per mail. It owns its listening socket only.
// Plain node:net, no STARTTLS (PocketBase would upgrade and check the certificate) and no AUTH
// (the bench sets no SMTP_USER). Commands: EHLO/HELO, MAIL, RCPT, DATA (until "\r\n.\r\n",
// dot-unstuffed), RSET, NOOP, QUIT; anything else gets 502.
import { createServer } from 'node:net'

/** @typedef {{ from: string, to: string[], raw: string }} PromptMail one mail as it arrived */
/**
 * @typedef {object} PromptSmtpReceiver
 * @property {number} port the loopback port it listens on
 * @property {() => number} received how many mails it has accepted so far
 * @property {() => Promise<void>} close stops listening and ends the open connections
 */

/** A bench bound: a longer line or mail is refused (552) and the connection closed. */
const MAX_MAIL_BYTES = 10 * 1024 * 1024
const MAX_LINE_CHARS = 4096
/** RFC 5321 4.5.2: the data ends with a line holding a single dot. */
const END_OF_DATA = '\r\n.\r\n'

/**
 * The mail's text as sent, less the transparency dots: a line that starts with a dot had one
 * more dot put in front of it by the sender (RFC 5321 4.5.2).
 * @param {string} data the data up to, not including, the end-of-data line's CRLF.CRLF
 */
function unstuff(data) {
  return data
    .split('\r\n')
    .map((line) => (line.startsWith('.') ? line.slice(1) : line))
    .join('\r\n')
}

/**
 * The address in a MAIL FROM:<a> or RCPT TO:<a> argument (parameters after it ignored).
 * @param {string} arg what follows "MAIL " or "RCPT "
 * @param {string} keyword "FROM:" or "TO:"
 * @returns {string | null} null when the argument is not `keyword<address>`
 */
function pathOf(arg, keyword) {
  if (!arg.toUpperCase().startsWith(keyword)) return null
  const match = /^\s*<([^>]*)>/.exec(arg.slice(keyword.length))
  return match ? match[1] : null
}

/**
 * Starts the receiver on 127.0.0.1 (loopback only). `onMail(mail)` gets each accepted mail with
 * its envelope and raw text (headers and body, CRLF line ends); leave it out to only count.
 * @param {{ onMail?: (mail: PromptMail) => void }} [options]
 * @returns {Promise<PromptSmtpReceiver>} once it listens
 */
export function startPromptSmtpReceiver({ onMail } = {}) {
  let received = 0
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set()

  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // A client that drops the connection must not crash the bench.
    socket.on('error', () => socket.destroy())
    // Each reply goes out as soon as it is written: the client waits for it.
    socket.setNoDelay(true)
    // Decoded as a stream, so a UTF-8 character split across two packets stays whole.
    socket.setEncoding('utf8')

    /** @type {string | null} */
    let from = null
    /** @type {string[]} */
    let to = []
    let inData = false
    let buffer = ''
    /** Where to look next for the end of the data: what was searched already is skipped. */
    let searchFrom = 0

    /** @param {string} reply one reply line, without its CRLF */
    const say = (reply) => socket.write(`${reply}\r\n`)
    /** @param {string} reply */
    const refuseAndClose = (reply) => {
      buffer = ''
      socket.end(`${reply}\r\n`)
    }
    const resetEnvelope = () => {
      from = null
      to = []
    }

    /** @param {string} line one command line, without its CRLF */
    function command(line) {
      const verb = line.slice(0, 4).toUpperCase()
      const arg = line.slice(5)
      switch (verb) {
        case 'EHLO':
          resetEnvelope()
          say('250-prompt.bench.local')
          say('250-8BITMIME')
          say('250-SMTPUTF8')
          return say(`250 SIZE ${MAX_MAIL_BYTES}`)
        case 'HELO':
          resetEnvelope()
          return say('250 prompt.bench.local')
        case 'MAIL': {
          const address = pathOf(arg, 'FROM:')
          if (address === null) return say('501 Syntax: MAIL FROM:<address>')
          from = address
          to = []
          return say('250 OK')
        }
        case 'RCPT': {
          if (from === null) return say('503 MAIL first')
          const address = pathOf(arg, 'TO:')
          if (!address) return say('501 Syntax: RCPT TO:<address>')
          to.push(address)
          return say('250 OK')
        }
        case 'DATA':
          if (to.length === 0) return say('503 RCPT first')
          inData = true
          // The end of data may be the very next line (an empty mail): the search starts at
          // the CRLF that ended the DATA command, which is put back in front of the data.
          buffer = `\r\n${buffer}`
          searchFrom = 0
          return say('354 End data with <CR><LF>.<CR><LF>')
        case 'RSET':
          resetEnvelope()
          return say('250 OK')
        case 'NOOP':
          return say('250 OK')
        case 'QUIT':
          inData = false
          buffer = ''
          socket.end('221 Bye\r\n')
          return
        default:
          return say('502 Command not implemented')
      }
    }

    /** Takes what the buffer holds: whole command lines, or the data up to its end. */
    function take() {
      while (!socket.writableEnded) {
        if (inData) {
          const end = buffer.indexOf(END_OF_DATA, searchFrom)
          if (end < 0) {
            if (buffer.length > MAX_MAIL_BYTES) return refuseAndClose('552 Message too big')
            // The terminator may straddle two packets: look again from just before the end.
            searchFrom = Math.max(0, buffer.length - END_OF_DATA.length + 1)
            return
          }
          // Skip the CRLF put in front at DATA; keep the mail's last line end.
          const mail = { from: from ?? '', to, raw: unstuff(buffer.slice(2, end + 2)) }
          buffer = buffer.slice(end + END_OF_DATA.length)
          inData = false
          resetEnvelope()
          received++
          onMail?.(mail)
          say('250 OK: queued')
          continue
        }
        const lineEnd = buffer.indexOf('\r\n')
        if (lineEnd < 0) {
          if (buffer.length > MAX_LINE_CHARS) refuseAndClose('500 Line too long')
          return
        }
        const line = buffer.slice(0, lineEnd)
        buffer = buffer.slice(lineEnd + 2)
        command(line)
      }
    }

    socket.on('data', (/** @type {string} */ chunk) => {
      buffer += chunk
      take()
    })
    // At once: no early-talker pause (the point of this receiver).
    say('220 prompt.bench.local ESMTP')
  })

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      const address = server.address()
      if (address === null || typeof address === 'string') throw new Error('not a TCP socket')
      resolve({
        port: address.port,
        received: () => received,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done(undefined))
          }),
      })
    })
  })
}
