// The newsletter's one Markdown renderer, for the console's preview, every copy of the mail and
// the public archive. Bundled into the server by scripts/build-server.mjs (server/newsletter/
// imports it), so the browser and the server turn the same Markdown into the same HTML.
//
// Safe by construction: markdown-it with `html: false` escapes any HTML typed into the text, and
// a link or an image is made only from an http(s) address (links also mailto:); anything else
// (`javascript:`, `data:`, relative paths) stays plain text. Pure: no I/O, no clock.
import markdownItFactory, { type Env, type MarkdownIt, type Token } from 'markdown-it'
import { textLimits } from '../config/limits'

/** Where the HTML goes: the archive page (styled by its stylesheet) or a mail (inline styles). */
export type MarkdownVariant = 'page' | 'mail'

/** The mail's colours (server/mail/templates.ts `colours`). */
export interface MailColours {
  INK: string
  MUTED: string
  SPRUCE: string
  ACCENT: string
}

export interface RenderOptions {
  variant: MarkdownVariant
  /** Required for 'mail': the mail's colours. */
  colours?: MailColours
  /** Rewrites each link's address (the mail's signed click redirect). Images are left alone. */
  linkHref?: (url: string) => string
}

const ISSUE_SLUG_MAX = textLimits.newsletter_issues.slug

const LINK = /^(https?:\/\/|mailto:)/i
const IMAGE = /^https?:\/\//i

/** Whether a link may be made from `url`: http(s) and mailto only. */
export function isSafeLink(url: string): boolean {
  return LINK.test(url.trim())
}

interface RenderEnv {
  variant: MarkdownVariant
  /** Added to every heading level (set per document). */
  headingShift?: number
  colours?: MailColours
  linkHref?: (url: string) => string
}

let parser: MarkdownIt | undefined

function markdownIt(): MarkdownIt {
  if (parser) return parser
  const md = markdownItFactory('default', { html: false, linkify: true, typographer: false })
  // Called for every link and image address after normalising; false leaves the text as text.
  md.validateLink = (url: string) => isSafeLink(url)
  md.core.ruler.push('newsletter_variant', (state) => {
    const env = state.env as Partial<RenderEnv>
    if (!env || !env.variant) return
    const dressed = env as RenderEnv
    // The body's biggest heading becomes h2 (the subject is the page's and the mail's h1), the
    // others keep their distance to it, so the outline never skips a level at the top.
    const levels = state.tokens
      .filter((token) => token.type === 'heading_open')
      .map((token) => Number(token.tag.slice(1)))
    dressed.headingShift = levels.length > 0 ? 2 - Math.min(...levels) : 0
    for (const token of state.tokens) {
      dressToken(token, dressed)
      for (const child of token.children ?? []) dressToken(child, dressed)
    }
  })
  parser = md
  return md
}

function headingTag(tag: string, shift: number): string {
  return `h${Math.min(6, Math.max(2, Number(tag.slice(1)) + shift))}`
}

function mailStyles(c: MailColours): Record<string, string> {
  const headingBase = `margin:24px 0 8px;line-height:1.3;color:${c.INK};`
  return {
    h2: `${headingBase}font-size:22px;`,
    h3: `${headingBase}font-size:19px;`,
    h4: `${headingBase}font-size:17px;`,
    h5: `${headingBase}font-size:16px;`,
    h6: `${headingBase}font-size:15px;`,
    p: 'margin:0 0 12px;',
    ul: 'margin:0 0 12px;padding-left:24px;',
    ol: 'margin:0 0 12px;padding-left:24px;',
    li: 'margin:0 0 6px;',
    blockquote: `margin:0 0 12px;padding:8px 16px;border-left:4px solid ${c.ACCENT};background:#f2eee4;color:${c.INK};`,
    a: `color:${c.SPRUCE};text-decoration:underline;`,
    img: 'max-width:100%;height:auto;border:0;display:block;margin:8px 0;',
    code: 'font-family:Menlo,Consolas,monospace;font-size:14px;background:#f2eee4;padding:1px 4px;border-radius:4px;',
    pre: 'display:block;margin:0 0 12px;padding:12px;background:#f2eee4;border-radius:6px;overflow:auto;white-space:pre-wrap;font-size:14px;',
    hr: `border:0;border-top:1px solid #d5d9dc;margin:20px 0;`,
    table: 'border-collapse:collapse;margin:0 0 12px;',
    th: `border:1px solid #d5d9dc;padding:6px 8px;text-align:left;color:${c.INK};`,
    td: `border:1px solid #d5d9dc;padding:6px 8px;color:${c.INK};`,
  }
}

const MAIL_STYLE_CACHE = new Map<string, Record<string, string>>()

function stylesFor(colours: MailColours): Record<string, string> {
  const key = `${colours.INK}|${colours.MUTED}|${colours.SPRUCE}|${colours.ACCENT}`
  let styles = MAIL_STYLE_CACHE.get(key)
  if (!styles) {
    styles = mailStyles(colours)
    MAIL_STYLE_CACHE.set(key, styles)
  }
  return styles
}

function dressToken(token: Token, env: RenderEnv): void {
  if (token.type === 'heading_open' || token.type === 'heading_close') {
    token.tag = headingTag(token.tag, env.headingShift ?? 1)
  }
  if (token.type === 'link_open') {
    const href = String(token.attrGet('href') ?? '')
    if (env.linkHref) token.attrSet('href', env.linkHref(href))
  }
  if (token.type === 'image') {
    const src = String(token.attrGet('src') ?? '')
    // validateLink allowed mailto: too; an image needs an http(s) address.
    if (!IMAGE.test(src)) token.attrSet('src', '')
    if (env.variant === 'page') token.attrSet('loading', 'lazy')
  }
  if (env.variant !== 'mail' || !env.colours) return
  const styles = stylesFor(env.colours)
  const tag = token.type === 'fence' || token.type === 'code_block' ? 'pre' : token.tag
  const style = styles[tag]
  if (style && (token.nesting === 1 || token.nesting === 0) && token.type !== 'text') {
    token.attrSet('style', style)
  }
}

/** The body's HTML for the archive page or a mail. */
export function renderMarkdown(markdown: string, options: RenderOptions): string {
  const env: RenderEnv & Env = {
    variant: options.variant,
    colours: options.colours,
    linkHref: options.linkHref,
  }
  return markdownIt().render(String(markdown ?? ''), env)
}

/** Every distinct link address of the body, in order (what click tracking may redirect to). */
export function markdownLinks(markdown: string): string[] {
  const links: string[] = []
  for (const token of markdownIt().parse(String(markdown ?? ''), {})) {
    for (const child of token.children ?? []) {
      if (child.type !== 'link_open') continue
      const href = String(child.attrGet('href') ?? '')
      if (href && !links.includes(href)) links.push(href)
    }
  }
  return links
}

// --- the plain-text part ------------------------------------------------------------------

function inlineText(tokens: Token[]): string {
  let out = ''
  let linkHref: string | null = null
  let linkText = ''
  for (const token of tokens) {
    let piece = ''
    switch (token.type) {
      case 'text':
      case 'code_inline':
        piece = token.content
        break
      case 'softbreak':
      case 'hardbreak':
        piece = '\n'
        break
      case 'image':
        piece = `[${token.content || 'image'}]`
        break
      case 'link_open':
        linkHref = String(token.attrGet('href') ?? '')
        linkText = ''
        continue
      case 'link_close': {
        const href = linkHref ?? ''
        const shown = href.replace(/^mailto:/i, '')
        out += linkText === shown || linkText === href ? shown : `${linkText} (${href})`
        linkHref = null
        continue
      }
      default:
        continue
    }
    if (linkHref !== null) linkText += piece
    else out += piece
  }
  return out
}

/**
 * The body as plain text for the mail's text part: headings underlined, lists with "-" or
 * numbers, quotes with ">", links as "text (address)".
 */
export function markdownToText(markdown: string): string {
  const tokens = markdownIt().parse(String(markdown ?? ''), {})
  const blocks: TextBlock[] = []
  const lists: { ordered: boolean; next: number }[] = []
  let quoteDepth = 0
  let itemPrefix = ''
  let row: string[] = []
  // Items of one list, and rows of one table, stay together; anything else starts apart.
  let group = 0
  let grouped = false

  const push = (text: string) => {
    const indent = '  '.repeat(Math.max(0, lists.length - 1))
    const quote = '> '.repeat(quoteDepth)
    const lines = text.split('\n')
    const first = `${quote}${indent}${itemPrefix}`
    const rest = `${quote}${indent}${' '.repeat(itemPrefix.length)}`
    const block = lines.map((line, i) => (i === 0 ? first : rest) + line).join('\n')
    blocks.push({ text: block, group: grouped ? group : ++group })
    itemPrefix = ''
  }

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    switch (token.type) {
      case 'heading_open': {
        const text = inlineText(tokens[i + 1]?.children ?? [])
        const level = Number(token.tag.slice(1))
        push(
          level <= 2
            ? `${text}\n${(level === 1 ? '=' : '-').repeat(Math.min(text.length, 60))}`
            : text,
        )
        i += 2
        break
      }
      case 'inline':
        if (tokens[i - 1]?.type === 'th_open' || tokens[i - 1]?.type === 'td_open') {
          row.push(inlineText(token.children ?? []))
        } else {
          push(inlineText(token.children ?? []))
        }
        break
      case 'bullet_list_open':
      case 'ordered_list_open':
        if (lists.length === 0) {
          group++
          grouped = true
        }
        lists.push({
          ordered: token.type === 'ordered_list_open',
          next: Number(token.attrGet('start') ?? 1),
        })
        break
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop()
        if (lists.length === 0) {
          grouped = false
          group++
        }
        break
      case 'list_item_open': {
        const list = lists[lists.length - 1]
        itemPrefix = list?.ordered ? `${list.next++}. ` : '- '
        break
      }
      case 'blockquote_open':
        quoteDepth++
        break
      case 'blockquote_close':
        quoteDepth--
        break
      case 'fence':
      case 'code_block':
        push(
          token.content
            .replace(/\n$/, '')
            .split('\n')
            .map((line) => `    ${line}`)
            .join('\n'),
        )
        break
      case 'hr':
        push('----')
        break
      case 'table_open':
        group++
        grouped = true
        break
      case 'table_close':
        grouped = false
        group++
        break
      case 'tr_open':
        row = []
        break
      case 'tr_close':
        push(row.join(' | '))
        break
      default:
        break
    }
  }
  return joinBlocks(blocks)
}

interface TextBlock {
  text: string
  /** Blocks of one group (a list, a table) are joined by a line break, groups by a blank line. */
  group: number
}

function joinBlocks(blocks: TextBlock[]): string {
  let out = ''
  let previous = -1
  for (const block of blocks) {
    if (out) out += block.group === previous ? '\n' : '\n\n'
    out += block.text
    previous = block.group
  }
  return out
}

// --- the issue's address on the site -------------------------------------------------------

/** `Five ways to save an hour!` -> `five-ways-to-save-an-hour`; never empty. */
export function slugify(subject: string): string {
  let text = String(subject ?? '').toLowerCase()
  try {
    text = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  } catch {
    // an engine without normalize keeps the accents, which the next step removes
  }
  const slug = text
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ISSUE_SLUG_MAX)
    .replace(/-+$/, '')
  return slug || 'issue'
}

/** A slug as the archive's addresses accept it. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
