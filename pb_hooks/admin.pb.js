/// <reference path="../.pb-types/types.d.ts" />
// The consultant's console: counters over ALL audits, computed by the database, for the
// admin page (/audit-admin). Only a user with isAdmin (or a superuser) may read them; the
// collection rules guard everything else the page reads.
//
// GET /api/admin/audit-stats?email=<contains>&since=<YYYY-MM-DD HH:MM:SS.sssZ>
//   -> 200 { total, high, medium, low }   high: 80+, medium: 60-79, low: under 60
//   -> 401 without a session, 403 for a signed-in non-admin, 400 for a malformed `since`

routerAdd(
  'GET',
  '/api/admin/audit-stats',
  (e) => {
    const isSuperuser = e.hasSuperuserAuth()
    if (
      !isSuperuser &&
      !(e.auth && e.auth.collection().name === 'users' && e.auth.get('isAdmin') === true)
    ) {
      throw new ForbiddenError('Only the site admin can read audit statistics.')
    }

    const query = e.request.url.query()
    const email = String(query.get('email') || '').trim()
    const since = String(query.get('since') || '').trim()
    if (email.length > 320) throw new BadRequestError('The e-mail filter is too long.')
    if (since && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(since)) {
      throw new BadRequestError('`since` must look like 2026-11-21 00:00:00.000Z.')
    }

    // Same meaning as the list's `email ~ {:q}` filter: a literal, case-insensitive (ASCII)
    // "contains"; the user's % and _ are matched as characters, not as wildcards.
    const pattern = '%' + email.replace(/[\\%_]/g, (c) => '\\' + c) + '%'
    const where = ["email LIKE {:pattern} ESCAPE '\\'"]
    /** @type {Record<string, string | number>} */
    const params = { pattern: pattern }
    if (since) {
      where.push('created >= {:since}')
      params.since = since
    }

    // The site's score bands (src/config/score-bands.ts): high = green, medium = yellow.
    const { SCORE_BANDS } = /** @type {typeof import('./lib/shared.cjs')} */ (
      require(`${__hooks}/lib/shared.cjs`)
    )
    params.high = SCORE_BANDS.green.min
    params.medium = SCORE_BANDS.yellow.min
    const result = new DynamicModel({ total: 0, high: 0, medium: 0, low: 0 })
    e.app
      .db()
      .newQuery(
        'SELECT COUNT(*) AS total, ' +
          'COALESCE(SUM(CASE WHEN COALESCE(overallScore, 0) >= {:high} THEN 1 ELSE 0 END), 0) AS high, ' +
          'COALESCE(SUM(CASE WHEN COALESCE(overallScore, 0) >= {:medium} AND COALESCE(overallScore, 0) < {:high} THEN 1 ELSE 0 END), 0) AS medium, ' +
          'COALESCE(SUM(CASE WHEN COALESCE(overallScore, 0) < {:medium} THEN 1 ELSE 0 END), 0) AS low ' +
          'FROM audits WHERE ' +
          where.join(' AND '),
      )
      .bind(params)
      .one(result)

    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, {
      total: result.total,
      high: result.high,
      medium: result.medium,
      low: result.low,
    })
  },
  $apis.requireAuth('users', '_superusers'),
)
