// The public pages: prerendered to HTML at build time (scripts/prerender.mjs), listed in the
// sitemap, each with its own head (title, description, canonical URL, share card). Signed-in and
// admin pages are not here: they are rendered in the browser from the app shell. The heads name
// the business and its owner as the site content's first version does (docs/site.md).
import { ARCHIVE_CONTENT_ID, ARCHIVE_PLACEHOLDERS } from './newsletter-archive'
import { paths } from './paths'
import { SITE_CONTENT_DEFAULTS } from './site-content'
import type { SiteContent } from './site-content'
import { firstNameOf } from './site-content-helpers'

export interface PublicPage {
  path: string
  /** The <title>, and the share card's title. */
  title: string
  /** The meta description and the share card's text (150-160 characters at most). */
  description: string
  /** The big line of the page's 1200x630 share image. */
  headline: string
  /** The built file the server answers the path with (under the site's public folder). */
  file: string
  /** Listed in sitemap.xml (the not-found page is not). */
  inSitemap: boolean
}

/** Where a prerendered page is written and served from: `/` is index.html, `/call` call.html. */
export function pageFile(path: string): string {
  return path === paths.home ? 'index.html' : `${path.replace(/^\//, '')}.html`
}

function page(
  path: string,
  head: Omit<PublicPage, 'path' | 'file' | 'inSitemap'>,
  inSitemap = true,
): PublicPage {
  return { path, file: pageFile(path), inSitemap, ...head }
}

/** The heads name the business, its owner and the hero's headline: a publish renders them again. */
type PageFacts = Pick<SiteContent, 'businessName' | 'ownerName' | 'hero'>

/** The public pages, their heads saying what `content` says. */
export function publicPagesFor(content: PageFacts): readonly PublicPage[] {
  const name = content.businessName
  const ownerFirstName = firstNameOf(content)
  return [
    page(paths.home, {
      title: `${name} | Business efficiency for White Mountains small businesses`,
      description:
        "Websites, booking and automation for small businesses in New Hampshire's North Country and White Mountains. Take the free 5-minute Business Efficiency Audit.",
      headline: content.hero.headline,
    }),
    page(paths.freeAudit, {
      title: `Free 5-Minute Business Efficiency Audit | ${name}`,
      description:
        'Answer a few quick questions and see where your business loses time and customers, with a score for each area and three plain-English recommendations. Free.',
      headline: 'A Free 5-Minute Business Efficiency Audit',
    }),
    page(paths.call, {
      title: `Schedule a Call | ${name}`,
      description: `Book a friendly call with ${ownerFirstName}, a small-business consultant in New Hampshire's White Mountains. Pick a time that suits you.`,
      headline: 'Schedule a Call',
    }),
    page(paths.contact, {
      title: `Get In Touch | ${name}`,
      description: `Send ${ownerFirstName} a message about your website, online booking or the busywork you would like gone. A reply within one business day.`,
      headline: 'Get In Touch',
    }),
    page(paths.privacy, {
      title: `Privacy Policy | ${name}`,
      description: `What ${name}'s website keeps about you, where, for how long, and how to have it deleted. No advertising trackers, no analytics scripts.`,
      headline: 'Privacy Policy',
    }),
    page(paths.terms, {
      title: `Terms of Service | ${name}`,
      description: `The terms for using ${name}'s website, the free Business Efficiency Audit and the services offered to small businesses in New Hampshire.`,
      headline: 'Terms of Service',
    }),
  ]
}

/** The public pages as the first version says: their paths and files are the same for every one. */
export const publicPages: readonly PublicPage[] =
  /* @__PURE__ */ publicPagesFor(SITE_CONTENT_DEFAULTS)

/** The page every unknown path answers with (status 404); never in the sitemap. */
export function notFoundPageFor(content: Pick<SiteContent, 'businessName'>): PublicPage {
  return {
    path: '/404',
    file: '404.html',
    inSitemap: false,
    title: `Page not found | ${content.businessName}`,
    description: 'That page does not exist. It may have moved.',
    headline: 'Page not found',
  }
}

export const notFoundPage: PublicPage = /* @__PURE__ */ notFoundPageFor(SITE_CONTENT_DEFAULTS)

/** The app shell: no prerendered content, for the pages rendered in the browser. */
export const APP_SHELL_FILE = 'app.html'

/**
 * The newsletter's archive, `/newsletter` and `/newsletter/<slug>`: pages the server fills in on
 * each request (server/newsletter/archive.ts) from one template the build renders
 * (scripts/prerender.mjs): the site's layout, the head with these placeholders, and the content
 * marker inside #newsletter-archive.
 */
export const newsletterArchivePage = {
  path: paths.newsletterArchive,
  file: 'newsletter-archive.html',
  heading: 'Business growth tips',
  /** The share image's headline (one image for the archive and every issue). */
  headline: 'Business growth tips from the White Mountains',
  /** The element the content goes into, and the marks the server replaces. */
  contentId: ARCHIVE_CONTENT_ID,
  placeholders: ARCHIVE_PLACEHOLDERS,
} as const

/** The archive list's <title>, description and intro, as the live content names the business. */
export function newsletterArchiveWords(content: Pick<SiteContent, 'businessName' | 'ownerName'>) {
  return {
    title: `Newsletter: business growth tips | ${content.businessName}`,
    description: `Every issue of ${content.businessName}'s newsletter: practical tips on websites, booking, automation and winning customers for small businesses in the North Country.`,
    intro: `Every issue of the newsletter, newest first. Short, practical and free, from ${firstNameOf(content)}.`,
  }
}
