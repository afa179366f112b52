/// <reference path="../../.pb-types/types.d.ts" />
// The public archive's pages, `/newsletter` and `/newsletter/<slug>`, as whole HTML documents the
// server sends: the build's archive template (scripts/prerender.mjs renders the site's header,
// footer and the sign-up form around a placeholder, newsletter-archive.html) with each page's
// title, description, canonical URL and share card, and its content in #newsletter-archive. The
// content is the issue's HTML as its send rendered it (lib/markdown.cjs, safe by construction)
// and text escaped here, so a page reads complete without JavaScript; the app then takes it over
// without changing it (src/features/newsletter/NewsletterArchivePage.tsx).
// Also sitemap.xml: the build's, plus the archive and every published issue.

const { escapeHtml } = require('./mail-escape.js')
const issues = require('./newsletter-issues.js')
const { readSiteFile } = require('./pages.js')
const { BUSINESS_NAME, newsletterArchivePage, notFoundPage, paths } = require('./shared.cjs')

/** @param {string} text @param {number} max */
function clip(text, max) {
  const flat = String(text || '')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > max ? `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}\u2026` : flat
}

/**
 * The archive template with one page's head and content filled in.
 * @param {string} template
 * @param {{ title: string, description: string, path: string, content: string }} page
 */
function fillTemplate(template, page) {
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

/** `/newsletter`: every published issue, newest first. @param {core.App} app */
function listPage(app) {
  const published = issues.publishedIssues(app)
  const items = published.map((issue) => {
    const date = issues.publicationDate(issue)
    const preheader = issue.getString('preheader')
    return [
      '<li class="archive-list__item">',
      `<h2 class="archive-list__title"><a href="${paths.newsletterArchive}/${escapeHtml(issue.getString('slug'))}">${escapeHtml(issue.getString('subject'))}</a></h2>`,
      `<p class="archive-list__date"><time datetime="${date.iso}">${escapeHtml(date.text)}</time></p>`,
      preheader ? `<p class="archive-list__preheader">${escapeHtml(preheader)}</p>` : '',
      '</li>',
    ].join('')
  })
  const content = [
    `<h1>${escapeHtml(newsletterArchivePage.heading)}</h1>`,
    `<p class="archive-intro">${escapeHtml(newsletterArchivePage.intro)}</p>`,
    items.length > 0
      ? `<ol class="archive-list">${items.join('')}</ol>`
      : '<p class="archive-empty">No issues yet. Sign up below and the first one comes to your inbox.</p>',
  ].join('\n')
  return {
    status: 200,
    title: newsletterArchivePage.title,
    description: newsletterArchivePage.description,
    path: paths.newsletterArchive,
    content,
  }
}

/**
 * `/newsletter/<slug>`: one issue, or null for no published issue of that slug.
 * @param {core.App} app
 * @param {string} slug
 */
function issuePage(app, slug) {
  const issue = issues.publishedIssue(app, slug)
  if (!issue) return null
  const date = issues.publicationDate(issue)
  const subject = issue.getString('subject')
  const description =
    clip(issue.getString('preheader'), 160) ||
    clip(
      String(issue.getString('mailText') || '')
        .replace(/[=\-#>*_`|[\]]+/g, ' ')
        .replace(/\(https?:[^)]*\)/g, ''),
      155,
    ) ||
    newsletterArchivePage.description
  const content = [
    `<p class="archive-back"><a href="${paths.newsletterArchive}">All issues</a></p>`,
    '<article class="archive-issue">',
    `<h1>${escapeHtml(subject)}</h1>`,
    `<p class="archive-issue__date"><time datetime="${date.iso}">${escapeHtml(date.text)}</time></p>`,
    `<div class="archive-issue__body">${issue.getString('pageHtml')}</div>`,
    '</article>',
  ].join('\n')
  return {
    status: 200,
    title: `${clip(subject, 70)} | ${BUSINESS_NAME}`,
    description,
    path: `${paths.newsletterArchive}/${slug}`,
    content,
  }
}

/**
 * The whole HTML of an archive path, with its status: the page, the not-found page (404) for an
 * unknown issue, or null when the build has no archive template (an old build).
 * @param {core.App} app @param {string | null} slug
 */
function archiveResponse(app, slug) {
  const template = readSiteFile(newsletterArchivePage.file)
  if (template === null) return null
  const page = slug === null ? listPage(app) : issuePage(app, slug)
  if (page) return { status: 200, html: fillTemplate(template, page) }
  const notFound = readSiteFile(notFoundPage.file)
  return notFound === null ? null : { status: 404, html: notFound }
}

/**
 * The build's sitemap.xml with the archive and each published issue added, or null.
 * @param {core.App} app
 */
function sitemap(app) {
  const built = readSiteFile('sitemap.xml')
  if (built === null) return null
  // The build wrote the site's address (SITE_URL) into every <loc>: the first one is `/`.
  const home = /<loc>([^<]+)<\/loc>/.exec(built)
  const siteUrl = home ? home[1].replace(/\/+$/, '') : ''
  const urls = [`  <url><loc>${escapeHtml(siteUrl + paths.newsletterArchive)}</loc></url>`]
  for (const issue of issues.publishedIssues(app)) {
    const loc = `${siteUrl}${paths.newsletterArchive}/${issue.getString('slug')}`
    const lastmod = issues.publicationDate(issue).iso
    urls.push(`  <url><loc>${escapeHtml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`)
  }
  return built.replace('</urlset>', `${urls.join('\n')}\n</urlset>`)
}

/** Answers a GET of an archive page. @param {core.RequestEvent} e @param {string | null} slug */
function respond(e, slug) {
  const page = archiveResponse(e.app, slug)
  e.response.header().set('Cache-Control', 'no-cache')
  // A build without the archive's template (an old or partial build).
  if (page === null) return e.string(404, 'Not found')
  return e.html(page.status, page.html)
}

module.exports = { archiveResponse, respond, sitemap, fillTemplate }
