import { sections } from '../../config/paths'
import { NewsletterForm } from '../../components/NewsletterForm'
import { SocialLinks } from '../../components/SocialLinks'
import { site } from '../../config/site'
import { CertificationBadge } from './CertificationBadge'

const towns = [
  'Littleton',
  'Lancaster',
  'Berlin',
  'Gorham',
  'Lincoln',
  'Franconia',
  'Bethlehem',
  'North Conway',
]

const steps = [
  {
    title: '90-minute Efficiency Review',
    text: 'We sit down at your place of business and walk through how work really flows: calls, bookings, quotes, invoices and follow-ups. You leave with a short list of where the hours go.',
  },
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
            Hi, I'm {site.ownerFirstName}. I help local businesses run smoother.
          </h2>
          <p>
            I've lived and worked in the North Country for most of my life, and since {site.since}{' '}
            I've helped small businesses across the White Mountains - inns, contractors, outfitters,
            cafés, clinics and shops - find customers online and stop losing hours to paperwork.
          </p>
          <p>
            I'm not an agency. When you call, you get me, and I'll explain everything in plain
            English. My job is to make the computer do the boring parts so you can get back to the
            work only you can do.
          </p>
          <p className="about__towns">
            <span className="about__towns-label">Working with businesses in </span>
            {towns.join(' · ')} and the towns in between.
          </p>
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
              <li key={step.title} className="steps__item">
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
