// What the follow-up tests read in the SMTP receiver: the follow-ups sent to an address, and the
// signed booking link of a results mail (the token a click on it brings to the site).
import type { ReceivedMail, SmtpReceiver } from './smtp-receiver'

/** The follow-up mails `receiver` got for `email`. */
export function followupsTo(receiver: SmtpReceiver, email: string): ReceivedMail[] {
  return receiver
    .mailsTo(email)
    .filter((mail) => mail.text.includes('Stop these follow-up e-mails'))
}

/** The booking link's token of the latest results mail to `email`, once it arrived. */
export async function resultsToken(
  receiver: SmtpReceiver,
  email: string,
  appUrl: string,
): Promise<string> {
  const isResults = (m: ReceivedMail) =>
    m.envelope.to.includes(email) && /audit results/i.test(m.subject)
  await receiver.waitFor((mails) => mails.some(isResults))
  const mail = receiver.mails.filter(isResults).pop() as ReceivedMail
  const match = new RegExp(`${appUrl}/book\\?ref=([a-z0-9.]+)`).exec(mail.text)
  if (!match) throw new Error(`no booking link in the results mail:\n${mail.text}`)
  return match[1]
}
