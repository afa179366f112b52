// The audit engine's one entry, used by the browser and (bundled into the server by
// scripts/build-server.mjs) by server/leads/audits.ts, the hook pb_hooks/audits.pb.js calls. Pure:
// no I/O, clock or randomness. The audit's first-paint code imports ./questionnaire.ts alone (the
// questions and their scoring, without the recommendations' texts), and the payoff model
// (./payoff.ts) is a module of its own: both belong to the report.
import { recommend } from './recommendations'
import { scoreAudit } from './questionnaire'
import type { AuditEvaluation, AuditScoring } from './types'

export * from './questionnaire'
export {
  GENERAL_SECTION,
  TOP_RECOMMENDATION_LIMIT,
  generalRecommendations,
  recommendationRules,
} from './recommendations'
export type { RecommendationRule } from './recommendations'

/**
 * Scores an audit and draws its recommendations: scoreAudit (./questionnaire.ts), then
 * withRecommendations. The same input always gives the same output, in browser and server alike.
 */
export function evaluateAudit(
  answers: Record<string, string>,
  otherTexts: Record<string, string> = {},
): AuditEvaluation {
  return withRecommendations(scoreAudit(answers, otherTexts))
}

/** A scored audit with its recommendations: the top 3 and those of each section. */
export function withRecommendations(scoring: AuditScoring): AuditEvaluation {
  return { ...scoring, recommendations: recommend(scoring.answers, scoring.scores) }
}
