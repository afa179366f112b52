// Test helper: answers the real audit engine scores at an exact overall score, so seeded
// audits can sit on the band edges (59/60, 79/80). Used by the admin integration and e2e tests.
import { evaluateAudit, questions } from '../../../src/audit/index'
import type { ScoredAnswer } from '../../../src/audit/index'

/** A subset-sum over the option scores, checked with evaluateAudit. */
export function answersScoring(target: number): Record<string, ScoredAnswer> {
  let paths = new Map<number, number[]>([[0, []]])
  for (const q of questions) {
    const next = new Map<number, number[]>()
    for (const [sum, path] of paths) {
      q.options.forEach((o, i) => {
        if (!next.has(sum + o.score)) next.set(sum + o.score, [...path, i])
      })
    }
    paths = next
  }
  for (const path of paths.values()) {
    const values = Object.fromEntries(questions.map((q, j) => [q.id, q.options[path[j]].value]))
    const evaluation = evaluateAudit(values)
    if (evaluation.scores.overallScore === target) return evaluation.answers
  }
  throw new Error(`no answers score exactly ${target}`)
}
