// @vitest-environment jsdom
// The pages show the site's content they are given (src/components/site-content.tsx), not the
// build's constants: a changed phone, price or hero shows, and hostile text stays text.
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { withSiteContent as embedSiteContent } from '../../../scripts/prerender.mjs'
import { readPageContent, useSiteContent } from '../../../src/components/site-content'
import {
  SITE_CONTENT_DEFAULTS,
  SITE_CONTENT_ELEMENT_ID,
  type SiteContent,
} from '../../../src/config/site-content'
import { ContactSection } from '../../../src/features/home/ContactSection'
import { HeroSection } from '../../../src/features/home/HeroSection'
import { PortfolioSection } from '../../../src/features/home/PortfolioSection'
import { PricingSection } from '../../../src/features/home/PricingSection'
import { withSiteContent } from '../support/site-content'

const HOSTILE = '"><img src=x onerror=alert(1)>'

/** The first version with `change` over it. */
function contentWith(change: Partial<SiteContent>): SiteContent {
  return { ...structuredClone(SITE_CONTENT_DEFAULTS), ...change }
}

function renderWith(ui: ReactElement, content: SiteContent) {
  return render(withSiteContent(<MemoryRouter>{ui}</MemoryRouter>, content))
}

afterEach(cleanup)

describe('readPageContent', () => {
  const pageWith = (script: string) =>
    `<!doctype html><html><head></head><body><div id="root"></div>${script}</body></html>`
  const parsed = (html: string) => new DOMParser().parseFromString(html, 'text/html')

  it('reads the content a page carries', () => {
    const content = contentWith({ phone: '(802) 555-0199' })
    const page = pageWith(
      `<script type="application/json" id="site-content">${JSON.stringify(content)}</script>`,
    )
    expect(readPageContent(parsed(page))).toEqual(content)
  })

  it('reads back what the build embeds, hostile text and all, which closes no element early', () => {
    const hostile = '</script><img src=x onerror=alert(1)><!--'
    const content = contentWith({ businessName: hostile, tagline: '"><b>x</b>' })
    const built = embedSiteContent(pageWith(''), { id: SITE_CONTENT_ELEMENT_ID, content })
    expect(built).toMatch(
      /<div id="root"><\/div>\s*<script type="application\/json" id="site-content">[^<]*<\/script>\s*<\/body>/,
    )
    const page = new DOMParser().parseFromString(built, 'text/html')
    expect(readPageContent(page)).toEqual(content)
    expect(page.querySelector('img, b')).toBeNull()
    expect(page.querySelectorAll('script')).toHaveLength(1)
  })

  it.each([
    ['a page without the element (the dev server)', ''],
    ['an empty element', '<script type="application/json" id="site-content"></script>'],
    ['text that is not JSON', '<script type="application/json" id="site-content">{oops</script>'],
    [
      'a list instead of the content',
      '<script type="application/json" id="site-content">[]</script>',
    ],
    ['null', '<script type="application/json" id="site-content">null</script>'],
  ])('gives null for %s', (_case, script) => {
    expect(readPageContent(parsed(pageWith(script)))).toBeNull()
  })
})

describe('useSiteContent', () => {
  it('says so when no provider gives the content', () => {
    function Reader() {
      return <p>{useSiteContent().businessName}</p>
    }
    expect(() => render(<Reader />)).toThrow(/no SiteContentProvider/)
  })
})

describe('the home page shows the content it is given', () => {
  it('links a changed phone as written to its E.164 number, with the e-mail and location', () => {
    renderWith(
      <ContactSection />,
      contentWith({
        phone: '(802) 555-0199',
        email: 'sam@birch.example',
        location: 'Stowe, VT',
      }),
    )
    expect(screen.getByRole('link', { name: '(802) 555-0199' })).toHaveProperty(
      'href',
      'tel:+18025550199',
    )
    expect(screen.getByRole('link', { name: 'sam@birch.example' })).toHaveProperty(
      'href',
      'mailto:sam@birch.example',
    )
    expect(screen.getByText('Stowe, VT')).toBeTruthy()
    expect(screen.queryByText('(603) 555-0142')).toBeNull()
  })

  it('shows the hours under the contact details only when there are some', () => {
    const { unmount } = renderWith(<ContactSection />, contentWith({ hours: [] }))
    expect(screen.queryByText('Hours')).toBeNull()
    unmount()

    renderWith(
      <ContactSection />,
      contentWith({ hours: ['Monday to Friday, 8 am to 5 pm', 'Saturday by appointment'] }),
    )
    const hours = screen.getByText('Hours').parentElement as HTMLElement
    expect(within(hours).getByText('Monday to Friday, 8 am to 5 pm')).toBeTruthy()
    expect(within(hours).getByText('Saturday by appointment')).toBeTruthy()
  })

  it('shows a changed price, its note and the most popular package', () => {
    const [first, second, third] = SITE_CONTENT_DEFAULTS.packages
    renderWith(
      <PricingSection />,
      contentWith({
        packages: [
          { ...first, price: '$2,499', priceNote: 'per month', mostPopular: true },
          { ...second, mostPopular: false },
          third,
        ],
        efficiencyReview: { price: '$249', duration: '120 minutes', where: 'online' },
      }),
    )
    const card = screen.getByRole('heading', { name: first.name }).closest('li') as HTMLElement
    expect(within(card).getByText('$2,499')).toBeTruthy()
    expect(within(card).getByText('per month')).toBeTruthy()
    expect(within(card).getByText('Most Popular')).toBeTruthy()
    expect(screen.getAllByText('Most Popular')).toHaveLength(1)
    expect(screen.queryByText('$1,299')).toBeNull()
    expect(screen.getByRole('heading', { name: '120-minute Efficiency Review' })).toBeTruthy()
    expect(screen.getByText('$249')).toBeTruthy()
  })

  it('shows hostile text as those characters, never as markup', () => {
    const { container } = renderWith(
      <>
        <HeroSection />
        <ContactSection />
      </>,
      contentWith({
        hero: { headline: HOSTILE, lead: `<script>alert(1)</script>` },
        location: HOSTILE,
      }),
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(HOSTILE)
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy()
    expect(screen.getAllByText(HOSTILE)).toHaveLength(2)
    expect(container.querySelector('img[src="x"], script')).toBeNull()
  })
})

describe('the portfolio section', () => {
  const [caseStudy] = SITE_CONTENT_DEFAULTS.caseStudies
  const testimonials = [
    { quote: 'Bookings doubled.', name: 'Pat L.', town: 'Gorham, NH' },
    { quote: 'Worth every penny.', name: 'Lee K.', town: '' },
  ]

  it('puts the first testimonial in the case study, with "name, town" under it', () => {
    renderWith(<PortfolioSection />, contentWith({ caseStudies: [caseStudy], testimonials }))
    const article = screen.getByRole('article')
    expect(within(article).getByText('"Bookings doubled."')).toBeTruthy()
    expect(within(article).getByText('Pat L., Gorham, NH')).toBeTruthy()
    // The second follows the case study; a testimonial without a town names the person only.
    expect(within(article).queryByText('"Worth every penny."')).toBeNull()
    expect(screen.getByText('Lee K.')).toBeTruthy()
  })

  it('shows the testimonials without a case study, and no link to a site it does not have', () => {
    const { unmount } = renderWith(
      <PortfolioSection />,
      contentWith({ caseStudies: [], testimonials }),
    )
    expect(screen.queryByRole('article')).toBeNull()
    expect(screen.getByRole('heading', { level: 2, name: 'What clients say' })).toBeTruthy()
    expect(screen.getByText('"Bookings doubled."')).toBeTruthy()
    expect(screen.getByText('"Worth every penny."')).toBeTruthy()
    unmount()

    renderWith(
      <PortfolioSection />,
      contentWith({ caseStudies: [{ ...caseStudy, url: '' }], testimonials: [] }),
    )
    expect(screen.getByRole('article')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Visit the live site/ })).toBeNull()
  })

  it('is left out with neither a case study nor a testimonial', () => {
    const { container } = renderWith(
      <PortfolioSection />,
      contentWith({ caseStudies: [], testimonials: [] }),
    )
    expect(container.innerHTML).toBe('')
  })
})
