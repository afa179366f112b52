import { sections } from '../../config/paths'
import { SectionLink } from '../../components/SectionLink'
import { useSiteContent } from '../../components/site-content'
import { reviewTitle } from './review-title'

export function PricingSection() {
  const { packages, efficiencyReview: review, headings } = useSiteContent()
  return (
    <section
      id={sections.pricing}
      tabIndex={-1}
      className="section"
      aria-labelledby="pricing-title"
    >
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">Pricing</p>
          <h2 id="pricing-title">{headings.packages}</h2>
          <p>
            No retainers and no surprise invoices. You know the price before we start, and the work
            is yours.
          </p>
        </div>
        <ul className="pricing__grid">
          {packages.map((pkg) => {
            const popular = pkg.mostPopular
            return (
              <li
                key={pkg.id}
                className={`card price-card${popular ? ' price-card--popular' : ''}`}
              >
                {popular && <p className="price-card__flag">Most Popular</p>}
                <h3>{pkg.name}</h3>
                <p className="price-card__price">
                  <span className="price-card__amount">{pkg.price}</span>
                  {pkg.priceNote && (
                    <>
                      {' '}
                      <span>{pkg.priceNote}</span>
                    </>
                  )}
                </p>
                <p className="price-card__summary">{pkg.summary}</p>
                <ul className="checklist">
                  {pkg.features.map((feature, featureIndex) => (
                    <li key={featureIndex}>{feature}</li>
                  ))}
                </ul>
                <SectionLink
                  section={sections.contact}
                  className={`btn ${popular ? 'btn-accent' : 'btn-primary'} price-card__cta`}
                >
                  Get Started<span className="visually-hidden"> with {pkg.name}</span>
                </SectionLink>
              </li>
            )
          })}
        </ul>
        <div className="card review-offer">
          <div>
            <p className="eyebrow">Start small</p>
            <h3>{reviewTitle(review.duration)}</h3>
            <p>
              I come to you ({review.where}) for {review.duration}, watch how a normal day runs and
              hand you a short, plain-English list of the changes that would save the most time.
              Yours to keep, whether or not we work together after.
            </p>
          </div>
          <div className="review-offer__price">
            <span className="price-card__amount">{review.price}</span>
            <span>
              {review.duration}, {review.where}
            </span>
            <SectionLink section={sections.contact} className="btn btn-primary">
              Book a Review
            </SectionLink>
          </div>
        </div>
      </div>
    </section>
  )
}
