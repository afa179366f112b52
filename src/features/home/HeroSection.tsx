import { Link } from 'react-router-dom'
import { paths, sections } from '../../config/paths'
import { BookCallButton } from '../../components/BookCallButton'
import { SectionLink } from '../../components/SectionLink'
import { site } from '../../config/site'

export function HeroSection() {
  return (
    <section id={sections.home} tabIndex={-1} className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">Business efficiency for North Country small businesses</p>
          <h1 id="hero-title">More customers in the door. Less busywork behind it.</h1>
          <p className="hero__lead">
            I'm {site.ownerFirstName}, a consultant in New Hampshire's White Mountains. I set up
            websites, online booking and simple automations so local businesses win more work and
            get their evenings back.
          </p>
          <div className="hero__actions">
            <BookCallButton />
            <Link to={paths.freeAudit} className="btn btn-primary">
              Take Free Business Audit
            </Link>
            <SectionLink section={sections.services} className="btn btn-secondary">
              See My Solutions
            </SectionLink>
          </div>
          <p className="hero__tagline">
            Your local partner, helping White Mountains businesses work smarter since {site.since}.
          </p>
        </div>
        <div className="hero__art">
          <img
            src="/images/white-mountains.svg"
            alt=""
            width="560"
            height="420"
            fetchPriority="high"
            decoding="async"
          />
          <ul className="hero__facts">
            <li>
              <strong>Local</strong> to the North Country
            </li>
            <li>
              <strong>Fixed</strong> one-time prices
            </li>
            <li>
              <strong>Plain</strong> English, no jargon
            </li>
          </ul>
        </div>
      </div>
    </section>
  )
}
