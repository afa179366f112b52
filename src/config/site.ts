// What about the site is not the consultant's to edit: its address, its clock and the scheduler it
// embeds (the Content-Security-Policy allows that scheduler only). The consultant's own facts and
// words (name, phone, e-mail, packages and prices, the home page's texts...) are the site's
// content: src/config/site-content.ts, whose first version the pages are built from until the
// console publishes another (docs/site.md).

export const site = {
  /**
   * Where the site lives, without a trailing slash: canonical URLs, share cards, the sitemap
   * and the business data are built from it. SITE_URL (or APP_URL) in the build's environment
   * overrides it.
   */
  url: 'https://www.example.com',
  /** The consultant's clock: times in e-mails to them (SITE_TIME_ZONE in the env overrides it). */
  timeZone: 'America/New_York',
  /** The scheduler the booking links open in (month view is added by the embed). */
  booking: {
    scriptUrl: 'https://assets.calendly.com/assets/external/widget.js',
    origin: 'https://calendly.com',
  },
  /** The review's name; its price, length and place are the consultant's (efficiencyReview). */
  efficiencyReviewName: 'Efficiency Review',
} as const
