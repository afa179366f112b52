// The site's public address is ONE setting with two names: APP_URL (the server's, for every
// link in e-mails) and SITE_URL (the build's, for canonical URLs, share cards, sitemap.xml and
// robots.txt). Either is enough: the build (scripts/prerender.mjs) takes SITE_URL, else APP_URL,
// and the server (server/mail/config.ts) APP_URL, else SITE_URL. `npm start` (scripts/start.mjs)
// builds the site again when the address it is given is not the one dist/ was built for.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** @type {typeof import('./site-address.mjs').wantedSiteAddress} */
export function wantedSiteAddress(env = process.env) {
  return String(env.SITE_URL || env.APP_URL || '')
    .trim()
    .replace(/\/+$/, '')
}

/** @type {typeof import('./site-address.mjs').builtSiteAddress} */
export function builtSiteAddress(dir) {
  const robots = join(dir, 'robots.txt')
  if (!existsSync(robots)) return ''
  const match = /^Sitemap:\s*(\S+)\/sitemap\.xml\s*$/m.exec(readFileSync(robots, 'utf8'))
  return match ? match[1] : ''
}
