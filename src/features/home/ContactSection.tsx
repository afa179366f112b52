import { sections } from '../../config/paths'
import { BookCallButton } from '../../components/BookCallButton'
import { ContactForm } from '../../components/ContactForm'
import { CopyEmailButton } from '../../components/CopyEmailButton'
import { site } from '../../config/site'

export function ContactSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  // One level below the section's heading, whatever that is (no skipped level on /contact).
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3'
  return (
    <section
      id={sections.contact}
      tabIndex={-1}
      className="section section--spruce"
      aria-labelledby="contact-title"
    >
      <div className="container contact__grid">
        <div className="contact__intro">
          <p className="eyebrow">Get in touch</p>
          <Heading id="contact-title">Let's find you some time back</Heading>
          <p>
            Tell me a little about your business and what's eating your week. I read every message
            myself and reply within one business day. Prefer to talk? Grab a free 15-minute call.
          </p>
          <BookCallButton />
          <dl className="contact__details">
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${site.email}`}>{site.email}</a>{' '}
                <CopyEmailButton email={site.email} />
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${site.phone.tel}`}>{site.phone.display}</a>
              </dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{site.location}</dd>
            </div>
          </dl>
        </div>
        <div className="card contact__form">
          <SubHeading className="contact__form-title">Send a message</SubHeading>
          <ContactForm />
        </div>
      </div>
    </section>
  )
}
