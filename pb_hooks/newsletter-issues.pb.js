/// <reference path="../.pb-types/types.d.ts" />
// Newsletter issues (lib/newsletter-issues.js): drafts autosaved from the console, test copies,
// the send, the schedule, results, the signed click redirect and the public archive.
//
// Routes (admins and superusers unless said otherwise; every body is small, limited before it
// is read):
//   GET  /api/newsletter/settings                 what the composer needs: active subscribers,
//                                                 postal address, time zone, rate, preview frame
//   POST /api/newsletter/issues/{id}/test          a test copy to the signed-in admin
//   POST /api/newsletter/issues/{id}/send          starts the send now -> { recipients }
//   POST /api/newsletter/issues/{id}/schedule      {at: "YYYY-MM-DDTHH:MM" | null} on the site's clock
//   GET  /api/newsletter/issues/{id}/results       progress, failures, unsubscribes, clicks
//   POST /api/newsletter/run                       superusers: {now?} starts due issues, finishes sends
//   GET  /api/newsletter/click?i=&u=&s=            anyone: counts a click, 302 to the signed address
//   GET  /newsletter, /newsletter/{slug}           anyone: the archive's pages, whole HTML
//   GET  /sitemap.xml                              anyone: the build's sitemap plus the archive

// A new issue from the console (through its outbox, with an id made on the device): a draft.
onRecordCreateRequest((e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  issues.prepareNewIssue(e.record)
  return e.next()
}, 'newsletter_issues')

// An autosaved edit: refused (400 naming `issue`) once the issue is being sent; applied to its
// issue in the edit's own transaction, unless a newer edit was applied already.
onRecordCreateRequest((e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  issues.editableIssue(e.app, e.record.getString('issue'))
  return e.next()
}, 'newsletter_issue_edits')

onRecordCreateExecute((e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  e.app.runInTransaction((txApp) => {
    const outerApp = e.app
    e.app = txApp
    try {
      e.next()
    } finally {
      e.app = outerApp
    }
    issues.applyEdit(txApp, e.record)
  })
}, 'newsletter_issue_edits')

routerAdd('GET', '/api/newsletter/settings', (e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  issues.requireAdmin(e)
  e.response.header().set('Cache-Control', 'no-store')
  const postalAddress = issues.postalAddress()
  return e.json(200, {
    activeSubscribers: issues.activeSubscribers(e.app),
    postalAddress,
    canSend: postalAddress !== '',
    timeZone: issues.siteTimeZone(),
    ratePerMinute: issues.ratePerMinute(),
    now: issues.msToWallTime(Date.now(), issues.siteTimeZone()),
    frame: issues.previewFrame(e.app),
  })
})

routerAdd('POST', '/api/newsletter/issues/{id}/test', (e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  issues.requireAdmin(e)
  e.response.header().set('Cache-Control', 'no-store')
  const issue = issues.findIssue(e.app, e.request.pathValue('id'))
  const to = e.auth ? e.auth.getString('email') : ''
  if (!to) throw new BadRequestError('Your account has no e-mail address to send the test to.')
  const queued = issues.queueTest(e.app, issue, to)
  if (queued.queued === false) {
    throw new ApiError(429, `The test was not queued: ${queued.reason}.`, {})
  }
  return e.json(200, { to })
})

routerAdd('POST', '/api/newsletter/issues/{id}/send', (e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  issues.requireAdmin(e)
  e.response.header().set('Cache-Control', 'no-store')
  const recipients = issues.startSend(e.app, e.request.pathValue('id'), Date.now())
  return e.json(200, { status: 'sending', recipients })
})

routerAdd('POST', '/api/newsletter/issues/{id}/schedule', (e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  issues.requireAdmin(e)
  e.response.header().set('Cache-Control', 'no-store')
  const body = e.requestInfo().body || {}
  if (body.at !== null && typeof body.at !== 'string') {
    throw issues.fieldError('at', 'Give the date and time as YYYY-MM-DDTHH:MM, or null.')
  }
  const issue = issues.findIssue(e.app, e.request.pathValue('id'))
  issues.schedule(e.app, issue, body.at, Date.now())
  return e.json(200, {
    status: issue.getString('status'),
    scheduledAt: issue.getString('scheduledAt'),
  })
})

routerAdd('GET', '/api/newsletter/issues/{id}/results', (e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  issues.requireAdmin(e)
  e.response.header().set('Cache-Control', 'no-store')
  let issue = issues.findIssue(e.app, e.request.pathValue('id'))
  if (issue.getString('status') === 'sending') {
    issues.finishSends(e.app, Date.now())
    issue = issues.findIssue(e.app, issue.id)
  }
  return e.json(200, issues.results(e.app, issue))
})

routerAdd(
  'POST',
  '/api/newsletter/run',
  (e) => {
    const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
      require(`${__hooks}/lib/newsletter-issues.js`)
    )
    const body = e.requestInfo().body || {}
    const now = typeof body.now === 'string' ? Date.parse(body.now) : Date.now()
    if (!isFinite(now)) throw issues.fieldError('now', '`now` must be an ISO time.')
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, issues.runDue(e.app, now))
  },
  $apis.requireSuperuserAuth(),
)

routerAdd('GET', '/api/newsletter/click', (e) => {
  const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  const query = e.request.url.query()
  const issueId = String(query.get('i') || '')
  const target = issues.verifiedClickTarget(
    e.app,
    issueId,
    String(query.get('u') || ''),
    String(query.get('s') || ''),
  )
  e.response.header().set('Cache-Control', 'no-store')
  e.response.header().set('Referrer-Policy', 'no-referrer')
  if (!target) throw new BadRequestError('This link is not valid.')
  try {
    issues.recordClick(e.app, issueId, target)
  } catch (err) {
    // A click that cannot be counted still goes where the reader wanted.
    e.app.logger().warn('newsletter: click not counted', 'issue', issueId, 'error', String(err))
  }
  return e.redirect(302, target)
})

routerAdd('GET', '/newsletter', (e) =>
  /** @type {typeof import('./lib/newsletter-archive.js')} */ (
    require(`${__hooks}/lib/newsletter-archive.js`)
  ).respond(e, null),
)
routerAdd('GET', '/newsletter/{$}', (e) =>
  /** @type {typeof import('./lib/newsletter-archive.js')} */ (
    require(`${__hooks}/lib/newsletter-archive.js`)
  ).respond(e, null),
)
routerAdd('GET', '/newsletter/{slug}', (e) =>
  /** @type {typeof import('./lib/newsletter-archive.js')} */ (
    require(`${__hooks}/lib/newsletter-archive.js`)
  ).respond(e, e.request.pathValue('slug')),
)

routerAdd('GET', '/sitemap.xml', (e) => {
  const { sitemap } = /** @type {typeof import('./lib/newsletter-archive.js')} */ (
    require(`${__hooks}/lib/newsletter-archive.js`)
  )
  const xml = sitemap(e.app)
  if (xml === null) return e.string(404, 'Not found')
  e.response.header().set('Cache-Control', 'no-cache')
  e.response.header().set('Content-Type', 'application/xml; charset=utf-8')
  return e.string(200, xml)
})

// Every minute: scheduled issues whose time has come start; finished sends become `sent`.
cronAdd('newsletter_issues', '* * * * *', () => {
  try {
    const newsletterIssues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
      require(`${__hooks}/lib/newsletter-issues.js`)
    )
    newsletterIssues.runDue(/** @type {core.App} */ (/** @type {unknown} */ ($app)), Date.now())
  } catch (err) {
    $app.logger().error('newsletter: issue run failed', 'error', String(err))
  }
})
