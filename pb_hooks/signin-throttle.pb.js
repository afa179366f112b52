/// <reference path="../.pb-types/types.d.ts" />
// Password sign-in throttled per account, on top of the per-IP rate limit
// (server/limits/signin-throttle.ts).

onRecordAuthWithPasswordRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.throttleSignIn(e),
  'users',
)
