// SMTP servers on loopback for the mail tests: a real receiver (smtp-server, via the same
// scripts/mail-receiver.mjs that `npm run mail:dev` uses) and a silent one that accepts
// connections and never answers, like a hung mail server.
import { createServer } from 'node:net'
import type { Server, Socket } from 'node:net'
import { startMailReceiver, startRefusingReceiver } from '../../../scripts/mail-receiver.mjs'
import type {
  MailReceiver,
  ReceivedMail,
  RefusingReceiver,
} from '../../../scripts/mail-receiver.mjs'
import { waitUntil } from './wait'

export type { ReceivedMail, RefusingReceiver }
export { startRefusingReceiver }

export interface SmtpReceiver {
  port: number
  /** Every message received so far, in order. */
  mails: ReceivedMail[]
  /** Messages whose envelope recipient is `address`. */
  mailsTo(address: string): ReceivedMail[]
  /** Resolves once `predicate` holds for the received mails (polls every 50 ms). */
  waitFor(predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

/** A real SMTP receiver; `port` 0 picks a free one. */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = []
  const errors: Error[] = []
  const receiver: MailReceiver = await startMailReceiver({
    port,
    onMail: (mail) => mails.push(mail),
    onError: (err) => errors.push(err),
  })
  return {
    port: receiver.port,
    mails,
    mailsTo: (address) => mails.filter((m) => m.envelope.to.includes(address)),
    waitFor: (predicate, timeoutMs = 10_000) =>
      waitUntil(
        () => predicate(mails),
        timeoutMs,
        () =>
          `mail; received ${mails.length}: ` +
          JSON.stringify(mails.map((m) => ({ to: m.envelope.to, subject: m.subject }))) +
          (errors.length ? ` errors: ${errors.map((e) => e.message).join('; ')}` : ''),
        50,
      ),
    close: () => receiver.close(),
  }
}

export interface SilentSmtpServer {
  port: number
  /** How many connections it has accepted (and left hanging). */
  connections(): number
  /** How many of them are still open: a send on one of them is still stuck. */
  open(): number
  close(): Promise<void>
}

/** Accepts TCP connections and never says a word: no greeting, no reply, no close. */
export function startSilentSmtpServer(port = 0): Promise<SilentSmtpServer> {
  const sockets = new Set<Socket>()
  let accepted = 0
  const server: Server = createServer((socket) => {
    accepted++
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => sockets.delete(socket))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const address = server.address()
      if (address === null || typeof address === 'string') return reject(new Error('no port'))
      resolve({
        port: address.port,
        connections: () => accepted,
        open: () => sockets.size,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          }),
      })
    })
  })
}
