/// <reference path="../.pb-types/types.d.ts" />
// A user may not delete their record through the plain records API: that would skip the
// password check and the cleanup (free audits with their verified e-mail, their newsletter
// row) that POST /api/account/delete does in one transaction.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users')
    // null: superusers only (the declarations type a Go *string as `string | undefined`).
    users.deleteRule = /** @type {string} */ (/** @type {unknown} */ (null))
    app.save(users)
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users')
    users.deleteRule = 'id = @request.auth.id'
    app.save(users)
  },
)
