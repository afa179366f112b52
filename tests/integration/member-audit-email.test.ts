// Someone else's audits: a member audit carries its user's own e-mail, whatever the client sent,
// so user Y cannot file audits under X's address (X would see them, and X's account deletion
// would delete them). X's deletion removes X's own audits and the ownerless ones under X's
// verified address, never Y's.
import { describe, expect, it } from 'vitest'
import { createUser, guestClient, recordId, superuserClient, type TestUser } from './helpers'
import { auditSubmission } from './support/mail-harness'

async function memberAudit(author: TestUser, email: string): Promise<string> {
  const { id, ...rest } = auditSubmission({ email, flow: 'member' })
  await author.pb.collection('audits').create({ ...rest, id, user: author.id })
  return id
}

async function freeAudit(email: string): Promise<string> {
  const audit = auditSubmission({ email })
  await guestClient().collection('audits').create(audit)
  return audit.id
}

describe("a member audit naming another person's address", () => {
  it("is stored with its author's own address, and the other person does not see it", async () => {
    const x = await createUser({ verified: true, label: 'x' })
    const y = await createUser({ verified: true, label: 'y' })
    const id = await memberAudit(y, x.email)
    const su = await superuserClient()
    expect(await su.collection('audits').getOne(id)).toMatchObject({ user: y.id, email: y.email })
    const seenByX = await x.pb.collection('audits').getFullList({ filter: `id = "${id}"` })
    expect(seenByX).toEqual([])
  })
})

describe('account deletion', () => {
  it("removes the user's own audits and ownerless ones under the verified address, not another user's", async () => {
    const x = await createUser({ verified: true, label: 'leaving' })
    const y = await createUser({ verified: true, label: 'staying' })
    const own = await memberAudit(x, x.email)
    const ownerless = await freeAudit(x.email)
    const ys = await memberAudit(y, x.email)
    // Written straight into the database as an older server could have stored it.
    const su = await superuserClient()
    const legacy = recordId()
    const { id: _unused, ...legacyBody } = auditSubmission({ email: y.email, flow: 'member' })
    await su.collection('audits').create({ ...legacyBody, id: legacy, user: y.id })
    await su
      .collection('audits')
      .update(legacy, { email: x.email })
      .catch(() => undefined)

    const res = await x.pb.send('/api/account/delete', {
      method: 'POST',
      body: { password: x.password },
    })
    expect(res).toMatchObject({ deleted: { users: 1 } })

    const exists = (id: string) =>
      su
        .collection('audits')
        .getOne(id)
        .then(
          () => true,
          () => false,
        )
    expect({
      own: await exists(own),
      ownerless: await exists(ownerless),
      ys: await exists(ys),
      legacy: await exists(legacy),
    }).toEqual({ own: false, ownerless: false, ys: true, legacy: true })
  })
})
