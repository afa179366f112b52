// Allowed: the browser takes the server's answer types from its api.ts.
import type { Health } from '../../server/queue/api'
export const empty: Health = { waiting: 0 }
