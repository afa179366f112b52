/// <reference path="../.pb-types/types.d.ts" />
// The delivery queue (server/queue/): an admin's Retry on a failed delivery (due now, with a fresh
// lifetime), and the dispatcher that sends everything queued.

onRecordUpdateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).queue.hooks.requeueOnRetry(e),
  'deliveries',
)

// The one dispatcher (server/queue/dispatcher.ts): every scheduled thing is a row with a run time;
// each minute's tick starts one loop per lane (mail; the jobs with the webhooks) that sends and runs
// what comes due within about a second.
cronAdd('queue_dispatch_mail', '* * * * *', () =>
  require(`${__hooks}/generated/server.cjs`).queue.jobs.dispatchMail(),
)
cronAdd('queue_dispatch_jobs', '* * * * *', () =>
  require(`${__hooks}/generated/server.cjs`).queue.jobs.dispatchJobs(),
)

onTerminate((e) => require(`${__hooks}/generated/server.cjs`).queue.hooks.stopAtTerminate(e))

routerAdd(
  'POST',
  '/api/queue/dispatch',
  (e) => require(`${__hooks}/generated/server.cjs`).queue.routes.dispatchBeside(e),
  $apis.requireSuperuserAuth(),
)

routerAdd(
  'POST',
  '/api/queue/jobs/{kind}/run',
  (e) => require(`${__hooks}/generated/server.cjs`).queue.routes.runJobNow(e),
  $apis.requireSuperuserAuth(),
)

// (onServe is not among the hooks' globals; the app's own hook is.)
$app
  .onServe()
  .bindFunc((/** @type {core.ServeEvent} */ e) =>
    require(`${__hooks}/generated/server.cjs`).queue.hooks.tickSoonAfterStart(e),
  )
