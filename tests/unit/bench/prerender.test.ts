// The pure parts of the build's prerender step (scripts/prerender.mjs): what goes into a page's
// head and how the app's scripts give way to the loader. The whole build is checked in
// tests/integration/public-pages.test.ts.
import { describe, expect, it } from 'vitest'
import { headTags, jsonForScript, pageHtml, sitemapXml } from '../../../scripts/prerender.mjs'

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="viewport" content="width=device-width" />
    <title>
      Default
    </title>
    <meta
      name="description"
      content="Default description"
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

const page = {
  path: '/call',
  title: 'Schedule a Call | "Quotes" & <Tags>',
  description: 'Book a call & more',
  headline: 'Schedule a Call',
  file: 'call.html',
  inSitemap: true,
}

describe('the prerender step', () => {
  it('keeps JSON-LD from closing its script element early', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toContain('</script>')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })

  it('escapes the head tags and names the canonical URL and the share image', () => {
    const head = headTags(page, { siteUrl: 'https://x.test', siteName: 'NCE', jsonLd: null })
    expect(head).toContain('<title>Schedule a Call | &quot;Quotes&quot; &amp; &lt;Tags&gt;</title>')
    expect(head).toContain('<link rel="canonical" href="https://x.test/call" />')
    expect(head).toContain('<meta property="og:image" content="https://x.test/og/call.png" />')
    expect(head).not.toContain('application/ld+json')
  })

  it('puts the page in the template with one title and the loader instead of the module script', () => {
    const html = pageHtml(TEMPLATE, {
      head: '<title>Call</title>',
      body: '<main><h1>Schedule a Call</h1></main>',
      links: ['<link rel="stylesheet" crossorigin href="/assets/call-jkl.css">'],
      modules: ['/assets/CallPage-mno.js', '/assets/vendor-def.js'],
      bootUrl: '/assets/boot-pqr.js',
    })
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).not.toContain('Default description')
    expect(html).not.toMatch(/type="module"|modulepreload/)
    expect(html).toContain(
      '<script src="/assets/boot-pqr.js" defer data-entry="/assets/index-abc.js" data-modules="/assets/vendor-def.js /assets/CallPage-mno.js"></script>',
    )
    expect(html).toContain('<div id="root"><main><h1>Schedule a Call</h1></main></div>')
    expect(html).toContain('href="/assets/call-jkl.css"')
  })

  it('lists only the pages meant for the sitemap', () => {
    const xml = sitemapXml([page, { ...page, path: '/404', inSitemap: false }], 'https://x.test')
    expect(xml).toContain('<loc>https://x.test/call</loc>')
    expect(xml).not.toContain('/404')
  })
})
