import { Link } from 'react-router-dom'
import { useSiteContent } from '../../components/site-content'
import { paths, sections } from '../../config/paths'

// One icon per column, by its place: a house for winning customers, a checked box for getting the
// work done right; a third column takes the house again.
const ICONS = [
  'M3 21V9l9-6 9 6v12h-6v-7H9v7Z',
  'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9',
]

export function ServicesSection() {
  const { services, headings } = useSiteContent()
  return (
    <section
      id={sections.services}
      tabIndex={-1}
      className="section"
      aria-labelledby="services-title"
    >
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">What I do</p>
          <h2 id="services-title">{headings.services}</h2>
          <p>
            A steady flow of new customers, and work that gets done right the first time. I help
            with both, using tools that fit the size of your business.
          </p>
        </div>
        <div className="services__grid">
          {services.map((column, index) => (
            <div key={index} className="card services__column">
              <svg
                className="services__icon"
                viewBox="0 0 24 24"
                width="40"
                height="40"
                aria-hidden="true"
              >
                <path
                  d={ICONS[index % ICONS.length]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <h3>{column.title}</h3>
              <p className="services__intro">{column.intro}</p>
              <ul className="services__list">
                {column.items.map((service, serviceIndex) => (
                  <li key={serviceIndex}>
                    <strong>{service.title}</strong>
                    <span>{service.text}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="cta-band">
          <div>
            <h3>Not sure where to start?</h3>
            <p>
              Take the Free Business Audit: 5 minutes of multiple-choice questions and you'll see
              your score, your weakest area and the three changes that would save you the most time.
            </p>
          </div>
          <Link to={paths.freeAudit} className="btn btn-accent">
            Take the Free Business Audit
          </Link>
        </div>
      </div>
    </section>
  )
}
