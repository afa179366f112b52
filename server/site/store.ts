// The site's content as stored: the published versions (site_versions, the live one the highest)
// and the one draft (site_drafts). The first version is the defaults of
// src/config/site-content.ts: read as version 1 while no row exists, and written as the row of
// version 1 on the first publish so it can be rolled back to. Content saved by an older release
// (a field added since) reads with that field's first value; content that no longer passes the
// checks reads as the first version rather than break a page or a mail.
import type { App } from '../platform/events'
import { readJson } from '../platform/json'
import { findOrNull, recordsWhere, selectRow } from '../platform/sql'
import { SITE_CONTENT_DEFAULTS, checkSiteContent } from '../../src/config/site-content'
import type { SiteContent } from '../../src/config/site-content'
import type { SiteVersionSummary } from './api'

export const VERSIONS = 'site_versions'
export const DRAFTS = 'site_drafts'
export const DRAFT_ID = 'sitedraft000001'
/** How many versions GET /api/site/versions lists (all are kept). */
export const VERSIONS_LISTED = 50

export interface StoredVersion extends SiteVersionSummary {
  content: SiteContent
}

function firstVersion(): SiteContent {
  return JSON.parse(JSON.stringify(SITE_CONTENT_DEFAULTS)) as SiteContent
}

/** Stored content with the first version's value for each field it lacks, checked. */
export function readableContent(stored: unknown): SiteContent {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return firstVersion()
  const merged: Record<string, unknown> = { ...firstVersion() }
  const given = stored as Record<string, unknown>
  for (const key of Object.keys(merged)) {
    if (given[key] !== undefined) merged[key] = given[key]
  }
  const checked = checkSiteContent(merged)
  return Object.keys(checked.problems).length ? firstVersion() : checked.value
}

function summaryOf(row: core.Record): SiteVersionSummary {
  return {
    version: row.getInt('version'),
    publishedAt: isoTime(row.getString('created')),
    publishedBy: row.getString('publishedBy'),
    rolledBackFrom: row.getInt('rolledBackFrom'),
  }
}

function isoTime(pbTime: string): string {
  return pbTime ? pbTime.replace(' ', 'T') : ''
}

// A version's row never changes once written, so each engine keeps the last one it read, by id:
// a mail or page asks for the live content with one indexed lookup, not a read and a check.
let lastRead: { id: string; version: StoredVersion } | null = null

/** The live version: the highest stored, or the first version's defaults. */
export function liveVersion(app: App): StoredVersion {
  let top: { id: string } | null
  try {
    top = selectRow(app, `SELECT id FROM ${VERSIONS} ORDER BY version DESC LIMIT 1`, {}, { id: '' })
  } catch (err) {
    // At the start, before the migrations ran on a new database (the mail settings' log line
    // reads the business name then): the first version.
    if (/no such table/i.test(String(err))) top = null
    else throw err
  }
  if (!top) return { ...unsavedFirst(), content: firstVersion() }
  if (lastRead && lastRead.id === top.id) return copyOf(lastRead.version)
  const row = findOrNull(app, VERSIONS, top.id)
  if (!row) return { ...unsavedFirst(), content: firstVersion() }
  const version = { ...summaryOf(row), content: readableContent(readJson(row, 'content')) }
  lastRead = { id: top.id, version }
  return copyOf(version)
}

function copyOf(version: StoredVersion): StoredVersion {
  return JSON.parse(JSON.stringify(version)) as StoredVersion
}

/** The live content: what the pages, mails and structured data say. */
export function publishedContent(app: App): SiteContent {
  return liveVersion(app).content
}

/** Version `version`, or null when there is none (version 1 always exists). */
export function storedVersion(app: App, version: number): StoredVersion | null {
  const row = findVersionRow(app, version)
  if (row) return { ...summaryOf(row), content: readableContent(readJson(row, 'content')) }
  return version === 1 ? { ...unsavedFirst(), content: firstVersion() } : null
}

/** Version 1 while it is only the defaults. */
function unsavedFirst(): SiteVersionSummary {
  return { version: 1, publishedAt: '', publishedBy: '', rolledBackFrom: 0 }
}

/** The versions, newest first (at most VERSIONS_LISTED), version 1 included. */
export function listVersions(app: App): SiteVersionSummary[] {
  const rows = app.findRecordsByFilter(VERSIONS, '', '-version', VERSIONS_LISTED, 0)
  const list = rows.filter((row): row is core.Record => !!row).map(summaryOf)
  if (!list.some((v) => v.version === 1) && list.length < VERSIONS_LISTED) {
    list.push(unsavedFirst())
  }
  return list
}

/**
 * Adds version (live + 1) with `content` and returns its number; writes version 1's row first
 * when it was only the defaults. Run inside a transaction: the unique index on `version` refuses
 * a second publish racing this one, which then fails whole.
 */
export function addVersion(
  app: App,
  content: SiteContent,
  publishedBy: string,
  rolledBackFrom: number,
): number {
  const live = liveVersion(app)
  const collection = app.findCollectionByNameOrId(VERSIONS)
  if (!live.publishedAt && !findVersionRow(app, 1)) {
    const first = new Record(collection)
    first.set('version', 1)
    first.set('content', JSON.stringify(live.content))
    first.set('publishedBy', '')
    app.save(first)
  }
  const next = live.version + 1
  const row = new Record(collection)
  row.set('version', next)
  row.set('content', JSON.stringify(content))
  row.set('publishedBy', publishedBy)
  row.set('rolledBackFrom', rolledBackFrom)
  app.save(row)
  return next
}

function findVersionRow(app: App, version: number): core.Record | null {
  return recordsWhere(app, VERSIONS, 'version = {:version}', { version })[0] || null
}

export interface StoredDraft {
  content: SiteContent
  updated: string
  updatedBy: string
}

/** The draft, or null when none was saved since the last publish. */
export function readDraft(app: App): StoredDraft | null {
  const row = findOrNull(app, DRAFTS, DRAFT_ID)
  if (!row) return null
  return {
    content: readableContent(readJson(row, 'content')),
    updated: isoTime(row.getString('updated')),
    updatedBy: row.getString('updatedBy'),
  }
}

/** Saves the draft (checked content). */
export function saveDraft(app: App, content: SiteContent, updatedBy: string): void {
  let row = findOrNull(app, DRAFTS, DRAFT_ID)
  if (!row) {
    row = new Record(app.findCollectionByNameOrId(DRAFTS))
    row.id = DRAFT_ID
  }
  row.set('content', JSON.stringify(content))
  row.set('updatedBy', updatedBy)
  app.save(row)
}

/** Drops the draft: the editor starts again from the live content. */
export function dropDraft(app: App): void {
  const row = findOrNull(app, DRAFTS, DRAFT_ID)
  if (row) app.delete(row)
}
