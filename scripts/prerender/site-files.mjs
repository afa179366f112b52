// Every file the site's content shows in, rendered for one version of it: the prerendered pages
// (each with its head, its share card and the content it was rendered from), the app shell,
// sitemap.xml and robots.txt. The build (scripts/prerender.mjs, the first version) and a publish
// (./render.mjs, from the render kit) call this same function, so a published page is made
// exactly as a built one.
import {
  headTags,
  pageHtml,
  robotsTxt,
  shareImage,
  shareImagePath,
  sitemapXml,
  withSiteContent,
} from './html.mjs'

/**
 * @typedef {{ links: string[], modules: string[] }} PageAssets
 * @typedef {{
 *   siteUrl: string,
 *   template: string,
 *   bootUrl: string,
 *   assets: Record<string, PageAssets>,
 * }} RenderPlan
 * @typedef {{ file: string, data: string | Buffer }} SiteFile
 */

/**
 * The files of the site showing `content`.
 * @param {{ server: any, plan: RenderPlan, content: unknown }} input
 * @returns {Promise<SiteFile[]>}
 */
export async function renderSiteFiles({ server, plan, content }) {
  const siteName = server.siteNameOf(content)
  const embedded = { id: server.SITE_CONTENT_ELEMENT_ID, content }
  /** @type {SiteFile[]} */
  const files = []
  for (const page of server.prerenderedPages(content)) {
    const assets = plan.assets[page.path]
    if (!assets) throw new Error(`no assets are known for ${page.path}: build the site again`)
    // React puts the resource hints it found (the hero image's preload) before the app's HTML:
    // they belong in the head, where the browser sees them before the stylesheets.
    let body = await server.renderPage(page.path, content)
    const hints = /^(?:<link [^>]*>)+/.exec(body)?.[0] ?? ''
    body = body.slice(hints.length)
    if (/<script\b/i.test(body)) throw new Error(`${page.path} renders a <script>`)
    const head = headTags(page, {
      siteUrl: plan.siteUrl,
      siteName,
      jsonLd: page.path === '/' ? server.professionalService(plan.siteUrl, content) : null,
    })
    const links = [...(hints.match(/<link [^>]*>/g) ?? []), ...assets.links]
    const html = pageHtml(plan.template, {
      head,
      body,
      links,
      modules: assets.modules,
      bootUrl: plan.bootUrl,
    })
    files.push({ file: page.file, data: withSiteContent(html, embedded) })
    files.push({ file: shareImagePath(page).slice(1), data: await shareImage(page, siteName) })
  }
  files.push({ file: server.APP_SHELL_FILE, data: withSiteContent(plan.template, embedded) })
  files.push({ file: 'sitemap.xml', data: sitemapXml(server.publicPages, plan.siteUrl) })
  files.push({ file: 'robots.txt', data: robotsTxt(plan.siteUrl, server.privatePaths) })
  return files
}
