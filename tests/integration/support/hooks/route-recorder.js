// TEST ONLY, never in pb_hooks/: put at the top of every hook file of a test server (by
// tests/integration/support/limits-server.ts). All hook files run one after another in the same
// PocketBase loader, in no fixed order; whichever runs first wraps the loader's `routerAdd`, so
// every route a hook file registers, however it is written, is recorded in the app's store.
;(function () {
  if (typeof routerAdd !== 'function' || routerAdd.recordsRoutes) return
  const original = routerAdd
  const recording = function (method, path) {
    const store = $app.store()
    const list = JSON.parse(String(store.get('test:routerAdd') || '[]'))
    list.push(`${String(method).toUpperCase()} ${path}`)
    store.set('test:routerAdd', JSON.stringify(list))
    return original.apply(this, arguments)
  }
  recording.recordsRoutes = true
  // eslint-disable-next-line no-global-assign -- the point: every later routerAdd is recorded
  routerAdd = recording
})()
