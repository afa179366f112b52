/// <reference path="../.pb-types/types.d.ts" />
// Newsletter sign-ups (double opt-in, answered at once and decided later: no subscription
// oracle), the signed confirm/unsubscribe links, a user's own subscription, the export (server/newsletter/).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).newsletter.hooks.answerSignUp(e),
  'newsletter_subscriptions',
)

routerAdd(
  'POST',
  '/api/newsletter/signups/run',
  (e) => require(`${__hooks}/generated/server.cjs`).newsletter.routes.decideSignUps(e),
  $apis.requireSuperuserAuth(),
)

routerAdd('POST', '/api/newsletter/confirm', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.confirm(e),
)

routerAdd('POST', '/api/newsletter/unsubscribe', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.unsubscribe(e),
)

routerAdd('GET', '/api/newsletter/unsubscribe', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.unsubscribePage(e),
)

routerAdd(
  'GET',
  '/api/newsletter/me',
  (e) => require(`${__hooks}/generated/server.cjs`).newsletter.routes.ownStatus(e),
  $apis.requireAuth('users'),
)

routerAdd(
  'POST',
  '/api/newsletter/me',
  (e) => require(`${__hooks}/generated/server.cjs`).newsletter.routes.setOwnSubscription(e),
  $apis.requireAuth('users'),
)

routerAdd('GET', '/api/newsletter/export', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.exportSubscribers(e),
)
