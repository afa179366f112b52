// An audit's create request does what its answer needs and nothing more (pb_hooks/audits.pb.js):
// the input limits, validation and scoring, the sender's daily cap and the first touch, one after
// the other in ONE hook. Each hook a create passes holds one of PocketBase's JavaScript engines
// while the rest of the create runs, and a busy pool makes a new engine for each call, which
// loads the hook's module anew: five hooks and their modules made an audit create many times
// dearer than a plain one. The save and its job: ./audit-save.ts.
import { countCreate, giveBack, inputErrors, inputProblems, sentBody } from '../limits/index'
import { cleanFirstTouch } from '../people/index'
import { hasProblems } from '../platform/errors'
import type { RecordRequestEvent } from '../platform/events'
import { scoreAudit } from './audits'
import { whileClientIpKept } from './client-ip'

/**
 * The create request: 400 naming the field for a bad submission, 429 past the sender's daily cap
 * (the count is given back when the create then fails), then the rest of the create with the
 * client's address kept for the save.
 */
export function checkAudit(e: RecordRequestEvent): void {
  scoreAudit(e)
  const problems = inputProblems(e.collection.name, sentBody(e), e.record)
  if (hasProblems(problems)) {
    throw new BadRequestError('Failed to create record.', inputErrors(problems))
  }
  const counted = countCreate(e, e.collection.name, Date.now())
  try {
    cleanFirstTouch(e.record)
    return whileClientIpKept(e, () => e.next())
  } catch (err) {
    giveBack(e.app, counted)
    throw err
  }
}
