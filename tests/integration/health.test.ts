import { describe, expect, it } from 'vitest'
import { pbUrl, superuserClient } from './helpers'

describe('the test server', () => {
  it('is a real PocketBase that answers /api/health', async () => {
    const res = await fetch(`${pbUrl()}/api/health`)
    expect(res.status).toBe(200)
  })

  it('has every collection of the data model', async () => {
    const su = await superuserClient()
    const names = (await su.collections.getFullList()).map((c) => c.name)
    for (const name of ['users', 'audits', 'contacts', 'newsletter_subscriptions', 'deliveries']) {
      expect(names).toContain(name)
    }
  })
})
