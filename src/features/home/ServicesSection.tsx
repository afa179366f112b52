import { Link } from 'react-router-dom'
import { paths, sections } from '../../config/paths'

const columns = [
  {
    title: 'Getting customers in the door',
    intro: 'Be easy to find, easy to trust and easy to book.',
    icon: 'M3 21V9l9-6 9 6v12h-6v-7H9v7Z',
    items: [
      [
        'Websites that work on phones',
        'Fast, clear sites that turn visitors into calls, quotes and bookings.',
      ],
      [
        'Google Business Profile and local search',
        'Show up when someone nearby searches for what you do.',
      ],
      [
        'Social media that fits your week',
        'A simple posting plan and templates, not another full-time job.',
      ],
      [
        'Email newsletters and follow-up',
        'Stay in touch with past customers so they come back and send friends.',
      ],
    ],
  },
  {
    title: 'Making sure work gets done right',
    intro: 'Systems that keep jobs moving without you chasing them.',
    icon: 'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9',
    items: [
      ['Online booking and reminders', 'Customers book themselves; reminders cut no-shows.'],
      [
        'Intake forms and project tracking',
        'Every request lands in one place with the details you need.',
      ],
      ['Process automation', 'Quotes, invoices and follow-ups that send themselves on time.'],
      ['Simple dashboards', "See this month's leads, jobs and revenue at a glance."],
    ],
  },
]

export function ServicesSection() {
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
          <h2 id="services-title">Two things keep a small business healthy</h2>
          <p>
            A steady flow of new customers, and work that gets done right the first time. I help
            with both, using tools that fit the size of your business.
          </p>
        </div>
        <div className="services__grid">
          {columns.map((column) => (
            <div key={column.title} className="card services__column">
              <svg
                className="services__icon"
                viewBox="0 0 24 24"
                width="40"
                height="40"
                aria-hidden="true"
              >
                <path
                  d={column.icon}
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
                {column.items.map(([name, detail]) => (
                  <li key={name}>
                    <strong>{name}</strong>
                    <span>{detail}</span>
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
