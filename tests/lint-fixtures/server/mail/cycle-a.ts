// Illegal: a cycle inside an area.
import { b } from './cycle-b'
export const a = () => b
