/// <reference path="../.pb-types/types.d.ts" />
// An admin's Retry on a failed delivery (the collection's update rule lets the status, and only
// the status, go from failed to pending): the row is due now and gets a fresh lifetime, so the
// queue tries it again for as long as a new one (lib/deliveries.js).

onRecordUpdateRequest((e) => {
  const before = e.record.original().getString('status')
  if (before === 'failed' && e.record.getString('status') === 'pending') {
    const deliveries = /** @type {typeof import('./lib/deliveries.js')} */ (
      require(`${__hooks}/lib/deliveries.js`)
    )
    deliveries.prepareRequeue(e.record)
  }
  return e.next()
}, 'deliveries')
