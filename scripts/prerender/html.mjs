// The HTML of the prerendered pages, as plain functions: a page's head (title, description,
// canonical URL, share cards, the business data), the page around the app's HTML, the content it
// was rendered from, the share image, sitemap.xml and robots.txt. Used by the build
// (scripts/prerender.mjs) and by a publish's render (./render.mjs, copied into the render kit),
// so neither Vite nor the sources are needed to render a page again.
import sharp from 'sharp'

/** @typedef {import('../prerender.mjs').PrerenderedPage} PrerenderedPage */

/**
 * Text for HTML attributes and text nodes.
 * @type {typeof import('../prerender.mjs').escapeHtml}
 */
export function escapeHtml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/**
 * JSON inside a script element (the business data, the site content): no `<` may close it early.
 * @type {typeof import('../prerender.mjs').jsonForScript}
 */
export function jsonForScript(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * `html` with the site's content at the end of its body, as the JSON the browser's React reads
 * (src/components/site-content.tsx). The Content-Security-Policy runs no JSON script.
 * @type {typeof import('../prerender.mjs').withSiteContent}
 */
export function withSiteContent(html, { id, content }) {
  if (!html.includes('</body>')) throw new Error('prerender: the page has no </body>')
  const script = `<script type="application/json" id="${escapeHtml(id)}">${jsonForScript(content)}</script>`
  return html.replace('</body>', () => `  ${script}\n  </body>`)
}

/**
 * The share image's file for a page: /og/home.png, /og/free-audit.png, ...
 * @param {Pick<PrerenderedPage, 'path'>} page
 */
export function shareImagePath(page) {
  const name = page.path === '/' ? 'home' : page.path.replace(/^\//, '').replace(/\//g, '-')
  return `/og/${name}.png`
}

/**
 * The <head> tags of one page (after the charset and viewport of the template).
 * @type {typeof import('../prerender.mjs').headTags}
 */
export function headTags(page, { siteUrl, siteName, jsonLd }) {
  const path = page.canonicalPath ?? page.path
  const url = page.path === '/404' ? null : `${siteUrl}${path === '/' ? '/' : path}`
  const image = `${siteUrl}${shareImagePath(page)}`
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    url && `<link rel="canonical" href="${escapeHtml(url)}" />`,
    page.path === '/404' && '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    url && `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(page.headline)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(page.headline)}" />`,
    jsonLd && `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  ]
  return tags.filter(Boolean).join('\n    ')
}

/**
 * sitemap.xml of the pages listed in it.
 * @type {typeof import('../prerender.mjs').sitemapXml}
 */
export function sitemapXml(pages, siteUrl) {
  const urls = pages
    .filter((page) => page.inSitemap)
    .map((page) => `  <url><loc>${escapeHtml(`${siteUrl}${page.path}`)}</loc></url>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * robots.txt: the signed-in and admin pages stay out of search; the sitemap is named.
 * @param {string} siteUrl
 * @param {string[]} privatePaths
 */
export function robotsTxt(siteUrl, privatePaths) {
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

/**
 * Splits a headline into lines of at most `max` characters, at spaces.
 * @param {string} text
 * @param {number} max
 */
function wrap(text, max) {
  const lines = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/**
 * The 1200x630 share card: the logo and name, the page's headline, the region.
 * @param {Pick<PrerenderedPage, 'headline'>} page
 * @param {string} siteName
 */
export function shareImage(page, siteName) {
  const lines = wrap(page.headline, 26)
  const size = lines.length > 2 ? 60 : 72
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${300 + i * (size * 1.2) - ((lines.length - 1) * size * 1.2) / 2}" font-size="${size}" font-weight="700" fill="#123326">${escapeHtml(line)}</text>`,
    )
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
  <rect width="1200" height="630" fill="#faf8f3"/>
  <rect y="566" width="1200" height="64" fill="#1f4d3a"/>
  <g transform="translate(80 64) scale(1.5)">
    <rect width="64" height="64" rx="14" fill="#1f4d3a"/>
    <path d="M8 48 24 22l8 12 8-14 16 28Z" fill="#faf8f3"/>
    <path d="M36 27l4-7 4 7Z" fill="#b4531f"/>
  </g>
  <text x="200" y="125" font-size="40" font-weight="700" fill="#1f4d3a">${escapeHtml(siteName)}</text>
  ${text}
  <text x="80" y="608" font-size="28" fill="#faf8f3">White Mountains and North Country, New Hampshire</text>
</svg>`
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer()
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

/**
 * The template with the head of `page` and, inside #root, `body`. The app's module script and
 * its preloads (the template's and `modules`) give way to the loader `bootUrl`, which fetches
 * them after the first paint (scripts/prerender/boot.js).
 * @type {typeof import('../prerender.mjs').pageHtml}
 */
export function pageHtml(template, { head, body, links, modules = [], bootUrl }) {
  const entry = MODULE_SCRIPT.exec(template)?.[1]
  if (!entry) throw new Error('prerender: index.html has no module script')
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  const loader =
    `<script src="${bootUrl}" defer data-entry="${entry}"` +
    ` data-modules="${[...new Set([...preloads, ...modules])].join(' ')}"></script>`
  const withHead = template
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${head}`)
    .replace('</head>', `${[...links, loader].map((link) => `  ${link}\n`).join('')}</head>`)
  if (!withHead.includes('<div id="root"></div>')) {
    throw new Error('prerender: index.html has no <div id="root"></div>')
  }
  return withHead.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
}
