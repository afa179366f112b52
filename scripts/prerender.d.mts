import type { Plugin } from 'vite'

export interface PrerenderedPage {
  path: string
  title: string
  description: string
  headline: string
  /** The canonical URL's path, when it is not `path` (the newsletter archive's template). */
  canonicalPath?: string
  file: string
  inSitemap: boolean
}

export const PAGE_MODULES: Record<string, string | null>
export function escapeHtml(text: string): string
export function jsonForScript(value: unknown): string
export function withSiteContent(html: string, embedded: { id: string; content: unknown }): string
export function headTags(
  page: PrerenderedPage,
  options: { siteUrl: string; siteName: string; jsonLd: unknown },
): string
export function sitemapXml(pages: PrerenderedPage[], siteUrl: string): string
export function pageHtml(
  template: string,
  parts: { head: string; body: string; links: string[]; modules?: string[]; bootUrl: string },
): string
export function prerender(): Plugin
