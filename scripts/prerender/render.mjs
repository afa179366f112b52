// Publishing's render step (server/site/render.ts runs it with Node, bounded in time): the pages
// of the site with the content of a new version, into a fresh folder the server then serves.
//   node render.mjs --content <file.json> --out <dir> --public <the built site>
// It runs from the render kit `vite build` writes beside the site (`dist-render/`: this file,
// its helpers, the app's server-side bundle and plan.json, what the build knew of each page), so
// it needs neither Vite nor the sources. It writes every prerendered page, the app shell, the
// share cards, sitemap.xml and robots.txt, and the service worker with the new pages' revisions;
// any error exits non-zero with one line saying why, and the server keeps the live site.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { withRevisions } from './service-worker.mjs'
import { renderSiteFiles } from './site-files.mjs'

/** @param {string[]} argv */
function options(argv) {
  /** @type {Record<string, string>} */
  const found = {}
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '')
    if (!['content', 'out', 'public'].includes(name) || argv[i + 1] === undefined) {
      throw new Error(`unknown or incomplete option ${argv[i]}`)
    }
    found[name] = argv[i + 1]
  }
  for (const name of ['content', 'out', 'public']) {
    if (!found[name]) throw new Error(`--${name} is missing`)
  }
  return found
}

async function main() {
  const kit = dirname(new URL(import.meta.url).pathname)
  const { content: contentFile, out, public: publicDir } = options(process.argv.slice(2))
  const plan = JSON.parse(readFileSync(join(kit, 'plan.json'), 'utf8'))
  const content = JSON.parse(readFileSync(contentFile, 'utf8'))
  const server = await import(pathToFileURL(join(kit, 'server', 'entry-server.js')).href)
  const files = await renderSiteFiles({ server, plan, content })

  /** @type {Map<string, string | Uint8Array>} */
  const precached = new Map()
  for (const { file, data } of files) {
    if (plan.precached.includes(file)) precached.set(file, data)
  }
  const worker = withRevisions(readFileSync(join(publicDir, 'sw.js'), 'utf8'), precached)
  files.push({ file: 'sw.js', data: worker })

  for (const { file, data } of files) {
    const path = join(out, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, data)
  }
  console.log(`rendered ${files.length} files into ${out}`)
}

main().catch((error) => {
  console.error(`render failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
