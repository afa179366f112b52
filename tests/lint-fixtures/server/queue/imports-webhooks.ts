// Illegal: the queue (lower) imports a feature above it.
import { kinds } from '../webhooks/index'
export const known = kinds
