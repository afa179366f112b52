// The console's alerts in the service worker: vite.config.ts adds this file to the generated
// /sw.js with workbox's importScripts. A plain script (no module, no build step) served from this
// origin, so the Content-Security-Policy's script-src 'self' allows it and nothing inline is
// needed. It shows each push message as a notification, and a tap on one opens the console page
// it names: a path of this site only, never an address elsewhere.
// Types: tsconfig.sw.json; tests: tests/unit/admin/push-handler.test.ts.
'use strict'
;(function () {
  var worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self))

  /** Where a notification without a usable address leads. */
  var CONSOLE_PATH = '/audit-admin'
  var GENERIC_TITLE = 'New activity in your console'
  var ICON = '/icons/icon-192.png'
  /** Android draws the badge in one colour from its transparency: the mountains alone. */
  var BADGE = '/icons/badge-96.png'

  /**
   * The message the server sent ({ title, body, url, tag }), read defensively: a payload that is
   * not JSON, or has no title, still shows something.
   * @param {PushMessageData | null} data
   * @returns {{ title: string, body: string, url: string, tag: string }}
   */
  function readAlert(data) {
    /** @type {Record<string, unknown>} */
    var message = {}
    try {
      var parsed = data ? data.json() : null
      if (parsed && typeof parsed === 'object') message = parsed
    } catch (_) {
      // Not JSON: the generic title below.
    }
    var text = function (/** @type {unknown} */ value) {
      return typeof value === 'string' ? value.trim() : ''
    }
    return {
      title: text(message.title) || GENERIC_TITLE,
      body: text(message.body),
      url: consolePath(message.url),
      tag: text(message.tag),
    }
  }

  /**
   * A path of this site (with its query) for `url`, else the console's own page: a notification
   * can never send the consultant to another site.
   * @param {unknown} url
   * @returns {string}
   */
  function consolePath(url) {
    if (typeof url !== 'string' || url === '') return CONSOLE_PATH
    try {
      var parsed = new URL(url, worker.location.origin)
      if (parsed.origin !== worker.location.origin) return CONSOLE_PATH
      return parsed.pathname + parsed.search + parsed.hash
    } catch (_) {
      return CONSOLE_PATH
    }
  }

  worker.addEventListener('push', function (event) {
    var alert = readAlert(event.data)
    /** @type {NotificationOptions} */
    var options = { body: alert.body, icon: ICON, badge: BADGE, data: { url: alert.url } }
    // The same tag replaces the earlier notification of the same lead instead of stacking.
    if (alert.tag) options.tag = alert.tag
    event.waitUntil(worker.registration.showNotification(alert.title, options))
  })

  /**
   * Shows `path` in a window of this site: one already on the console first, then any other of
   * this site, else a new one.
   * @param {string} path
   */
  function openPath(path) {
    var target = new URL(path, worker.location.origin).href
    return worker.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then(function (clients) {
        var ours = clients.filter(function (client) {
          return new URL(client.url).origin === worker.location.origin
        })
        var onConsole = ours.filter(function (client) {
          return new URL(client.url).pathname.indexOf(CONSOLE_PATH) === 0
        })
        var client = onConsole[0] || ours[0]
        if (!client) return worker.clients.openWindow(target)
        return client.focus().then(function (focused) {
          if (focused.url === target) return focused
          // navigate() works only for a page this worker controls: null or an error otherwise.
          return focused.navigate(target).then(function (navigated) {
            return navigated || worker.clients.openWindow(target)
          })
        })
      })
      .catch(function () {
        return worker.clients.openWindow(target)
      })
  }

  worker.addEventListener('notificationclick', function (event) {
    event.notification.close()
    var data = /** @type {{ url?: unknown } | null} */ (event.notification.data)
    event.waitUntil(openPath(consolePath(data && data.url)))
  })

  // The browser dropped or replaced the subscription. The worker cannot send the new one: the
  // server wants the consultant's sign-in, which lives in the page, not here. So it only tells
  // open pages, and the console sends the subscription (or makes a new one) when it opens next.
  worker.addEventListener('pushsubscriptionchange', function (event) {
    var change = /** @type {ExtendableEvent} */ (event)
    var tellPages = worker.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then(function (clients) {
        clients.forEach(function (client) {
          client.postMessage({ type: 'push-subscription-changed' })
        })
      })
    change.waitUntil(tellPages)
  })
})()
