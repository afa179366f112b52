/// <reference path="../.pb-types/types.d.ts" />
// Accounts: every users create and update request, and a password reset's new password, checked
// here and only here, in this order (server/accounts/signup.ts).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.checkSignup(e),
  'users',
)

onRecordUpdateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.checkUserUpdate(e),
  'users',
)

onRecordConfirmPasswordResetRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.checkPasswordReset(e),
  'users',
)
