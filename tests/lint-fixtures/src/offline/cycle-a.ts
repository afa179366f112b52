// Illegal: cycle-a and cycle-b import each other.
import { b } from './cycle-b'
export const a = () => b
