// The building blocks every e-mail is made of (the leads', the accounts', the newsletter's, the
// follow-ups', the owner's digest): the page around the body, headings, paragraphs, buttons, the
// site's colours and the consultant's clock. Pure but for the clock's time zone (the
// environment's SITE_TIME_ZONE). HTML uses tables and inline styles only, because many mail
// clients drop <style> blocks. Every value is escaped.
import { envText } from '../platform/env'
import { site } from '../../src/config/site'
import { escapeHtml, safeUrl, toText } from './escape'

/** A rendered e-mail. */
export interface Mail {
  subject: string
  html: string
  text: string
}

// The site's colours (src/styles/global.css), all AA-contrast on white.
const INK = '#22262a'
const MUTED = '#444b52'
const RULE = '#d5d9dc'
const TRACK = '#e8ebed'
const SPRUCE = '#1f4d3a'
const ACCENT = '#b4531f'
export const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif"

/** The site's own time zone (src/config/site.ts); SITE_TIME_ZONE in the environment wins. */
export const SITE_TIME_ZONE = site.timeZone

/** The consultant's clock: SITE_TIME_ZONE, else the site's. */
export function siteTimeZone(): string {
  return envText('SITE_TIME_ZONE') || SITE_TIME_ZONE
}

/** The colours the templates use: text, secondary text, rules, bar tracks, brand, accent. */
export const colours = { INK, MUTED, RULE, TRACK, SPRUCE, ACCENT } as const

/**
 * Stored PocketBase time ("2026-11-21 02:04:39.807Z") on the consultant's clock, the zone named:
 * "2026-11-20 21:04 EST". The zone is SITE_TIME_ZONE, else the site's (src/config/site.ts); Go's
 * time zone database does the work (the hooks' engine has no Intl).
 */
export function formatTime(value: unknown): string {
  const text = toText(value)
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(text)
  if (!match) return text
  const name = siteTimeZone()
  try {
    const local = new DateTime(text).time().in(new Timezone(name))
    const zone = local.format('MST')
    // Zones without a common abbreviation print an offset ("-03"): name them instead.
    const label = /^[A-Z]{2,5}$/.test(zone) ? zone : `UTC${local.format('-07:00')} (${name})`
    return `${local.format('2006-01-02 15:04')} ${label}`
  } catch {
    return `${match[1]} ${match[2]} UTC`
  }
}

/** What `layout` puts around a body. */
export interface LayoutOptions {
  title: string
  preheader?: string
  brand: string
  /** HTML. */
  body: string
  /** HTML. */
  footer: string
}

/** The whole HTML document: the brand bar, the body, the footer. */
export function layout(opts: LayoutOptions): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(opts.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#faf8f3;color:${INK};font-family:${FONT};">`,
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(opts.preheader || '')}</div>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#faf8f3;">',
    '<tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid #d5d9dc;border-radius:10px;">',
    `<tr><td style="padding:20px 24px;background:${SPRUCE};border-radius:10px 10px 0 0;color:#ffffff;font-size:18px;font-weight:bold;">${escapeHtml(opts.brand)}</td></tr>`,
    `<tr><td style="padding:24px;font-size:16px;line-height:1.5;color:${INK};">`,
    opts.body,
    '</td></tr>',
    `<tr><td style="padding:16px 24px;border-top:1px solid ${RULE};font-size:13px;line-height:1.5;color:${MUTED};">${opts.footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n')
}

/** A heading (level 1 or 2; the text is escaped). */
export function heading(text: string, level: number): string {
  const size = level === 1 ? 22 : 18
  return `<h${level} style="margin:24px 0 8px;font-size:${size}px;line-height:1.3;color:${INK};">${escapeHtml(text)}</h${level}>`
}

/** A paragraph of HTML (escaped by the caller). */
export function paragraph(html: string): string {
  return `<p style="margin:0 0 12px;">${html}</p>`
}

/** A button-like link (only an http(s) link; anything else becomes '#'). */
export function button(label: string, href: string, background: string): string {
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0;"><tr>',
    `<td style="border-radius:8px;background:${background};">`,
    `<a href="${escapeHtml(safeUrl(href))}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${background};color:#ffffff;font-weight:bold;font-size:16px;text-decoration:none;">${escapeHtml(label)}</a>`,
    '</td></tr></table>',
  ].join('')
}
