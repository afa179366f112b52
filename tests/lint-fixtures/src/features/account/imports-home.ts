// Illegal: one feature imports another.
import { HomePage } from '../home/HomePage'
export const Dashboard = HomePage
