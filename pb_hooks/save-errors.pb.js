/// <reference path="../.pb-types/types.d.ts" />
// Failures that are not the visitor's fault: 503 for a save that passed validation but failed
// (server/limits/save-errors.ts). Retry-After on a 429: middlewares.pb.js.

onRecordCreateExecute((e) =>
  require(`${__hooks}/generated/server.cjs`).limits.hooks.answerFailedSave(e),
)
onRecordUpdateExecute((e) =>
  require(`${__hooks}/generated/server.cjs`).limits.hooks.answerFailedSave(e),
)
