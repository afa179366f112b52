// The other half of the cycle.
import { a } from './cycle-a'
export const b = () => a
