import { expect, test } from './support/csp-guard'
import { baseURL } from './support/helpers'

test.describe('smoke', () => {
  test('the home page and the free audit render, and a deep link survives a reload', async ({
    page,
  }) => {
    await page.goto(`${baseURL()}/`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await page.goto(`${baseURL()}/free-audit`)
    await expect(
      page.getByRole('heading', { name: /Business Efficiency Audit/i }).first(),
    ).toBeVisible()
    await page.reload()
    await expect(
      page.getByRole('heading', { name: /Business Efficiency Audit/i }).first(),
    ).toBeVisible()
    expect(new URL(page.url()).pathname).toBe('/free-audit')
  })

  test('the API answers beside the site', async ({ request }) => {
    const res = await request.get(`${baseURL()}/api/health`)
    expect(res.status()).toBe(200)
  })
})
