// Illegal: another area's module, not its index.ts.
import { enqueue } from '../queue/enqueue'
export const send = enqueue
