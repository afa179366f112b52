// Legal: a feature imports config, a lower layer.
import { home } from '../../config/paths'
export const link = home
