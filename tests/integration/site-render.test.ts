// Publishing's render step as the server runs it, against a real PocketBase serving a built site
// with a render kit beside it (a small site and kit of this test's own, so the failures can be
// made to happen): a render that fails answers 503 with its reason, adds no version and leaves
// the live pages as they were; a render that works makes its pages live, and the files it wrote
// are what / and the other paths answer; a roll back renders again. The real kit (vite build's) is
// driven by the browser tests (tests/e2e/site-publish.spec.ts).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SUPERUSER, harnessEnv } from './harness-env'
import { superuserClient } from './helpers'

// The kit's render script: fails when the content's tagline says so, else writes a home page
// and a call page naming the phone (what the real one does, in miniature).
const RENDER = `
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
const args = process.argv.slice(2)
const get = (name) => args[args.indexOf('--' + name) + 1]
const content = JSON.parse(readFileSync(get('content'), 'utf8'))
if (content.tagline.startsWith('FAIL')) {
  console.error('render failed: the page could not be rendered (' + content.tagline + ')')
  process.exit(1)
}
if (!process.execArgv.includes('--jitless')) throw new Error('not started with --jitless')
mkdirSync(get('out'), { recursive: true })
writeFileSync(get('out') + '/index.html', '<!doctype html><a href="tel:' + content.phone + '">home</a>')
writeFileSync(get('out') + '/call.html', '<!doctype html><p>call ' + content.phone + '</p>')
writeFileSync(get('out') + '/sitemap.xml', '<urlset>' + content.phone + '</urlset>')
`

let url: string
let token: string
let dataDir: string
let kit: string
let publicDir: string
let stop: () => Promise<void>

beforeAll(async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'site-render-'))
  const site = join(scratch, 'dist')
  mkdirSync(site)
  writeFileSync(join(site, 'index.html'), '<!doctype html><a href="tel:built">home</a>')
  writeFileSync(join(site, 'call.html'), '<!doctype html><p>call built</p>')
  mkdirSync(`${site}-render`)
  writeFileSync(join(`${site}-render`, 'render.mjs'), RENDER)
  // Which build this is (the real plan names the build's hashed files).
  writeFileSync(join(`${site}-render`, 'plan.json'), '{"build":1}')
  kit = `${site}-render`
  dataDir = join(scratch, 'data')
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  await start(site)
})

async function start(site: string) {
  const server = await startPocketBase({ dataDir, publicDir: site, env: harnessEnv({}) })
  url = server.url
  stop = () => server.stop()
  publicDir = site
  token = (await superuserClient(url)).authStore.token
}

afterAll(async () => {
  await stop?.()
})

function call(method: string, path: string, body?: unknown) {
  return fetch(`${url}${path}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function page(path: string): Promise<string> {
  const res = await fetch(`${url}${path}`)
  expect(res.status).toBe(200)
  return res.text()
}

it('a failed render publishes nothing, says why and leaves the live pages as they were', async () => {
  expect((await call('PATCH', '/api/site/draft', { tagline: 'FAIL on purpose' })).status).toBe(200)
  const res = await call('POST', '/api/site/publish', {})
  expect(res.status).toBe(503)
  const answer = await res.json()
  expect(answer.message).toContain('nothing was published')
  expect(answer.message).toContain('FAIL on purpose')
  expect((await (await fetch(`${url}/api/site`)).json()).version).toBe(1)
  expect(await page('/')).toContain('tel:built')
  // Nothing is left behind but the (empty) folder of renders.
  expect(readdirSync(join(dataDir, 'site'))).toEqual([])
  // The draft is kept for the next try.
  expect((await (await call('GET', '/api/site/draft')).json()).changed).toBe(true)
})

it('a render that works makes its pages live; a roll back renders the old ones', async () => {
  const tagline = 'Websites and booking for the North Country.'
  const saved = await call('PATCH', '/api/site/draft', { tagline, phone: '(603) 555-0199' })
  expect(saved.status).toBe(200)
  const published = await call('POST', '/api/site/publish', {})
  expect(published.status).toBe(200)
  expect(await published.json()).toEqual({ version: 2, changed: true })
  expect(await page('/')).toContain('tel:(603) 555-0199')
  expect(await page('/index.html')).toContain('tel:(603) 555-0199')
  expect(await page('/call')).toContain('call (603) 555-0199')
  expect(await page('/sitemap.xml')).toContain('(603) 555-0199')
  // What the render did not write is the build's, and ../ never leaves the folder.
  expect((await fetch(`${url}/..%2flive.json`)).status).toBe(404)

  const rolled = await call('POST', '/api/site/rollback', { version: 1 })
  expect(await rolled.json()).toEqual({ version: 3, changed: true })
  expect(await page('/')).toContain('tel:(603) 555-0142')
  // The live folder and the one before it are kept, older ones removed.
  const folders = readdirSync(join(dataDir, 'site')).filter((name) => name.startsWith('v'))
  expect(folders.map((name) => name.split('-')[0]).sort()).toEqual(['v2', 'v3'])
})

it('after a deploy (another build) renders the live pages again before it answers', async () => {
  expect((await call('PATCH', '/api/site/draft', { phone: '(603) 555-0188' })).status).toBe(200)
  expect((await call('POST', '/api/site/publish', {})).status).toBe(200)
  expect(await page('/')).toContain('tel:(603) 555-0188')
  const before = JSON.parse(readFileSync(join(dataDir, 'site', 'live.json'), 'utf8'))

  await stop()
  // A new build: its plan names other files, so the pages rendered for the old one are stale.
  writeFileSync(join(kit, 'plan.json'), '{"build":2}')
  await start(publicDir)
  expect(await page('/')).toContain('tel:(603) 555-0188')
  const after = JSON.parse(readFileSync(join(dataDir, 'site', 'live.json'), 'utf8'))
  expect(after.version).toBe(before.version)
  expect(after.build).not.toBe(before.build)
  expect(after.dir).not.toBe(before.dir)
})
