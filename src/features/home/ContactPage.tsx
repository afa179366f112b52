import { ContactSection } from './ContactSection'
import './home.css'

/** `/contact`: the home page's contact section on its own. */
export default function ContactPage() {
  return (
    <main id="main" tabIndex={-1}>
      <ContactSection headingLevel={1} />
    </main>
  )
}
