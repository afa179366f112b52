/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: when PocketBase's cron ticked a once-a-minute job, for
// tests/integration/queue-ticks.test.ts. GET /api/test/ticks (superusers): the tick times (ms).

cronAdd('tick_probe', '* * * * *', () => {
  $app.store().setFunc('tick_probe', (/** @type {any} */ old) => `${old || ''}${Date.now()},`)
})

routerAdd(
  'GET',
  '/api/test/ticks',
  (e) => {
    const text = String($app.store().get('tick_probe') || '')
    return e.json(200, { ticks: text.split(',').filter(Boolean).map(Number) })
  },
  $apis.requireSuperuserAuth(),
)
