// The newsletter's status migration against the real PocketBase binary: `active` rows become
// `active`, inactive ones `unsubscribed` (with no invented confirmation time), and `migrate down`
// restores the `active` flag (true only for rows that were active).
import type PocketBase from 'pocketbase'
import { afterAll, expect, it } from 'vitest'
import { migrationDrill } from './support/migration-drill'

const MIGRATION = '1764300000_newsletter_double_opt_in.js'
// A migration may render account mails with the built server; no hook touches the old rows.
const drill = migrationDrill(MIGRATION)
const withServer = drill.withServer

afterAll(() => drill.remove())

function rows(su: PocketBase) {
  return su.collection('newsletter_subscriptions').getFullList({ sort: 'email' })
}

it('maps active to a status and back, keeping every row', async () => {
  // Before: the flag.
  await withServer(async (su) => {
    const newsletter = su.collection('newsletter_subscriptions')
    await newsletter.create({ email: 'a-reader@example.com', source: 'footer', active: true })
    await newsletter.create({ email: 'b-gone@example.com', source: 'about', active: false })
  })

  // Up: the status.
  drill.up()
  await withServer(async (su) => {
    const [reader, gone] = await rows(su)
    expect(reader).toMatchObject({ status: 'active', confirmedAt: '', source: 'footer' })
    expect(gone).toMatchObject({ status: 'unsubscribed', confirmedAt: '', source: 'about' })
    expect(reader).not.toHaveProperty('active')
    await su
      .collection('newsletter_subscriptions')
      .create({ email: 'c-waiting@example.com', source: 'audit', status: 'pending' })
  })

  // Down: the flag again, true only where the status was active.
  expect(drill.down()).toContain(`Reverted ${MIGRATION}`)
  await withServer(async (su) => {
    const [reader, gone, waiting] = await rows(su)
    expect(reader).toMatchObject({ active: true, source: 'footer' })
    expect(gone).toMatchObject({ active: false, source: 'about' })
    // A source that did not exist before becomes the footer's.
    expect(waiting).toMatchObject({ active: false, source: 'footer' })
    expect(reader).not.toHaveProperty('status')
    const collections = await su.collections.getFullList()
    expect(collections.map((c) => c.name)).not.toContain('app_secrets')
  })
}, 90_000)
