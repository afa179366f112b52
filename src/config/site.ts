// The single home of the consultant's details. Change these to rebrand the site; the
// server reads OWNER_EMAIL from its environment for notifications (see README).

export interface PricingPackage {
  id: string
  name: string
  price: string
  priceNote: string
  summary: string
  features: string[]
  mostPopular?: boolean
}

export const site = {
  businessName: 'North Country Efficiency',
  /**
   * Where the site lives, without a trailing slash: canonical URLs, share cards, the sitemap
   * and the business data are built from it. SITE_URL (or APP_URL) in the build's environment
   * overrides it.
   */
  url: 'https://www.example.com',
  /** The business in one sentence, for search results and the business data on `/`. */
  description:
    "Websites, online booking and simple automation for small businesses in New Hampshire's North Country and White Mountains.",
  /** Where the consultant works (the business data's areaServed). */
  areaServed: {
    state: 'New Hampshire',
    counties: ['Coos County', 'Carroll County', 'Grafton County'],
  },
  ownerName: 'Alex Morgan',
  ownerFirstName: 'Alex',
  email: 'hello@example.com',
  /** The number visitors tap to call: `display` as written on the page, `tel` in E.164. */
  phone: { display: '(603) 555-0142', tel: '+16035550142' },
  location: 'The White Mountains, NH',
  /** The consultant's clock: times in e-mails to them (SITE_TIME_ZONE in the env overrides it). */
  timeZone: 'America/New_York',
  since: 2017,
  /** Scheduler embeds (month view is added by the embed). */
  booking: {
    strategyCallUrl: 'https://calendly.com/your-name/15min',
    friendCallUrl: 'https://calendly.com/your-name/friend-call',
    scriptUrl: 'https://assets.calendly.com/assets/external/widget.js',
    origin: 'https://calendly.com',
  },
  social: [
    { label: 'LinkedIn', url: 'https://www.linkedin.com/in/your-name' },
    { label: 'Facebook', url: 'https://www.facebook.com/your-page' },
    { label: 'Instagram', url: 'https://www.instagram.com/your-handle' },
  ],
  portfolioUrl: 'https://example.com/coffee-shop',
  packages: [
    {
      id: 'digital-front-door',
      name: 'Digital Front Door',
      price: '$1,299',
      priceNote: 'one-time',
      summary: 'A fast, mobile-friendly website that turns visitors into calls and bookings.',
      features: [
        'A clear, fast website built for phones',
        'Contact and quote forms that reach you',
        'Google Business Profile set up and tuned',
        'Simple analytics so you see what works',
      ],
    },
    {
      id: 'automated-appointment-book',
      name: 'Automated Appointment Book',
      price: '$799',
      priceNote: 'one-time',
      summary: 'Online booking with reminders, so the phone stops ringing for every appointment.',
      features: [
        'Online booking on your site and Google',
        'Automatic text and e-mail reminders',
        'Fewer no-shows, fewer phone calls',
        'Set up on tools you already pay for where possible',
      ],
      mostPopular: true,
    },
    {
      id: 'time-saver',
      name: '10-Hour-a-Week Time Saver',
      price: '$1,999',
      priceNote: 'one-time',
      summary: 'We find and automate the busywork that eats your week.',
      features: [
        'Includes a 90-minute analysis of how your week really goes',
        'Automations for intake, invoicing and follow-up',
        'Templates and checklists your team will use',
        '30 days follow-up support',
      ],
    },
  ] satisfies PricingPackage[],
  efficiencyReview: {
    name: 'Efficiency Review',
    price: '$199',
    duration: '90 minutes',
    where: 'on-site',
  },
} as const
