// The business as schema.org data (JSON-LD) for search engines, built from the site's content
// (./site-content.ts) and the site's address: the home page carries it (scripts/prerender.mjs).
// No openingHours: the content's hours are free text, and schema.org wants "Mo-Fr 08:00-17:00".
import { site } from './site'
import type { SiteContent } from './site-content'
import { phoneE164 } from './site-content-helpers'

/** "$1,299" -> "1299" (schema.org prices are plain numbers). */
function amount(price: string): string {
  return price.replace(/[^0-9.]/g, '')
}

/** The ProfessionalService object for the site at `siteUrl` (no trailing slash) showing `content`. */
export function professionalService(siteUrl: string, content: SiteContent) {
  const offer = (name: string, description: string, price: string) => ({
    '@type': 'Offer',
    price: amount(price),
    priceCurrency: 'USD',
    itemOffered: { '@type': 'Service', name, description },
  })
  const review = content.efficiencyReview
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${siteUrl}/#business`,
    name: content.businessName,
    description: content.tagline,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icons/icon-512.png`,
    image: `${siteUrl}/og/home.png`,
    email: content.email,
    telephone: phoneE164(content),
    founder: { '@type': 'Person', name: content.ownerName },
    foundingDate: String(content.since),
    address: {
      '@type': 'PostalAddress',
      addressRegion: 'NH',
      addressCountry: 'US',
    },
    areaServed: content.serviceArea.places.map((place) => ({
      '@type': 'AdministrativeArea',
      name: `${place}, ${content.serviceArea.state}`,
    })),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: content.email,
      telephone: phoneE164(content),
      areaServed: 'US-NH',
      availableLanguage: 'English',
    },
    sameAs: content.social.map((profile) => profile.url),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Packages',
      itemListElement: [
        ...content.packages.map((p) => offer(p.name, p.summary, p.price)),
        offer(
          site.efficiencyReviewName,
          `A ${review.duration} ${review.where} review of how your week really goes.`,
          review.price,
        ),
      ],
    },
  }
}
