// The newsletter's Markdown renderer (src/content/markdown.ts): what it makes of what the
// consultant types, for the archive, the mail and the text part, and that nothing typed can
// become markup or a dangerous link. The same module is bundled for the hooks.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  markdownLinks,
  markdownToText,
  renderMarkdown,
  slugify,
  SLUG_PATTERN,
} from '../../../src/content/markdown'
import { oneLine, previewMailHtml } from '../../../src/content/issue-preview'

const colours = { INK: '#22262a', MUTED: '#444b52', SPRUCE: '#1f4d3a', ACCENT: '#b4531f' }
const page = (md: string) => renderMarkdown(md, { variant: 'page' })
const mail = (md: string) => renderMarkdown(md, { variant: 'mail', colours })

describe('renderMarkdown', () => {
  it.each([
    ['## Heading', '<h2>Heading</h2>'],
    ['# Title\n\n## Part', '<h2>Title</h2>\n<h3>Part</h3>'],
    ['### Small\n\n#### Smaller', '<h2>Small</h2>\n<h3>Smaller</h3>'],
    ['**bold** and *italic*', '<p><strong>bold</strong> and <em>italic</em></p>'],
    ['- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    [
      '[site](https://example.com/a?b=1&c=2)',
      '<a href="https://example.com/a?b=1&amp;c=2">site</a>',
    ],
    ['[mail](mailto:hi@example.com)', '<a href="mailto:hi@example.com">mail</a>'],
    [
      '![a photo](https://example.com/p.jpg)',
      '<img src="https://example.com/p.jpg" alt="a photo" loading="lazy">',
    ],
  ])('renders %j for the archive', (md, html) => {
    expect(page(md)).toContain(html)
  })

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['[x](javascript:alert(1))', '[x](javascript:alert(1))'],
    ['[x](JaVaScRiPt:alert(1))', '[x](JaVaScRiPt:alert(1))'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['[x](/relative/path)', '[x](/relative/path)'],
    ['![x](data:image/png;base64,AAAA)', '![x](data:image/png;base64,AAAA)'],
    ['<a href="x">y</a>', '&lt;a href=&quot;x&quot;&gt;y&lt;/a&gt;'],
  ])('keeps %j as text', (md, shown) => {
    for (const html of [page(md), mail(md)]) {
      expect(html).toContain(shown)
      expect(html).not.toMatch(/<(script|a|img)\b[^>]*(javascript:|data:|onerror)/i)
    }
  })

  it('never produces a tag or a link the renderer did not make, whatever is typed', () => {
    const allowed = new Set([
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'h7',
      'p',
      'em',
      'strong',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'code',
      'pre',
      'blockquote',
      'hr',
      'br',
      's',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ])
    const pieces = fc.constantFrom(
      '<',
      '>',
      '"',
      "'",
      '&',
      '[',
      ']',
      '(',
      ')',
      '!',
      '*',
      '#',
      '-',
      '`',
      '\n',
      ' ',
      'a',
      'javascript:',
      'data:',
      'https://x.test/',
      'mailto:a@b.c',
      'script',
      'onerror=',
      'style=',
      '<img',
      '<a href=',
      '<svg onload=',
      '|',
      ':',
    )
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
        const md = parts.join('')
        for (const html of [page(md), mail(md)]) {
          for (const [, tag] of html.matchAll(/<\/?([a-z0-9]+)/gi)) {
            expect(allowed.has(tag.toLowerCase())).toBe(true)
          }
          for (const [, url] of html.matchAll(/(?:href|src)="([^"]*)"/g)) {
            expect(url === '' || /^(https?:\/\/|mailto:)/i.test(url)).toBe(true)
          }
          expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('dresses the mail with inline styles in the mail colours, and the page with none', () => {
    expect(mail('[x](https://a.test)')).toContain(`style="color:${colours.SPRUCE};`)
    expect(page('[x](https://a.test)')).not.toContain('style=')
  })

  it('sends the mail links through linkHref (click tracking), never the images', () => {
    const html = renderMarkdown('[x](https://a.test) ![p](https://a.test/p.png)', {
      variant: 'mail',
      colours,
      linkHref: (url) => `https://site.test/click?u=${encodeURIComponent(url)}`,
    })
    expect(html).toContain('href="https://site.test/click?u=https%3A%2F%2Fa.test"')
    expect(html).toContain('src="https://a.test/p.png"')
  })
})

describe('markdownToText', () => {
  it('writes a readable text part', () => {
    const text = markdownToText(
      '# Title\n\nSome **bold** text with [a link](https://a.test) and <b>tags</b>.\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\nMail [me](mailto:me@a.test).',
    )
    expect(text).toBe(
      [
        'Title',
        '=====',
        '',
        'Some bold text with a link (https://a.test) and <b>tags</b>.',
        '',
        '- one',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        '> quoted',
        '',
        'Mail me (mailto:me@a.test).',
      ].join('\n'),
    )
  })
})

describe('markdownLinks', () => {
  it('lists each link once, in order, and no refused one', () => {
    expect(
      markdownLinks('[a](https://a.test) [b](javascript:x) [c](https://a.test) https://b.test'),
    ).toEqual(['https://a.test', 'https://b.test'])
  })
})

describe('slugify', () => {
  it.each([
    ['Five Ways to Save an Hour!', 'five-ways-to-save-an-hour'],
    ['Café & Crème', 'cafe-and-creme'],
    ['   ', 'issue'],
    ['x'.repeat(200), 'x'.repeat(80)],
  ])('%j -> %j', (subject, slug) => {
    expect(slugify(subject)).toBe(slug)
    expect(slugify(subject)).toMatch(SLUG_PATTERN)
  })
})

describe('previewMailHtml', () => {
  const frame = {
    html: '<title>%%SUBJECT%%</title><div>%%PREHEADER%%</div><h1>%%SUBJECT%%</h1><!--ISSUE-BODY-->',
    placeholders: { subject: '%%SUBJECT%%', preheader: '%%PREHEADER%%', body: '<!--ISSUE-BODY-->' },
    colours,
  }

  it('fills the server frame with the escaped subject and preview text and the mail body', () => {
    const html = previewMailHtml(frame, {
      subject: 'Tips <b>&</b> $& more',
      preheader: 'Read\nthis',
      body: '**Hi**',
    })
    expect(html).toBe(
      '<title>Tips &lt;b&gt;&amp;&lt;/b&gt; $&amp; more</title><div>Read this</div>' +
        '<h1>Tips &lt;b&gt;&amp;&lt;/b&gt; $&amp; more</h1>' +
        `<p style="margin:0 0 12px;"><strong>Hi</strong></p>\n`,
    )
  })

  it('writes a subject line as the server does', () => {
    expect(oneLine(' a\tb\u0000c  ', 200)).toBe('a b c')
    expect(oneLine('x'.repeat(250), 200)).toHaveLength(200)
  })
})
