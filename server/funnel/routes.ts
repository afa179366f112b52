// The funnel's reading routes (registered by pb_hooks/funnel.pb.js): the consultant's funnel
// report and the visitors' peer benchmark, both counted by the database.
import { noStore } from '../platform/request'
import { requireConsultant } from '../platform/auth'
import { badRequest } from '../platform/errors'
import type { RequestEvent } from '../platform/events'
import { FUNNEL_PERIODS, PEER_MIN_AUDITS } from '../../src/config/leads'
import type { FunnelReport, PeerBenchmarkAnswer } from './api'
import { peerBenchmark } from './histograms'
import { funnelReport } from './report'

/** GET /api/admin/funnel?days=7|30|90 -> the funnel report (admin only). */
export function readFunnel(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can read the funnel.')
  const days = Number(e.request.url?.query().get('days') || '30')
  if ((FUNNEL_PERIODS as readonly number[]).indexOf(days) < 0) {
    throw badRequest('`days` must be one of ' + FUNNEL_PERIODS.join(', ') + '.', {
      days: ['validation_invalid_value', 'Unknown period.'],
    })
  }
  noStore(e)
  const report: FunnelReport = funnelReport(e.app, days, Date.now())
  return e.json(200, report)
}

/**
 * GET /api/peer-benchmark -> score histograms once enough audits exist; recomputed at most every
 * 10 minutes (cached in the app store), cacheable by browsers for as long. The funnel report
 * counts its section averages afresh.
 */
export function readPeerBenchmark(e: RequestEvent): unknown {
  const answer = peerBenchmark(e.app, PEER_MIN_AUDITS, Date.now())
  e.response.header().set('Cache-Control', 'public, max-age=600')
  const benchmark: PeerBenchmarkAnswer = {
    computedAt: new Date(answer.computedAt).toISOString(),
    minAudits: PEER_MIN_AUDITS,
    ...answer.benchmark,
  }
  return e.json(200, benchmark)
}
