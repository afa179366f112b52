// Types for scripts/mail-receiver.mjs (used from the TypeScript tests).
export interface ReceivedMail {
  headers: Record<string, string>
  subject: string
  from: string
  to: string
  replyTo: string
  text: string
  html: string
  raw: string
  envelope: { from: string; to: string[] }
  /** The sender's port: which connection the message came over. */
  remotePort: number
}

export interface MailReceiver {
  port: number
  close(): Promise<void>
}

export function startMailReceiver(options?: {
  port?: number
  host?: string
  onMail?: (mail: ReceivedMail) => void
  onError?: (err: Error) => void
  beforeAnswer?: (mail: ReceivedMail) => Promise<void>
}): Promise<MailReceiver>

export function parseMail(raw: Buffer | string): Omit<ReceivedMail, 'envelope' | 'remotePort'>

export interface RefusingReceiver {
  port: number
  /** How many recipients it was offered (and refused). */
  offered(): number
  close(): Promise<void>
}

export function startRefusingReceiver(options: {
  code: number
  text: string
  login?: boolean
  port?: number
}): Promise<RefusingReceiver>
