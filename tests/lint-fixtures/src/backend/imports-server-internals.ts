// Illegal: the browser imports server code that is not an api.ts.
import { enqueue } from '../../server/queue/enqueue'
export const queued = enqueue
