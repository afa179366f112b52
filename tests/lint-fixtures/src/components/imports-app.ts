// Illegal: a shared component imports the app layer.
import { Layout } from '../app/Layout'
export const Header = Layout
