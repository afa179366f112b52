/// <reference path="../.pb-types/types.d.ts" />
// An admin's Retry on a failed delivery: due now, with a fresh lifetime (server/queue/).

onRecordUpdateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).queue.hooks.requeueOnRetry(e),
  'deliveries',
)
