// The sender address (MAIL_FROM) as PocketBase accepts it: its settings refuse anything else
// (`audit@localhost`, `Name <audit@example.com>`), and on a new database that refusal stops the
// settings migration, so the first start exits. Checked before the address reaches the settings,
// by the server at every start (./start, ./config) and by `npm start` before PocketBase runs
// (scripts/start.mjs reads this module from the built server). Pure: no PocketBase globals.

// A dot-atom local part and a host name with at least one dot and a top-level label of letters:
// a subset of what PocketBase's check (govalidator's IsEmail) accepts.
const SENDER =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z])?$/

/** An address every check accepts, for the examples in messages and docs. */
export const MAIL_FROM_EXAMPLE = 'audit@example.com'

/**
 * Why `value` (MAIL_FROM) cannot be the sender, in one plain line naming the variable, or ''
 * when it can (an empty value leaves the sender as it is).
 */
export function mailFromProblem(value: string | undefined): string {
  const address = String(value || '').trim()
  if (!address || (address.length <= 254 && SENDER.test(address))) return ''
  return (
    `MAIL_FROM=${JSON.stringify(address)} is not an e-mail address PocketBase accepts as the sender: ` +
    `use a full address on your domain, such as MAIL_FROM=${MAIL_FROM_EXAMPLE} (the name goes in MAIL_FROM_NAME).`
  )
}
