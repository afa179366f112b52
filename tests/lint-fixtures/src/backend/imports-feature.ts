// Illegal: backend/ imports a feature.
import { HomePage } from '../features/home/HomePage'
export const api = HomePage
