/// <reference path="../.pb-types/types.d.ts" />
// The payoff model's assumptions (server/payoff/): read by anyone (every report starts from them),
// changed by the consultant in the console's Audits tab.

routerAdd('GET', '/api/payoff', (e) =>
  require(`${__hooks}/generated/server.cjs`).payoff.routes.getPayoff(e),
)
routerAdd(
  'PUT',
  '/api/payoff',
  (e) => require(`${__hooks}/generated/server.cjs`).payoff.routes.putPayoff(e),
  $apis.requireAuth('users', '_superusers'),
)
