// The webhooks' public surface, built on the queue's.
import { enqueue } from '../queue/index'
export const kinds = { webhook: enqueue }
