// The consultant's console: counters over ALL audits, computed by the database, for the admin
// page (/audit-admin). Only a user with isAdmin (or a superuser) may read them; the collection
// rules guard everything else the page reads.
//
// GET /api/admin/audit-stats?email=<contains>&since=<YYYY-MM-DD HH:MM:SS.sssZ>
//   -> 200 { total, high, medium, low }   high: 80+, medium: 60-79, low: under 60
//   -> 401 without a session, 403 for a signed-in non-admin, 400 for a malformed `since`
import { noStore } from '../platform/request'
import { requireConsultant } from '../platform/auth'
import { badRequest } from '../platform/errors'
import type { RequestEvent } from '../platform/events'
import { selectRow } from '../platform/sql'
import { SCORE_BANDS } from '../../src/config/score-bands'
import type { AuditStats } from './api'

export function readAuditStats(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can read audit statistics.')

  const query = e.request.url?.query()
  const email = String(query?.get('email') || '').trim()
  const since = String(query?.get('since') || '').trim()
  if (email.length > 320) throw badRequest('The e-mail filter is too long.')
  if (since && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(since)) {
    throw badRequest('`since` must look like 2026-11-21 00:00:00.000Z.')
  }

  // Same meaning as the list's `email ~ {:q}` filter: a literal, case-insensitive (ASCII)
  // "contains"; the user's % and _ are matched as characters, not as wildcards.
  const pattern = '%' + email.replace(/[\\%_]/g, (c) => '\\' + c) + '%'
  const where = ["email LIKE {:pattern} ESCAPE '\\'"]
  const params: Record<string, string | number> = { pattern }
  if (since) {
    where.push('created >= {:since}')
    params.since = since
  }

  // The site's score bands (src/config/score-bands.ts): high = green, medium = yellow.
  params.high = SCORE_BANDS.green.min
  params.medium = SCORE_BANDS.yellow.min
  const counted = selectRow(
    e.app,
    'SELECT COUNT(*) AS total, ' +
      'COALESCE(SUM(CASE WHEN COALESCE(overallScore, 0) >= {:high} THEN 1 ELSE 0 END), 0) AS high, ' +
      'COALESCE(SUM(CASE WHEN COALESCE(overallScore, 0) >= {:medium} AND COALESCE(overallScore, 0) < {:high} THEN 1 ELSE 0 END), 0) AS medium, ' +
      'COALESCE(SUM(CASE WHEN COALESCE(overallScore, 0) < {:medium} THEN 1 ELSE 0 END), 0) AS low ' +
      'FROM audits WHERE ' +
      where.join(' AND '),
    params,
    { total: 0, high: 0, medium: 0, low: 0 },
  )

  noStore(e)
  const stats: AuditStats = {
    total: counted ? counted.total : 0,
    high: counted ? counted.high : 0,
    medium: counted ? counted.medium : 0,
    low: counted ? counted.low : 0,
  }
  return e.json(200, stats)
}
