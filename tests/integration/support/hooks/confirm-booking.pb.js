/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: stands in for the code that will confirm a booking on the
// server (a booking tied to a person), calling the funnel's own recordConfirmedBooking.
//   POST /api/test/confirm-booking (superusers) -> 200 { id }
routerAdd(
  'POST',
  '/api/test/confirm-booking',
  (e) => {
    const { recordConfirmedBooking } = require(`${__hooks}/lib/funnel.js`)
    return e.json(200, { id: recordConfirmedBooking(e.app, { path: '/call' }) })
  },
  $apis.requireSuperuserAuth(),
)
