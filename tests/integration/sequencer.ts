// The order the test files start in. Vitest starts the files it has no timings for largest
// first, and a clean clone (CI) has none; the integration files that take longest are small
// (one or two tests waiting on the real clock: a scheduled issue's minute, a retry across the
// minute, a memory ceiling's soak), so they started last and ran on alone, the other workers idle,
// for up to two minutes at the end of the run. They start first now, longest first (their times
// on a two-core CI host), and the rest keeps Vitest's order.
import { basename } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The longest integration files, longest first (seconds in a CI run of 2026-12-02). */
const LONGEST_FIRST = [
  'newsletter-send', // 155 s
  'newsletter-schedule-jobs', // 116 s
  'mail-latency', // 69 s
  'abuse-memory', // 66 s
  'fuzz-users', // 60 s
  'push', // 58 s
  'queue-crash', // 54 s
  'outbox-rate-limit', // 50 s
]

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const integration = (file: TestSpecification) => file.project.name === 'integration'
    const first = LONGEST_FIRST.flatMap((name) =>
      sorted.filter((file) => integration(file) && basename(file.moduleId) === `${name}.test.ts`),
    )
    const rest = sorted.filter((file) => !first.includes(file))
    const at = rest.findIndex(integration)
    if (at < 0) return rest.concat(first)
    return [...rest.slice(0, at), ...first, ...rest.slice(at)]
  }
}
