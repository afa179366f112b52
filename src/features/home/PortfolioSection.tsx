import { sections } from '../../config/paths'
import { SectionLink } from '../../components/SectionLink'
import { useSiteContent } from '../../components/site-content'
import { pictureSources } from '../../config/site-content-helpers'
import type { SiteCaseStudy, SiteContent, SiteTestimonial } from '../../config/site-content'

/** Whether the home page has a "My work" section: a case study or a testimonial to show. */
export function hasPortfolio(content: Pick<SiteContent, 'caseStudies' | 'testimonials'>): boolean {
  return content.caseStudies.length > 0 || content.testimonials.length > 0
}

export function PortfolioSection() {
  const content = useSiteContent()
  const { caseStudies, testimonials } = content
  if (!hasPortfolio(content)) return null
  // The first testimonial stands inside the first case study; the others (all of them when there
  // is no case study) follow the case studies.
  const featured = caseStudies.length > 0 ? testimonials[0] : undefined
  const others = caseStudies.length > 0 ? testimonials.slice(1) : testimonials
  return (
    <section
      id={sections.portfolio}
      tabIndex={-1}
      className="section section--birch"
      aria-labelledby="portfolio-title"
    >
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">My work</p>
          <h2 id="portfolio-title">
            {caseStudies.length > 0 ? content.headings.portfolio : 'What clients say'}
          </h2>
        </div>
        {caseStudies.map((caseStudy, index) => (
          <CaseStudy
            key={index}
            caseStudy={caseStudy}
            testimonial={index === 0 ? featured : undefined}
          />
        ))}
        {others.length > 0 && (
          <ul className="testimonials">
            {others.map((testimonial, index) => (
              <li key={index}>
                <Testimonial testimonial={testimonial} />
              </li>
            ))}
          </ul>
        )}
        {caseStudies.length === 0 && (
          <p className="portfolio__contact">
            <SectionLink section={sections.contact} className="btn btn-primary">
              Want results like these? Let's talk
            </SectionLink>
          </p>
        )}
      </div>
    </section>
  )
}

function CaseStudy({
  caseStudy,
  testimonial,
}: {
  caseStudy: SiteCaseStudy
  testimonial: SiteTestimonial | undefined
}) {
  const picture = caseStudy.picture ? pictureSources(caseStudy.picture) : null
  return (
    <article className="case-study card">
      <div className="case-study__art">
        <div className="case-study__art-inner">
          {picture && (
            <img
              src={picture.src}
              srcSet={picture.srcSet}
              sizes={picture.srcSet ? '(min-width: 900px) 560px, 100vw' : undefined}
              alt={caseStudy.pictureAlt}
              width="560"
              height="400"
              loading="lazy"
              decoding="async"
            />
          )}
          {caseStudy.stats.length > 0 && (
            <ul className="case-study__stats" aria-label="Results after three months">
              {caseStudy.stats.map((stat, index) => (
                <li key={index}>
                  <strong>{stat.value}</strong> {stat.label}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="case-study__body">
        <p className="case-study__client">{caseStudy.client}</p>
        <h3>{caseStudy.title}</h3>
        <dl className="case-study__story">
          <div>
            <dt>The challenge</dt>
            <dd>{caseStudy.challenge}</dd>
          </div>
          <div>
            <dt>The solution</dt>
            <dd>{caseStudy.solution}</dd>
          </div>
          <div>
            <dt>The result</dt>
            <dd>{caseStudy.result}</dd>
          </div>
        </dl>
        {testimonial && <Testimonial testimonial={testimonial} />}
        {caseStudy.tags.length > 0 && (
          <ul className="tags" aria-label="What the project included">
            {caseStudy.tags.map((tag, index) => (
              <li key={index}>{tag}</li>
            ))}
          </ul>
        )}
        <div className="case-study__links">
          {caseStudy.url && (
            <a
              href={caseStudy.url}
              className="btn btn-secondary"
              target="_blank"
              rel="noopener noreferrer"
            >
              Visit the live site<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          <SectionLink section={sections.contact} className="btn btn-primary">
            Want results like these? Let's talk
          </SectionLink>
        </div>
      </div>
    </article>
  )
}

/** A client's words, with "name, town" under them. */
function Testimonial({ testimonial }: { testimonial: SiteTestimonial }) {
  return (
    <figure className="testimonial">
      <blockquote>
        <p>{`"${testimonial.quote}"`}</p>
      </blockquote>
      <figcaption>
        {testimonial.town ? `${testimonial.name}, ${testimonial.town}` : testimonial.name}
      </figcaption>
    </figure>
  )
}
