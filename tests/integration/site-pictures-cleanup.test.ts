// Pictures nothing names do not pile up on the disk: the daily job (site.delete-unused-pictures,
// server/site/images.ts) deletes each uploaded picture that neither the draft nor any published
// version names, once it is older than SITE_PICTURE_KEEP_DAYS, with its file and thumbs; a
// picture a version or the draft names stays, and so does a newer one. A server of its own with
// a window of a few seconds.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type PocketBase from 'pocketbase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// prettier-ignore
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { exemptLoopbackFromRateLimits, startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { SITE_CONTENT_DEFAULTS } from '../../src/config/site-content'
import { SITE_IMAGES } from '../../src/config/site-images'
import { SUPERUSER, harnessEnv } from './harness-env'
import { createUser, superuserClient } from './helpers'
import type { TestUser } from './helpers'
import { eventually } from './support/mail-harness'
import { solidPng } from './support/png'
import { migratedDataDir } from './support/data-dir'

const WINDOW_SECONDS = 2

let dataDir: string
let server: { url: string; stop(): Promise<void> }
let su: PocketBase
let admin: TestUser

beforeAll(async () => {
  dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-site-pictures-')))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  server = await startPocketBase({
    dataDir,
    env: harnessEnv({ SITE_PICTURE_KEEP_DAYS: String(WINDOW_SECONDS / 86400) }),
  })
  su = await superuserClient(server.url)
  await exemptLoopbackFromRateLimits(server.url, su.authStore.token)
  admin = await createUser({ isAdmin: true, verified: true, url: server.url, label: 'pictures' })
})

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

function call(method: string, path: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: admin.pb.authStore.token },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** Uploads a small picture from the Site tab, as the site admin: its `<id>/<file>`. */
async function upload(name: string): Promise<string> {
  const form = new FormData()
  const png = solidPng(64, 48, [40, 90, 70])
  form.append(SITE_IMAGES.field, new Blob([png], { type: 'image/png' }), name)
  const res = await fetch(`${server.url}/api/collections/${SITE_IMAGES.collection}/records`, {
    method: 'POST',
    headers: { authorization: admin.pb.authStore.token },
    body: form,
  })
  expect(res.status).toBe(200)
  const record = (await res.json()) as { id: string; image: string }
  return `${record.id}/${record.image}`
}

/** Saves the draft with its first case study showing `picture`. */
async function draftShowing(picture: string) {
  const study = SITE_CONTENT_DEFAULTS.caseStudies[0]
  const res = await call('PATCH', '/api/site/draft', { caseStudies: [{ ...study, picture }] })
  expect(res.status).toBe(200)
}

async function storedIds(): Promise<string[]> {
  const rows = await su.collection(SITE_IMAGES.collection).getFullList({ sort: 'created' })
  return rows.map((row) => row.id)
}

describe('pictures nothing names', () => {
  it(`are deleted with their files ${WINDOW_SECONDS} s (the set window) after upload; named and newer ones stay`, async () => {
    const published = await upload('published.png')
    await draftShowing(published)
    expect((await call('POST', '/api/site/publish', {})).status).toBe(200)
    // Replaced in the draft before any publish: nothing names it any more.
    const replaced = await upload('replaced.png')
    await draftShowing(replaced)
    const inDraft = await upload('in-draft.png')
    await draftShowing(inDraft)
    const neverUsed = await upload('never-used.png')
    const uploadedBy = Date.now()

    // The window passes (the job compares with the server's clock), then one more upload.
    await new Promise((resolve) =>
      setTimeout(resolve, uploadedBy + WINDOW_SECONDS * 1000 + 500 - Date.now()),
    )
    const recent = await upload('recent.png')

    const run = await fetch(`${server.url}/api/queue/jobs/site.delete-unused-pictures/run`, {
      method: 'POST',
      headers: { authorization: su.authStore.token },
    })
    expect(run.status).toBe(200)

    const id = (picture: string) => picture.split('/')[0]
    const kept = [published, inDraft, recent].map(id)
    await eventually(async () => (await storedIds()).length === kept.length)
    expect(await storedIds()).toEqual(kept)

    // The files went with the records; the kept ones are still served, thumbs and all.
    const { id: collectionId } = await su.collections.getOne(SITE_IMAGES.collection)
    const folder = (picture: string) => join(dataDir, 'storage', collectionId, id(picture))
    await eventually(async () => ![replaced, neverUsed].some((p) => existsSync(folder(p))))
    for (const picture of [published, inDraft, recent]) {
      expect(existsSync(folder(picture))).toBe(true)
      const thumb = await fetch(
        `${server.url}/api/files/${SITE_IMAGES.collection}/${picture}?thumb=560x0`,
      )
      expect(thumb.status).toBe(200)
    }
    const gone = await fetch(`${server.url}/api/files/${SITE_IMAGES.collection}/${neverUsed}`)
    expect(gone.status).toBe(404)

    // The live page still has its picture, and the draft can still be published.
    expect((await call('POST', '/api/site/publish', {})).status).toBe(200)
  })
})
