// The public archive's pages, `/newsletter` and `/newsletter/<slug>`, as whole HTML documents the
// server sends: the build's archive template (scripts/prerender.mjs renders the site's header,
// footer and the sign-up form around a placeholder, newsletter-archive.html) with each page's
// title, description, canonical URL and share card, and its content in #newsletter-archive. The
// content is the issue's HTML as its send rendered it (src/content/markdown.ts, safe by
// construction) and text escaped here, so a page reads complete without JavaScript; the app then
// takes it over without changing it (src/features/newsletter/NewsletterArchivePage.tsx).
// Also sitemap.xml: the build's, plus the archive and every published issue.
import { escapeHtml } from '../mail/index'
import { readSiteFile } from '../pages/index'
import type { App } from '../platform/events'
import { publishedContent } from '../site/index'
import { paths } from '../../src/config/paths'
import {
  newsletterArchivePage,
  newsletterArchiveWords,
  notFoundPage,
} from '../../src/config/public-pages'
import { SLUG_PATTERN } from '../../src/content/markdown'
import { ISSUES, siteTimeZone } from './issues'
import { localDate } from './wall-time'

/** One archive page's head and content. */
interface ArchivePage {
  title: string
  description: string
  path: string
  content: string
}

// --- the published issues -------------------------------------------------------------------------

/** Issues readers can see: every one whose send has started, newest first. */
function publishedIssues(app: App): core.Record[] {
  const rows = app.findRecordsByFilter(
    ISSUES,
    "(status = 'sending' || status = 'sent') && slug != ''",
    '-startedAt',
    500,
    0,
  )
  return rows.filter((row): row is core.Record => !!row)
}

/** The published issue with this slug, or null. */
function publishedIssue(app: App, slug: string): core.Record | null {
  if (!SLUG_PATTERN.test(String(slug || '')) || slug.length > 80) return null
  const rows = app.findRecordsByFilter(
    ISSUES,
    "slug = {:slug} && (status = 'sending' || status = 'sent')",
    '',
    1,
    0,
    { slug },
  )
  return rows.length > 0 && rows[0] ? rows[0] : null
}

/** `November 25, 2026` on the consultant's clock, and the date for `datetime`. */
function publicationDate(issue: core.Record): { text: string; iso: string } {
  return localDate(issue.getString('startedAt'), siteTimeZone())
}

// --- the pages ----------------------------------------------------------------------------------

function clip(text: string, max: number): string {
  const flat = String(text || '')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > max ? `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}\u2026` : flat
}

/** The archive template with one page's head and content filled in. */
export function fillTemplate(template: string, page: ArchivePage): string {
  const { placeholders } = newsletterArchivePage
  return template
    .split(placeholders.title)
    .join(escapeHtml(page.title))
    .split(placeholders.description)
    .join(escapeHtml(page.description))
    .split(placeholders.path)
    .join(escapeHtml(page.path))
    .replace(placeholders.content, () => page.content)
}

/** `/newsletter`: every published issue, newest first. */
function listPage(app: App): ArchivePage {
  const items = publishedIssues(app).map((issue) => {
    const date = publicationDate(issue)
    const preheader = issue.getString('preheader')
    return [
      '<li class="archive-list__item">',
      `<h2 class="archive-list__title"><a href="${paths.newsletterArchive}/${escapeHtml(issue.getString('slug'))}">${escapeHtml(issue.getString('subject'))}</a></h2>`,
      `<p class="archive-list__date"><time datetime="${date.iso}">${escapeHtml(date.text)}</time></p>`,
      preheader ? `<p class="archive-list__preheader">${escapeHtml(preheader)}</p>` : '',
      '</li>',
    ].join('')
  })
  const words = newsletterArchiveWords(publishedContent(app))
  const content = [
    `<h1>${escapeHtml(newsletterArchivePage.heading)}</h1>`,
    `<p class="archive-intro">${escapeHtml(words.intro)}</p>`,
    items.length > 0
      ? `<ol class="archive-list">${items.join('')}</ol>`
      : '<p class="archive-empty">No issues yet. Sign up below and the first one comes to your inbox.</p>',
  ].join('\n')
  return {
    title: words.title,
    description: words.description,
    path: paths.newsletterArchive,
    content,
  }
}

/** `/newsletter/<slug>`: one issue, or null for no published issue of that slug. */
function issuePage(app: App, slug: string): ArchivePage | null {
  const issue = publishedIssue(app, slug)
  if (!issue) return null
  const date = publicationDate(issue)
  const subject = issue.getString('subject')
  const description =
    clip(issue.getString('preheader'), 160) ||
    clip(
      String(issue.getString('mailText') || '')
        .replace(/[=\-#>*_\u0060|[\]]+/g, ' ') // \u0060: a backtick
        .replace(/\(https?:[^)]*\)/g, ''),
      155,
    ) ||
    newsletterArchiveWords(publishedContent(app)).description
  const content = [
    `<p class="archive-back"><a href="${paths.newsletterArchive}">All issues</a></p>`,
    '<article class="archive-issue">',
    `<h1>${escapeHtml(subject)}</h1>`,
    `<p class="archive-issue__date"><time datetime="${date.iso}">${escapeHtml(date.text)}</time></p>`,
    `<div class="archive-issue__body">${issue.getString('pageHtml')}</div>`,
    '</article>',
  ].join('\n')
  return {
    title: `${clip(subject, 70)} | ${publishedContent(app).businessName}`,
    description,
    path: `${paths.newsletterArchive}/${slug}`,
    content,
  }
}

/**
 * The whole HTML of an archive path, with its status: the page, the not-found page (404) for an
 * unknown issue, or null when the build has no archive template (an old build).
 */
export function archiveResponse(
  app: App,
  slug: string | null,
): { status: number; html: string } | null {
  const template = readSiteFile(app, newsletterArchivePage.file)
  if (template === null) return null
  const page = slug === null ? listPage(app) : issuePage(app, slug)
  if (page) return { status: 200, html: fillTemplate(template, page) }
  const notFound = readSiteFile(app, notFoundPage.file)
  return notFound === null ? null : { status: 404, html: notFound }
}

/** The build's sitemap.xml with the archive and each published issue added, or null. */
export function sitemap(app: App): string | null {
  const built = readSiteFile(app, 'sitemap.xml')
  if (built === null) return null
  // The build wrote the site's address (SITE_URL) into every <loc>: the first one is `/`.
  const home = /<loc>([^<]+)<\/loc>/.exec(built)
  const siteUrl = home ? home[1].replace(/\/+$/, '') : ''
  const urls = [`  <url><loc>${escapeHtml(siteUrl + paths.newsletterArchive)}</loc></url>`]
  for (const issue of publishedIssues(app)) {
    const loc = `${siteUrl}${paths.newsletterArchive}/${issue.getString('slug')}`
    const lastmod = publicationDate(issue).iso
    urls.push(`  <url><loc>${escapeHtml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`)
  }
  return built.replace('</urlset>', `${urls.join('\n')}\n</urlset>`)
}
