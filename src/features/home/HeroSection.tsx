import { Link } from 'react-router-dom'
import { paths, sections } from '../../config/paths'
import { BookCallButton } from '../../components/BookCallButton'
import { SectionLink } from '../../components/SectionLink'
import { useSiteContent } from '../../components/site-content'

export function HeroSection() {
  const { hero, since } = useSiteContent()
  return (
    <section id={sections.home} tabIndex={-1} className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">Business efficiency for North Country small businesses</p>
          <h1 id="hero-title">{hero.headline}</h1>
          <p className="hero__lead">{hero.lead}</p>
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
            Your local partner, helping White Mountains businesses work smarter since {since}.
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
