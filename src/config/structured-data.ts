// The business as schema.org data (JSON-LD) for search engines, built from src/config/site.ts
// only: the home page carries it (scripts/prerender.mjs).
import { site } from './site'

/** "$1,299" -> "1299" (schema.org prices are plain numbers). */
function amount(price: string): string {
  return price.replace(/[^0-9.]/g, '')
}

/** The ProfessionalService object for the site at `siteUrl` (no trailing slash). */
export function professionalService(siteUrl: string) {
  const offer = (name: string, description: string, price: string) => ({
    '@type': 'Offer',
    price: amount(price),
    priceCurrency: 'USD',
    itemOffered: { '@type': 'Service', name, description },
  })
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${siteUrl}/#business`,
    name: site.businessName,
    description: site.description,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icons/icon-512.png`,
    image: `${siteUrl}/og/home.png`,
    email: site.email,
    founder: { '@type': 'Person', name: site.ownerName },
    foundingDate: String(site.since),
    address: {
      '@type': 'PostalAddress',
      addressRegion: 'NH',
      addressCountry: 'US',
    },
    areaServed: site.areaServed.counties.map((county) => ({
      '@type': 'AdministrativeArea',
      name: `${county}, ${site.areaServed.state}`,
    })),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: site.email,
      areaServed: 'US-NH',
      availableLanguage: 'English',
    },
    sameAs: site.social.map((profile) => profile.url),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Packages',
      itemListElement: [
        ...site.packages.map((p) => offer(p.name, p.summary, p.price)),
        offer(
          site.efficiencyReview.name,
          `A ${site.efficiencyReview.duration} ${site.efficiencyReview.where} review of how your week really goes.`,
          site.efficiencyReview.price,
        ),
      ],
    },
  }
}
