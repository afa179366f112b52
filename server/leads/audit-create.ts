// An audit's create request does what its answer needs and nothing more (pb_hooks/audits.pb.js):
// the input limits, validation and scoring, the sender's daily cap and the first touch, one after
// the other in ONE hook. Each hook a create passes holds one of PocketBase's JavaScript engines
// while the rest of the create runs, and a busy pool makes a new engine for each call, which
// loads the hook's module anew: five hooks and their modules made an audit create many times
// dearer than a plain one. The audit's job is queued by its INSERT (./audit-saved-job.ts).
import { countCreate, giveBack, inputErrors, inputProblems, sentBody } from '../limits/index'
import { cleanFirstTouch } from '../people/index'
import { hasProblems } from '../platform/errors'
import { wake } from '../queue/index'
import type { RecordRequestEvent } from '../platform/events'
import { scoreAudit } from './audits'
import { CLIENT_IP_FIELD } from './audit-saved-job'

/**
 * The create request: 400 naming the field for a bad submission, 429 past the sender's daily cap
 * (the count is given back when the create then fails), then the rest of the create with the
 * client's address for the job (none for a superuser's), and the job lane woken.
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
    e.record.set(CLIENT_IP_FIELD, e.hasSuperuserAuth() ? '' : e.realIP())
    e.next()
  } catch (err) {
    giveBack(e.app, counted)
    throw err
  }
  // The audit's INSERT queued its job (a trigger): the dispatcher's job lane looks at once.
  wake(e.app, 'job')
}
