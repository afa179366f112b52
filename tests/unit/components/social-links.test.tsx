// @vitest-environment jsdom
// The site's social links (src/components/SocialLinks.tsx): a network the site knows, named any
// way or known by its address, is its icon; any other link shows its name, never an empty circle.
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SocialLinks } from '../../../src/components/SocialLinks'
import { SITE_CONTENT_DEFAULTS } from '../../../src/config/site-content'
import { socialNetwork } from '../../../src/config/social-networks'
import { withSiteContent } from '../support/site-content'

afterEach(cleanup)

describe('socialNetwork', () => {
  it.each([
    ['LinkedIn', 'https://www.linkedin.com/in/someone', 'LinkedIn'],
    ['linkedin', 'https://example.com/me', 'LinkedIn'],
    ['My page', 'https://m.facebook.com/northcountry', 'Facebook'],
    ['Twitter', 'https://example.com', 'X'],
    ['Videos', 'https://youtu.be/abc', 'YouTube'],
    ['Shop', 'https://shop.instagram.com/x', 'Instagram'],
    ['Google reviews', 'https://g.page/northcountry', null],
    ['Mastodon', 'not a link', null],
    // A host that only ends like a network's is not that network.
    ['Profile', 'https://notfacebook.com/x', null],
  ])('%s at %s is %s', (label, url, network) => {
    expect(socialNetwork(label, url)).toBe(network)
  })
})

describe('SocialLinks', () => {
  it('draws an icon for a known network and the name of any other, each link named for a screen reader', () => {
    const content = {
      ...SITE_CONTENT_DEFAULTS,
      social: [
        { label: 'facebook', url: 'https://facebook.com/northcountry' },
        { label: 'Google reviews', url: 'https://g.page/northcountry' },
      ],
    }
    const { container } = render(withSiteContent(<SocialLinks />, content))
    const known = screen.getByRole('link', { name: 'facebook (opens in a new tab)' })
    expect(known.querySelector('path')?.getAttribute('d')).toMatch(/^M/)
    const other = screen.getByRole('link', { name: 'Google reviews (opens in a new tab)' })
    expect(other.querySelector('svg')).toBeNull()
    expect(other.className).toBe('social-links__named')
    expect(other.textContent).toContain('Google reviews')
    // No link without something to see.
    for (const link of Array.from(container.querySelectorAll('a'))) {
      expect(
        link.querySelector('path[d^="M"]') || link.querySelector('span[aria-hidden]'),
      ).not.toBeNull()
    }
  })
})
