// The newsletter's one Markdown renderer, for the console's preview, every copy of the mail and
// the public archive. Bundled into the server by scripts/build-server.mjs (server/newsletter/
// imports it), so the browser and the server turn the same Markdown into the same HTML.
//
// Safe by construction: markdown-it with `html: false` escapes any HTML typed into the text, and
// a link or an image is made only from an http(s) address (links also mailto:); anything else
// (`javascript:`, `data:`, relative paths) stays plain text. Pure: no I/O, no clock.
//
// What is typed is what arrives: a line break inside a paragraph (a sign-off on two lines) stays a
// line break (`breaks: true`). And any body renders in bounded time, also in PocketBase's engine,
// where every `a += b` on a string copies it: the text a paragraph builds up, the joins of its
// pieces and the HTML are collected in arrays, never grown one piece at a time; the work of one
// parse is counted, and what would go past WORK_BUDGET (or a paragraph past PARAGRAPH_BUDGET) is
// shown as its plain text, line breaks kept; nesting stops at MAX_NESTING, tables at
// MAX_TABLE_CELLS; and a send parses the body once for its three forms (renderIssueBody).
import markdownItFactory, {
  type Env,
  type MarkdownIt,
  type MarkdownItOptions,
  type Renderer,
  type StateBlock,
  type StateCore,
  type StateInline,
  type Token,
} from 'markdown-it'
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
  colours?: MailColours
  linkHref?: (url: string) => string
}

let parser: MarkdownIt | undefined

/**
 * How deep blocks and inline markup may nest (markdown-it's CommonMark preset; a newsletter nests
 * a list in a quote, not twenty). Deeper, markdown-it leaves the rest of that block out, and the
 * console's preview shows the same.
 */
export const MAX_NESTING = 20

/**
 * The most work one body's parse may take: its block tokens plus the steps of its inline parser
 * (each place it tries its rules at, a long text it copies counting more). A long newsletter
 * (50,000 characters with a link every line) takes about 7,000. Past it, the rest of the body is
 * shown as its plain text, paragraphs and line breaks kept, and PocketBase's engine, about a
 * thousand times slower than a browser at this, stays under a second.
 */
export const WORK_BUDGET = 10_000

/** The most of it one paragraph (or heading, or table cell) may take; past it, it is plain text. */
export const PARAGRAPH_BUDGET = 6_000

/** A table's cells (rows times columns) at most; the rows past them are read as text. */
export const MAX_TABLE_CELLS = 1_000

/** A list's lines at most; the lines past them start a new block. */
const MAX_LIST_LINES = 1_000

/** The longest text the inline parser builds up before it sets it down as a piece of its own. */
const PENDING_MAX = 512

/** Thrown inside one paragraph's inline parse when it would go over its budget. */
const OVER_BUDGET = { overBudget: true }

/** The work a parse has done so far, kept in its env (one per parse). */
interface Work {
  /** Inline steps so far. */
  inline: number
  /** The step count the current paragraph may not pass. */
  limit: number
}

function workOf(env: unknown): Work {
  const holder = env as { newsletterWork?: Work }
  if (!holder.newsletterWork) holder.newsletterWork = { inline: 0, limit: 0 }
  return holder.newsletterWork
}

/**
 * The first block rule, tried where each block starts: past WORK_BUDGET, the rest of the
 * container (the body, or the quote or list item it is in) becomes one plain-text block.
 */
function budgetBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean) {
  if (silent || state.tokens.length + workOf(state.env).inline <= WORK_BUDGET) return false
  const token = state.push('newsletter_plain', '', 0)
  token.content = state.getLines(startLine, endLine, state.blkIndent, false)
  token.map = [startLine, endLine]
  state.line = endLine
  return true
}

/**
 * The first inline rule, tried at every place the inline parser looks at (also inside a link's
 * text): counts the step and the length of the text built up so far (what the next `+=` copies),
 * and sets a long text down as its own piece before it grows further. Never matches.
 */
function budgetInline(state: StateInline, silent: boolean): boolean {
  const work = workOf(state.env)
  work.inline += 1 + (silent ? 0 : state.pending.length >> 6)
  if (work.inline > work.limit) throw OVER_BUDGET
  // Only after punctuation: a word or an address (`https`, which linkify looks back for) stays whole.
  if (!silent && state.pending.length >= PENDING_MAX && !/[\w\s]$/.test(state.pending)) {
    state.pushPending()
  }
  return false
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean

/** A block rule of markdown-it and the rules it may end (its `alt`). */
function blockRule(md: MarkdownIt, name: string): { fn: BlockRule; alt: string[] } {
  const rules = (
    md.block.ruler as unknown as {
      __rules__: Array<{ name: string; fn: BlockRule; alt: string[] }>
    }
  ).__rules__
  const rule = rules.find((entry) => entry.name === name)
  if (!rule) throw new Error(`markdown-it has no block rule ${name}`)
  return { fn: rule.fn, alt: rule.alt.slice() }
}

/** The cells of the table starting at `startLine` would be at most MAX_TABLE_CELLS: its last line. */
function tableEnd(state: StateBlock, startLine: number, endLine: number): number {
  const delimiter = startLine + 1
  if (delimiter >= endLine) return endLine
  const line = state.src.slice(
    state.bMarks[delimiter] + state.tShift[delimiter],
    state.eMarks[delimiter],
  )
  const columns = Math.max(1, line.replace(/^\||\|$/g, '').split('|').length)
  const rows = Math.floor(MAX_TABLE_CELLS / columns) - 1
  return rows < 1 ? startLine : Math.min(endLine, delimiter + 1 + rows)
}

/** Joins each run of adjacent text tokens into one, from an array (one copy, not one per piece). */
function joinTextRuns(tokens: Token[]): void {
  let last = 0
  let run: string[] = []
  for (let curr = 0; curr < tokens.length; curr++) {
    const token = tokens[curr]
    if (token.type === 'text' && tokens[curr + 1]?.type === 'text') {
      run.push(token.content)
      continue
    }
    if (run.length > 0) {
      run.push(token.content)
      token.content = run.join('')
      run = []
    }
    tokens[last++] = token
  }
  tokens.length = last
}

/** markdown-it's `fragments_join`, linear: levels set again, adjacent text pieces joined. */
function fragmentsJoin(state: StateInline): void {
  let level = 0
  for (const token of state.tokens) {
    if (token.nesting < 0) level--
    token.level = level
    if (token.nesting > 0) level++
  }
  joinTextRuns(state.tokens)
}

/** markdown-it's `text_join`, linear: escaped characters become text, adjacent text joined. */
function textJoin(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue
    for (const token of block.children) {
      if (token.type === 'text_special') token.type = 'text'
      if (token.children) {
        for (const child of token.children) if (child.type === 'text_special') child.type = 'text'
        joinTextRuns(token.children)
      }
    }
    joinTextRuns(block.children)
  }
}

/** One block's content as one plain-text piece (rendered with its line breaks). */
function plainInline(state: StateCore, block: Token): Token[] {
  const text = new state.Token('newsletter_plain_inline', '', 0)
  text.content = block.content
  return [text]
}

/** markdown-it's `inline` core rule, each paragraph's parse held to its share of the budget. */
function inlineWithinBudget(state: StateCore): void {
  const work = workOf(state.env)
  for (const block of state.tokens) {
    if (block.type !== 'inline') continue
    const left = WORK_BUDGET - state.tokens.length - work.inline
    if (left <= 0) {
      block.children = plainInline(state, block)
      continue
    }
    work.limit = work.inline + Math.min(left, PARAGRAPH_BUDGET)
    const children: Token[] = []
    try {
      state.md.inline.parse(block.content, state.md, state.env, children)
      block.children = children
    } catch (err) {
      if (err !== OVER_BUDGET) throw err
      block.children = plainInline(state, block)
    }
  }
}

/** Plain text as HTML: escaped, line breaks kept (as `breaks: true` writes them). */
function plainHtml(text: string): string {
  return escapeText(text).replace(/\n/g, '<br>\n')
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
}

function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c])
}

/** markdown-it's `render` and `renderInline`, collecting the HTML in an array. */
function renderLinear(renderer: Renderer): void {
  const renderInline = (
    tokens: Token[],
    options: Required<MarkdownItOptions>,
    env: Env | undefined,
  ): string => {
    const out: string[] = []
    for (let i = 0; i < tokens.length; i++) {
      const rule = renderer.rules[tokens[i].type]
      out.push(
        rule ? rule(tokens, i, options, env, renderer) : renderer.renderToken(tokens, i, options),
      )
    }
    return out.join('')
  }
  renderer.renderInline = renderInline
  renderer.render = (
    tokens: Token[],
    options: Required<MarkdownItOptions>,
    env: Env | undefined,
  ): string => {
    const out: string[] = []
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]
      const rule = renderer.rules[token.type]
      if (token.type === 'inline') out.push(renderInline(token.children ?? [], options, env))
      else if (rule) out.push(rule(tokens, i, options, env, renderer))
      else out.push(renderer.renderToken(tokens, i, options))
    }
    return out.join('')
  }
}

function markdownIt(): MarkdownIt {
  if (parser) return parser
  const md = markdownItFactory('default', {
    html: false,
    linkify: true,
    typographer: false,
    // A line break typed inside a paragraph is a line break in the mail and the archive.
    breaks: true,
    maxNesting: MAX_NESTING,
  })
  md.block.ruler.before('table', 'newsletter_budget', budgetBlock)
  const table = blockRule(md, 'table')
  md.block.ruler.at(
    'table',
    (state, startLine, endLine, silent) =>
      table.fn(state, startLine, silent ? endLine : tableEnd(state, startLine, endLine), silent),
    { alt: table.alt },
  )
  const list = blockRule(md, 'list')
  md.block.ruler.at(
    'list',
    (state, startLine, endLine, silent) =>
      list.fn(state, startLine, Math.min(endLine, startLine + MAX_LIST_LINES), silent),
    { alt: list.alt },
  )
  md.inline.ruler.before('text', 'newsletter_budget', budgetInline)
  md.inline.ruler2.at('fragments_join', fragmentsJoin)
  md.core.ruler.at('inline', inlineWithinBudget)
  md.core.ruler.at('text_join', textJoin)
  renderLinear(md.renderer)
  md.renderer.rules.newsletter_plain_inline = (tokens, idx) => plainHtml(tokens[idx].content)
  md.renderer.rules.newsletter_plain = (tokens, idx, _options, env) => {
    const mail = env as Partial<RenderEnv>
    const style =
      mail && mail.variant === 'mail' && mail.colours ? ` style="${stylesFor(mail.colours).p}"` : ''
    return tokens[idx].content
      .split(/\n[ \t]*\n/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== '')
      .map((paragraph) => `<p${style}>${plainHtml(paragraph)}</p>\n`)
      .join('')
  }
  // Called for every link and image address after normalising; false leaves the text as text.
  md.validateLink = (url: string) => isSafeLink(url)
  md.core.ruler.push('newsletter_variant', (state) => {
    const env = state.env as Partial<RenderEnv>
    if (env && env.variant) dressTokens(state.tokens, env as RenderEnv)
  })
  parser = md
  return md
}

/** Dresses parsed tokens for `env.variant` (headings, links, images, the mail's inline styles). */
function dressTokens(tokens: Token[], env: RenderEnv): void {
  shiftHeadings(tokens)
  for (const token of tokens) {
    dressToken(token, env)
    for (const child of token.children ?? []) dressToken(child, env)
  }
}

/**
 * The body's biggest heading becomes h2 (the subject is the page's and the mail's h1), the
 * others keep their distance to it, so the outline never skips a level at the top.
 */
function shiftHeadings(tokens: Token[]): void {
  let top = 7
  for (const token of tokens) {
    if (token.type === 'heading_open') top = Math.min(top, Number(token.tag.slice(1)))
  }
  const shift = top < 7 ? 2 - top : 0
  for (const token of tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') {
      token.tag = headingTag(token.tag, shift)
    }
  }
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
  if (token.type === 'link_open') {
    const href = String(token.attrGet('href') ?? '')
    if (env.linkHref) token.attrSet('href', env.linkHref(href))
  }
  if (token.type === 'image') {
    const src = String(token.attrGet('src') ?? '')
    // validateLink allowed mailto: too; an image needs an http(s) address.
    if (!IMAGE.test(src)) token.attrSet('src', '')
    if (env.variant === 'page') token.attrSet('loading', 'lazy')
    else if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== 'loading')
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

/** The three forms of an issue's body a send keeps. */
export interface IssueBody {
  /** renderMarkdown(body, { variant: 'page' }) */
  pageHtml: string
  /** renderMarkdown(body, { variant: 'mail', ...mail }) */
  mailHtml: string
  /** markdownToText(body) */
  mailText: string
}

/**
 * The archive's HTML, the mail's HTML and the text part of one body, from ONE parse (the same
 * as renderMarkdown and markdownToText give, at a third of the work).
 */
export function renderIssueBody(
  markdown: string,
  mail: { colours: MailColours; linkHref?: (url: string) => string },
): IssueBody {
  const md = markdownIt()
  const tokens = md.parse(String(markdown ?? ''), {})
  const mailText = tokensToText(tokens)
  // The same tokens, dressed for the page and then for the mail (which takes the page's
  // `loading` off its images again).
  const pageEnv: RenderEnv & Env = { variant: 'page' }
  dressTokens(tokens, pageEnv)
  const pageHtml = md.renderer.render(tokens, md.options, pageEnv)
  const mailEnv: RenderEnv & Env = {
    variant: 'mail',
    colours: mail.colours,
    linkHref: mail.linkHref,
  }
  for (const token of tokens) {
    dressToken(token, mailEnv)
    for (const child of token.children ?? []) dressToken(child, mailEnv)
  }
  return { pageHtml, mailHtml: md.renderer.render(tokens, md.options, mailEnv), mailText }
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
  const out: string[] = []
  let linkHref: string | null = null
  let linkText: string[] = []
  for (const token of tokens) {
    let piece = ''
    switch (token.type) {
      case 'text':
      case 'code_inline':
      case 'newsletter_plain_inline':
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
        linkText = []
        continue
      case 'link_close': {
        const href = linkHref ?? ''
        const shown = href.replace(/^mailto:/i, '')
        const text = linkText.join('')
        out.push(text === shown || text === href ? shown : `${text} (${href})`)
        linkHref = null
        continue
      }
      default:
        continue
    }
    if (linkHref !== null) linkText.push(piece)
    else out.push(piece)
  }
  return out.join('')
}

/**
 * The body as plain text for the mail's text part: headings underlined, lists with "-" or
 * numbers, quotes with ">", links as "text (address)".
 */
export function markdownToText(markdown: string): string {
  return tokensToText(markdownIt().parse(String(markdown ?? ''), {}))
}

/** The text part from parsed (undressed) tokens. */
function tokensToText(tokens: Token[]): string {
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
      case 'newsletter_plain':
        for (const paragraph of token.content.split(/\n[ \t]*\n/)) {
          if (paragraph.trim()) push(paragraph.trim())
        }
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
  const out: string[] = []
  let previous = -1
  for (const block of blocks) {
    if (out.length > 0) out.push(block.group === previous ? '\n' : '\n\n')
    out.push(block.text)
    previous = block.group
  }
  return out.join('')
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
