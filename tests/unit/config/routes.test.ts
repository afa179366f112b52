import { describe, expect, it } from 'vitest'
import { isAppRoute, paths, routePatterns } from '../../../src/config/paths'
import { pageFile, publicPages } from '../../../src/config/public-pages'

describe('the route table', () => {
  const tokenPrefixes: string[] = [
    paths.verifyEmail,
    paths.resetPassword,
    paths.confirmEmailChange,
    paths.newsletterConfirm,
    paths.newsletterUnsubscribe,
    paths.followupStop,
  ]

  it('has every path of the app; a page opened from an e-mail only with its token', () => {
    const pages = Object.values(paths).filter((path) => !tokenPrefixes.includes(path))
    for (const path of pages) expect(isAppRoute(path)).toBe(true)
    expect(routePatterns).toEqual(expect.arrayContaining(pages))
    for (const prefix of tokenPrefixes) {
      expect(isAppRoute(prefix)).toBe(false)
      expect(isAppRoute(`${prefix}/tok`)).toBe(true)
    }
  })

  it.each([
    ['/verify-email/abc123', true],
    ['/verify-email/abc123/', true],
    ['/verify-email', false],
    ['/verify-email/abc/more', false],
    ['/newsletter/confirm/r1/t2', false],
  ])('with the pattern /verify-email/:token, %s is a page: %s', (path, expected) => {
    expect(isAppRoute(path, ['/verify-email/:token'])).toBe(expected)
  })

  it.each([
    ['/newsletter/confirm/abc', true],
    ['/newsletter/confirm/abc/def', true],
    ['/newsletter/confirm', false],
    ['/newsletter/other/abc', false],
  ])('with the pattern /newsletter/confirm/*, %s is a page: %s', (path, expected) => {
    expect(isAppRoute(path, ['/newsletter/confirm/*'])).toBe(expected)
  })

  it('has the links of the account and newsletter e-mails', () => {
    for (const path of [
      '/verify-email/tok',
      '/reset-password/tok',
      '/confirm-email-change/tok',
      '/newsletter/confirm/tok',
      '/newsletter/unsubscribe/tok',
    ]) {
      expect(isAppRoute(path)).toBe(true)
    }
    expect(isAppRoute('/newsletter/confirm/id/tok')).toBe(false)
  })

  it('matches whole segments only', () => {
    expect(isAppRoute('/calls')).toBe(false)
    expect(isAppRoute('/call/extra')).toBe(false)
    expect(isAppRoute('/')).toBe(true)
  })
})

describe('the public pages', () => {
  it('are pages of the app, each written to its own file', () => {
    for (const page of publicPages) expect(isAppRoute(page.path)).toBe(true)
    expect(new Set(publicPages.map((page) => page.file)).size).toBe(publicPages.length)
    expect(pageFile('/')).toBe('index.html')
    expect(pageFile('/free-audit')).toBe('free-audit.html')
  })

  it('have their own title and a description of 50 to 160 characters, as search results show', () => {
    expect(new Set(publicPages.map((page) => page.title)).size).toBe(publicPages.length)
    for (const page of publicPages) {
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(50)
      expect(page.description.length, page.path).toBeLessThanOrEqual(160)
    }
  })
})
