import { sections } from '../../config/paths'
import { BookCallButton } from '../../components/BookCallButton'
import { ContactForm } from '../../components/ContactForm'
import { CopyEmailButton } from '../../components/CopyEmailButton'
import { useSiteContent } from '../../components/site-content'
import { mailtoHref } from '../../config/email-address'
import { phoneHref } from '../../config/site-content-helpers'

export function ContactSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  // One level below the section's heading, whatever that is (no skipped level on /contact).
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3'
  const content = useSiteContent()
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
                <a href={mailtoHref(content.email)}>{content.email}</a>{' '}
                <CopyEmailButton email={content.email} />
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={phoneHref(content)}>{content.phone}</a>
              </dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{content.location}</dd>
            </div>
            {content.hours.length > 0 && (
              <div>
                <dt>Hours</dt>
                {content.hours.map((line, index) => (
                  <dd key={index}>{line}</dd>
                ))}
              </div>
            )}
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
