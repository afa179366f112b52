import { sections } from '../../config/paths'
import { SectionLink } from '../../components/SectionLink'
import { site } from '../../config/site'

const stats = [
  { value: '1 in 4', label: 'weekday morning orders placed online' },
  { value: 'Half', label: 'as many phone calls during the rush' },
  { value: '600', label: 'locals on the weekly specials email' },
]

const tags = [
  'Marketing website',
  'Online ordering',
  'Google Business Profile',
  'Local SEO',
  'Email list',
]

export function PortfolioSection() {
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
          <h2 id="portfolio-title">A coffee shop that stopped missing the morning rush</h2>
        </div>
        <article className="case-study card">
          <div className="case-study__art">
            <div className="case-study__art-inner">
              <img
                src="/images/coffee-shop-website.svg"
                alt=""
                width="560"
                height="400"
                loading="lazy"
                decoding="async"
              />
              <ul className="case-study__stats" aria-label="Results after three months">
                {stats.map((stat) => (
                  <li key={stat.label}>
                    <strong>{stat.value}</strong> {stat.label}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="case-study__body">
            <p className="case-study__client">Birch &amp; Bean Coffee · Littleton, NH</p>
            <h3>A marketing website with online ordering</h3>
            <dl className="case-study__story">
              <div>
                <dt>The challenge</dt>
                <dd>
                  A busy Main Street café with a great local following, but no website: hours and
                  the menu lived on an old Facebook post, the phone rang all morning with the same
                  questions, and summer visitors couldn't find them.
                </dd>
              </div>
              <div>
                <dt>The solution</dt>
                <dd>
                  A fast, phone-first website with the menu, hours and directions; order-ahead for
                  pickup; a tuned Google Business Profile; and a simple sign-up for the weekly
                  specials email.
                </dd>
              </div>
              <div>
                <dt>The result</dt>
                <dd>
                  Within three months about a quarter of weekday morning orders came in online,
                  calls during the rush dropped by more than half, and the specials email reached
                  600 locals.
                </dd>
              </div>
            </dl>
            <figure className="testimonial">
              <blockquote>
                <p>
                  "{site.ownerFirstName} got us online in two weeks and explained every step. The
                  phone finally stopped ringing off the hook at 7 a.m., and our regulars love
                  ordering ahead."
                </p>
              </blockquote>
              <figcaption>Dana R., owner of Birch &amp; Bean Coffee</figcaption>
            </figure>
            <ul className="tags" aria-label="What the project included">
              {tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
            <div className="case-study__links">
              <a
                href={site.portfolioUrl}
                className="btn btn-secondary"
                target="_blank"
                rel="noopener noreferrer"
              >
                Visit the live site<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <SectionLink section={sections.contact} className="btn btn-primary">
                Want results like these? Let's talk
              </SectionLink>
            </div>
          </div>
        </article>
      </div>
    </section>
  )
}
