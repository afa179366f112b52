// The newsletter's Markdown renderer (src/content/markdown.ts): what it makes of what the
// consultant types, for the archive, the mail and the text part, and that nothing typed can
// become markup or a dangerous link. The same module is bundled for the hooks.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MAX_NESTING,
  MAX_TABLE_CELLS,
  markdownLinks,
  markdownToText,
  renderIssueBody,
  renderMarkdown,
  slugify,
  SLUG_PATTERN,
} from '../../../src/content/markdown'
import { textLimits } from '../../../src/config/limits'
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

  it('keeps a line break typed inside a paragraph (a sign-off on two lines), in the archive and the mail', () => {
    const signOff = 'Thanks for reading,\nAlex'
    expect(page(signOff)).toBe('<p>Thanks for reading,<br>\nAlex</p>\n')
    expect(mail(signOff)).toBe('<p style="margin:0 0 12px;">Thanks for reading,<br>\nAlex</p>\n')
    // A blank line still starts a new paragraph; a list item's lines keep their break too.
    expect(page('One\n\nTwo')).toBe('<p>One</p>\n<p>Two</p>\n')
    expect(page('- first line\n  second line')).toContain('first line<br>\nsecond line')
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

describe('markdownToText, line breaks', () => {
  it('keeps the lines of a paragraph as they were typed', () => {
    expect(markdownToText('Thanks for reading,\nAlex\n\nP.S. One more thing.')).toBe(
      'Thanks for reading,\nAlex\n\nP.S. One more thing.',
    )
  })
})

describe('bounded work (any body the console accepts)', () => {
  const BODY_MAX = textLimits.newsletter_issues.body
  const atLimit = (unit: string) =>
    unit.repeat(Math.ceil(BODY_MAX / unit.length)).slice(0, BODY_MAX)
  /** A newsletter of `sections` tips, each a heading, a paragraph with a link and a list. */
  const newsletter = (sections: number) =>
    Array.from(
      { length: sections },
      (_, i) =>
        `## Tip ${i}\n\nRead **this** on [page ${i}](https://example.com/tips/${i}), then write.\n\n- one\n- two\n`,
    ).join('\n')

  it('renders a long newsletter (150 tips, 14,000 characters) in full: every link, heading and list', () => {
    const body = newsletter(150)
    expect(body.length).toBeGreaterThan(14_000)
    const html = page(body)
    expect(html.match(/<a href="https:\/\/example\.com\/tips\/\d+">/g)).toHaveLength(150)
    expect(html.match(/<h2>Tip \d+<\/h2>/g)).toHaveLength(150)
    expect(html.match(/<ul>/g)).toHaveLength(150)
    expect(html.match(/<strong>this<\/strong>/g)).toHaveLength(150)
  })

  it.each([
    ['50,000 [', atLimit('['), '['.repeat(200)],
    ['*a_ repeated', atLimit('*a_'), 'a_*a_*a_*a_*a_*a_*a_*a_'],
    ['![ repeated', atLimit('!['), '!['.repeat(100)],
    ['_a* repeated', atLimit('_a*'), 'a*_a*_a*_a*_a*_a*'],
  ])(
    '%s: the archive, the mail, its text part and the preview keep what was typed',
    (_, body, typed) => {
      const both = renderIssueBody(body, { colours })
      expect(both.pageHtml).toContain(typed)
      expect(both.mailHtml).toContain(typed)
      expect(both.mailText).toContain(typed)
      const preview = previewMailHtml(
        {
          html: '<!--ISSUE-BODY-->',
          placeholders: { subject: '%S%', preheader: '%P%', body: '<!--ISSUE-BODY-->' },
          colours,
        },
        { subject: 'S', preheader: '', body },
      )
      expect(preview).toContain(typed)
    },
  )

  it('shows the rest of a body past its budget as plain text, paragraphs and line breaks kept', () => {
    const body = `**Hello** there.\n\n${'['.repeat(20_000)}\n\nThanks for reading,\nAlex`
    const html = page(body)
    expect(html.startsWith('<p><strong>Hello</strong> there.</p>\n')).toBe(true)
    expect(html).toContain('<p>Thanks for reading,<br>\nAlex</p>')
    expect(markdownToText(body)).toContain('Thanks for reading,\nAlex')
  })

  it(`nests quotes at most ${MAX_NESTING} deep`, () => {
    const html = page(`${'>'.repeat(MAX_NESTING + 30)} deep`)
    expect((html.match(/<blockquote>/g) ?? []).length).toBeLessThanOrEqual(MAX_NESTING)
  })

  it(`makes a table of at most ${MAX_TABLE_CELLS} cells, the rows past them read as text`, () => {
    const columns = 10
    const rows = 300
    const body = `|${'h|'.repeat(columns)}\n|${'-|'.repeat(columns)}\n${`|${'c|'.repeat(columns)}\n`.repeat(rows)}`
    const html = page(body)
    expect((html.match(/<td>/g) ?? []).length).toBeLessThanOrEqual(MAX_TABLE_CELLS)
    expect((html.match(/<td>/g) ?? []).length).toBeGreaterThan(MAX_TABLE_CELLS - 2 * columns)
  })

  it.each([
    ['a newsletter', newsletter(20)],
    ['a hostile body', atLimit('*a_')],
    ['a sign-off', 'One tip.\n\nThanks for reading,\nAlex'],
  ])('renders %s from one parse exactly as renderMarkdown and markdownToText do', (_, body) => {
    const linkHref = (url: string) => `https://efficiency.test/api/newsletter/click?u=${url}`
    expect(renderIssueBody(body, { colours, linkHref })).toEqual({
      pageHtml: page(body),
      mailHtml: renderMarkdown(body, { variant: 'mail', colours, linkHref }),
      mailText: markdownToText(body),
    })
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

  it('shows a line break typed in the body as the mail will', () => {
    const html = previewMailHtml(frame, { subject: 'S', preheader: '', body: 'Thanks,\nAlex' })
    expect(html).toContain('Thanks,<br>\nAlex')
  })

  it('writes a subject line as the server does', () => {
    expect(oneLine(' a\tb\u0000c  ', 200)).toBe('a b c')
    expect(oneLine('x'.repeat(250), 200)).toHaveLength(200)
  })
})
