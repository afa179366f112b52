// A real SMTP receiver on loopback (the `smtp-server` package) and a small MIME reader for
// the messages it gets. Shared by `npm run mail:dev` and the integration tests, so the tests
// check the same parsing the consultant looks at.
import { SMTPServer } from 'smtp-server'

// The types are declared in mail-receiver.d.mts (the TypeScript tests read them from there);
// the functions below are checked against them.
/** @typedef {import('./mail-receiver.mjs').ReceivedMail} ReceivedMail */
/** @typedef {{ port: number }} Listening */

/**
 * Starts an SMTP server that accepts every message. `onMail(mail)` gets each parsed message;
 * `beforeAnswer(mail)`, a promise, holds the server's "250 OK" until it settles.
 * Resolves to { port, close() } once it listens.
 * @type {typeof import('./mail-receiver.mjs').startMailReceiver}
 */
export function startMailReceiver({
  port = 0,
  host = '127.0.0.1',
  onMail,
  onError,
  beforeAnswer,
} = {}) {
  const server = new SMTPServer({
    // PocketBase upgrades to STARTTLS when offered (and verifies the certificate): offer none.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks)
          /** @type {ReceivedMail} */
          const mail = {
            ...parseMail(raw),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            remotePort: session.remotePort,
          }
          onMail?.(mail)
          // A test may hold the answer: the sender then waits with the message delivered.
          if (beforeAnswer) {
            beforeAnswer(mail).then(
              () => callback(),
              (err) => callback(err),
            )
          } else {
            callback()
          }
        } catch (err) {
          callback(/** @type {Error} */ (err))
        }
      })
    },
  })
  // An unhandled 'error' event would crash the process (e.g. a client that disconnects).
  server.on('error', (err) => onError?.(err))
  return new Promise((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(port, host, () => {
      server.server.off('error', reject)
      resolve({
        port: /** @type {Listening} */ (server.server.address()).port,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      })
    })
  })
}

/**
 * An SMTP server that refuses every recipient with `code` and `text` (550: a permanent refusal,
 * 421: try again later) or, with `login`, refuses the relay login itself with them (535). For
 * the tests of what the queue does with each answer. Resolves to { port, offered(), close() }.
 * @type {typeof import('./mail-receiver.mjs').startRefusingReceiver}
 */
export function startRefusingReceiver({ code, text, login = false, port = 0 }) {
  let offered = 0
  const refusal = () => Object.assign(new Error(text), { responseCode: code })
  const server = new SMTPServer({
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !login,
    allowInsecureAuth: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(refusal())
    },
    onRcptTo(_address, _session, callback) {
      offered++
      callback(refusal())
    },
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => callback(refusal()))
    },
  })
  server.on('error', () => undefined)
  return new Promise((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', reject)
      resolve({
        port: /** @type {Listening} */ (server.server.address()).port,
        offered: () => offered,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      })
    })
  })
}

/**
 * Reads a raw RFC 5322 message: decoded headers (lower-case names), the plain-text and HTML
 * parts (quoted-printable and base64 decoded), and the raw source.
 * @type {typeof import('./mail-receiver.mjs').parseMail}
 */
export function parseMail(raw) {
  const source = Buffer.isBuffer(raw) ? raw.toString('latin1') : String(raw)
  const root = parsePart(source)
  const parts = flatten(root)
  /** @param {string} type */
  const firstOf = (type) => parts.find((p) => p.type === type && !p.isAttachment)
  /** @type {Record<string, string>} */
  const headers = {}
  for (const [name, value] of Object.entries(root.headers)) headers[name] = decodeWords(value)
  return {
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    to: headers.to ?? '',
    replyTo: headers['reply-to'] ?? '',
    text: firstOf('text/plain')?.body ?? '',
    html: firstOf('text/html')?.body ?? '',
    raw: Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw),
  }
}

/**
 * @typedef {object} MimePart
 * @property {Record<string, string>} headers
 * @property {string} type
 * @property {boolean} isAttachment
 * @property {MimePart[]} [children]
 * @property {string} [body]
 */

/**
 * @param {string} source
 * @returns {MimePart}
 */
function parsePart(source) {
  const split = /\r?\n\r?\n/.exec(source)
  const headerBlock = split ? source.slice(0, split.index) : source
  const body = split ? source.slice(split.index + split[0].length) : ''
  const headers = parseHeaders(headerBlock)
  const contentType = parseHeaderValue(headers['content-type'] || 'text/plain; charset=us-ascii')
  const type = contentType.value.toLowerCase()
  const isAttachment = /^attachment/i.test(headers['content-disposition'] || '')
  if (type.startsWith('multipart/') && contentType.params.boundary) {
    return {
      headers,
      type,
      isAttachment,
      children: splitMultipart(body, contentType.params.boundary).map(parsePart),
    }
  }
  const encoding = (headers['content-transfer-encoding'] || '7bit').trim().toLowerCase()
  return {
    headers,
    type,
    isAttachment,
    body: decodeBody(body, encoding, contentType.params.charset),
  }
}

/**
 * @param {MimePart} part
 * @returns {MimePart[]}
 */
function flatten(part) {
  return part.children ? part.children.flatMap(flatten) : [part]
}

/** @param {string} block */
function parseHeaders(block) {
  /** @type {Record<string, string>} */
  const headers = {}
  // Folded lines continue with whitespace.
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim()
  }
  return headers
}

/** @param {string} value */
function parseHeaderValue(value) {
  const [main, ...rest] = value.split(';')
  /** @type {Record<string, string>} */
  const params = {}
  for (const param of rest) {
    const eq = param.indexOf('=')
    if (eq < 0) continue
    const key = param.slice(0, eq).trim().toLowerCase()
    params[key] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
  }
  return { value: main.trim(), params }
}

/**
 * @param {string} body
 * @param {string} boundary
 */
function splitMultipart(body, boundary) {
  const delimiter = `--${boundary}`
  const parts = []
  for (const chunk of body.split(delimiter).slice(1)) {
    if (chunk.startsWith('--')) break
    parts.push(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))
  }
  return parts
}

/**
 * @param {string} body
 * @param {string} encoding
 * @param {string | undefined} charset
 */
function decodeBody(body, encoding, charset) {
  let bytes
  if (encoding === 'quoted-printable') {
    bytes = decodeQuotedPrintable(body.replace(/=\r?\n/g, ''))
  } else if (encoding === 'base64') {
    bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64')
  } else {
    bytes = Buffer.from(body, 'latin1')
  }
  return bytes.toString(/^(iso-8859-1|latin1|us-ascii)$/i.test(charset || '') ? 'latin1' : 'utf8')
}

/** @param {string} text */
function decodeQuotedPrintable(text) {
  const bytes = []
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(text.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

/** RFC 2047 encoded words (=?UTF-8?q?...?= and =?UTF-8?b?...?=) in a header value. */
/** @param {string} value */
function decodeWords(value) {
  const raw = Buffer.from(value, 'latin1').toString('utf8')
  return raw
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, charset, kind, text) => {
      const bytes =
        kind.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '))
      return bytes.toString(/^(iso-8859-1|latin1)$/i.test(charset) ? 'latin1' : 'utf8')
    })
}
