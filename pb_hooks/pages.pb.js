/// <reference path="../.pb-types/types.d.ts" />
// Status codes for the pages the static handler would answer with index.html and 200
// (server/pages/pages.ts). Priority 10: inside the middlewares (middlewares.pb.js), so they are
// compressed and carry the headers.

routerUse(
  new Middleware((e) => require(`${__hooks}/generated/server.cjs`).pages.hooks.answerPage(e), 10),
)
