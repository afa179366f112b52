/// <reference path="../.pb-types/types.d.ts" />
// POST /api/account/delete {password}: a signed-in user deletes their account and every row
// that is theirs, in ONE transaction (all or nothing), after re-checking their password:
//   - audits they own (user = them),
//   - ownerless (free) audits made with their e-mail when it is VERIFIED; never another user's
//     member audit, whatever address it carries,
//   - their newsletter subscription (by e-mail when verified; unverified, only the row their
//     own sign-up created, so nobody can unsubscribe an address they do not control),
//   - queued or sent mails built from those audits (they carry copies of the answers), the
//     subscription's confirmation mail and the account's own mails (they carry its address),
//   - the user.
// Answers: 200 {deleted: {...counts}}; 400 with data.password on a wrong password (nothing
// deleted); 401 without a user token; 429 after repeated wrong passwords (this route would
// otherwise be a password oracle outside the strict auth rate limit); 500 if the transaction
// failed (nothing deleted).

routerAdd(
  'POST',
  '/api/account/delete',
  (e) => {
    const MAX_FAILURES = 5
    const WINDOW_MS = 15 * 60 * 1000
    const userId = e.auth.id
    const failureKey = `account-delete-failures:${userId}`
    const store = $app.store()

    // Stored as "count:sinceMs": plain strings are safe to share between the pooled VMs.
    const now = Date.now()
    const [count, since] = String(store.get(failureKey) || '0:0')
      .split(':')
      .map(Number)
    const inWindow = now - since < WINDOW_MS
    if (inWindow && count >= MAX_FAILURES) {
      throw new TooManyRequestsError('Too many failed attempts. Please try again later.')
    }

    const body = e.requestInfo().body || {}
    const password = typeof body.password === 'string' ? body.password : ''
    if (!password || !e.auth.validatePassword(password)) {
      store.set(failureKey, inWindow ? `${count + 1}:${since}` : `1:${now}`)
      throw new BadRequestError('Incorrect password.', {
        password: new ValidationError('validation_invalid_password', 'Incorrect password.'),
      })
    }
    store.remove(failureKey)

    const deleted = { audits: 0, newsletterSubscriptions: 0, mails: 0, users: 0 }
    try {
      e.app.runInTransaction((txApp) => {
        const user = txApp.findRecordById('users', userId)
        const email = user.getString('email').trim().toLowerCase()
        const verified = user.getBool('verified')

        /** @type {Record<string, core.Record>} */
        const audits = {}
        for (const audit of txApp.findRecordsByFilter('audits', 'user = {:id}', '', 0, 0, {
          id: userId,
        })) {
          audits[audit.id] = audit
        }
        if (verified && email) {
          for (const audit of txApp.findRecordsByFilter(
            'audits',
            'email:lower = {:email} && user = ""',
            '',
            0,
            0,
            { email },
          )) {
            audits[audit.id] = audit
          }
        }
        for (const id of Object.keys(audits)) {
          for (const mail of txApp.findRecordsByFilter('deliveries', 'sourceId = {:id}', '', 0, 0, {
            id,
          })) {
            txApp.delete(mail)
            deleted.mails++
          }
          txApp.delete(audits[id])
          deleted.audits++
        }

        if (email) {
          const filter = verified
            ? 'email = {:email}'
            : 'email = {:email} && source = "signup" && created >= {:since}'
          const params = { email, since: user.getString('created') }
          for (const sub of txApp.findRecordsByFilter(
            'newsletter_subscriptions',
            filter,
            '',
            0,
            0,
            params,
          )) {
            // Its confirmation mail too (it carries the address and a signed link).
            for (const mail of txApp.findRecordsByFilter(
              'deliveries',
              'sourceId = {:id}',
              '',
              0,
              0,
              { id: sub.id },
            )) {
              txApp.delete(mail)
              deleted.mails++
            }
            txApp.delete(sub)
            deleted.newsletterSubscriptions++
          }
        }

        for (const mail of txApp.findRecordsByFilter('deliveries', 'sourceId = {:id}', '', 0, 0, {
          id: userId,
        })) {
          txApp.delete(mail)
          deleted.mails++
        }
        txApp.delete(user)
        deleted.users++
      })
    } catch (err) {
      e.app
        .logger()
        .error(
          'account deletion failed; nothing was deleted',
          'userId',
          userId,
          'error',
          String(err),
        )
      throw new InternalServerError('Account deletion failed; nothing was deleted.')
    }

    return e.json(200, { deleted })
  },
  $apis.requireAuth('users'),
)
