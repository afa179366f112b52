// A module inside the queue.
import type { App } from '../platform/events'
export const enqueue = (app: App) => app.name
