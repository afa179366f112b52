// Allowed: the server imports the pure facts of src/.
import { home } from '../../src/config/paths'
export const start = home
