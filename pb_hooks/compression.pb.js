/// <reference path="../.pb-types/types.d.ts" />
// gzip for the responses worth compressing; APP_GZIP=false switches it off
// (server/pages/compression.ts).

routerUse((e) => require(`${__hooks}/generated/server.cjs`).pages.hooks.compress(e))
