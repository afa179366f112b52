import { sections } from '../../config/paths'
import { NewsletterForm } from '../../components/NewsletterForm'
import { SocialLinks } from '../../components/SocialLinks'
import { useSiteContent } from '../../components/site-content'
import { firstNameOf } from '../../config/site-content-helpers'
import { CertificationBadge } from './CertificationBadge'
import { reviewTitle } from './review-title'

const REVIEW_STEP =
  'We sit down at your place of business and walk through how work really flows: calls, bookings, quotes, invoices and follow-ups. You leave with a short list of where the hours go.'

const laterSteps = [
  {
    title: 'A simple solution and an easy win',
    text: 'No big-bang projects. We start with the one change that pays off fastest, usually live within a week, built on tools you already have where possible.',
  },
  {
    title: 'Time back',
    text: 'Fewer missed calls, fewer no-shows, less typing the same thing twice. More time for your customers, your family, or a Saturday on the trails.',
  },
]

export function AboutSection() {
  const content = useSiteContent()
  const steps = [
    { title: reviewTitle(content.efficiencyReview.duration), text: REVIEW_STEP },
    ...laterSteps,
  ]
  return (
    <section
      id={sections.about}
      tabIndex={-1}
      className="section section--birch"
      aria-labelledby="about-title"
    >
      <div className="container about__grid">
        <div className="about__bio">
          <p className="eyebrow">About</p>
          <h2 id="about-title">
            Hi, I'm {firstNameOf(content)}. I help local businesses run smoother.
          </h2>
          {content.about.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          {content.towns.length > 0 && (
            <p className="about__towns">
              <span className="about__towns-label">Working with businesses in </span>
              {content.towns.join(' · ')} and the towns in between.
            </p>
          )}
          <div className="about__badges">
            <CertificationBadge issuer="Google Analytics" credential="Certified" icon="analytics" />
            <CertificationBadge
              issuer="Google Ads"
              credential="Measurement Certified"
              icon="measurement"
            />
          </div>
        </div>
        <div className="about__process">
          <h3>How working together goes</h3>
          <ol className="steps">
            {steps.map((step, index) => (
              <li key={index} className="steps__item">
                <span className="steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h4>{step.title}</h4>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <div className="container about__connect">
        <div className="card newsletter-card">
          <h3>Get business growth tips</h3>
          <p>
            One short email a month with a practical idea you can use that week: a template, a
            shortcut, a tool worth trying. No spam, unsubscribe any time.
          </p>
          <NewsletterForm source="about" variant="about" />
        </div>
        <div className="about__social">
          <h3>Say hello elsewhere</h3>
          <p>Tips, before-and-afters and the occasional mountain photo.</p>
          <SocialLinks />
        </div>
      </div>
    </section>
  )
}
