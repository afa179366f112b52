// The loader of a prerendered page (scripts/prerender.mjs puts it in each page's HTML instead
// of the app's module script and module preloads). The page is complete HTML and CSS, so the
// app's code is fetched only after the first paint: on a slow link the text then gets the
// whole bandwidth, and the code follows. Plain ES5, no module: it runs in any browser.
;(function () {
  // A classic script that runs as it loads: it is the current script.
  var script = /** @type {HTMLScriptElement} */ (document.currentScript)
  function load() {
    var head = document.head
    var modules = (script.getAttribute('data-modules') || '').split(' ')
    for (var i = 0; i < modules.length; i++) {
      if (!modules[i]) continue
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = modules[i]
      head.appendChild(link)
    }
    var entry = document.createElement('script')
    entry.type = 'module'
    entry.crossOrigin = ''
    entry.src = /** @type {string} */ (script.getAttribute('data-entry'))
    head.appendChild(entry)
  }
  // Chromium may offer installation before the app's code runs: keep the offer for it
  // (src/app/pwa/install-prompt.ts takes it over).
  window.addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault()
    window.__earlyInstallOffer = event
  })
  // A form submitted before the app owns it would submit natively: the page reloads and what
  // the visitor typed is gone. Hold such a submit (marked busy) until the form's code has taken
  // the form over and sends it again (src/components/use-held-submit.ts).
  /** @type {HTMLFormElement[]} */
  var held = (window.__heldSubmits = [])
  /** @param {SubmitEvent} event */
  function hold(event) {
    var form = /** @type {HTMLFormElement & { appReady?: boolean }} */ (event.target)
    if (!form.hasAttribute('data-hold-submit') || form.appReady) return
    event.preventDefault()
    event.stopImmediatePropagation()
    form.setAttribute('aria-busy', 'true')
    if (held.indexOf(form) < 0) held.push(form)
  }
  document.addEventListener('submit', hold, true)
  // After the frame that shows the page (a deferred script runs once the stylesheets are in).
  requestAnimationFrame(function () {
    setTimeout(load, 0)
  })
})()
