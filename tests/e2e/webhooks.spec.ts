// The Integrations tab in Chromium against the real server: the consultant adds an endpoint (a
// real receiver on loopback; the e2e server runs with WEBHOOKS_ALLOW_PRIVATE=true), copies the
// secret shown once, sends a test event, sees it in the log, resends it, and deletes the
// endpoint. The secret read from the page verifies the received signature (standardwebhooks).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { expect, test } from './support/csp-guard'
import {
  baseURL,
  createUser,
  DESKTOP,
  expectAccessible,
  MOBILE,
  promoteAdmin,
  screenshot,
  signInAs,
  superuser,
  ONLINE_ONLY,
} from './support/helpers'

test.use(ONLINE_ONLY)

interface Received {
  headers: Record<string, string>
  body: string
}

async function startReceiver() {
  const received: Received[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"status":"caught"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/catch/12345/abcde/`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Runs the webhook queue now, as an operator would (POST /api/webhooks/flush). */
async function flush() {
  const su = await superuser()
  await su.send('/api/webhooks/flush', { method: 'POST', body: {} })
}

/**
 * The worker's server is shared by the tests it runs one after another: endpoints another test
 * left there go first, so the tab starts empty.
 */
async function removeEndpoints() {
  const su = await superuser()
  for (const endpoint of await su.collection('webhook_endpoints').getFullList({ fields: 'id' })) {
    await su.collection('webhook_endpoints').delete(endpoint.id)
  }
}

test('Integrations: add an endpoint, send a test event, see it in the log, resend', async ({
  page,
}) => {
  await removeEndpoints()
  const receiver = await startReceiver()
  try {
    await page.setViewportSize(DESKTOP)
    const admin = await createUser({ label: 'integrations-owner' })
    promoteAdmin(admin.email)
    await signInAs(page, admin.email)
    await page.goto(`${baseURL()}/audit-admin?tab=integrations`)
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Integrations' }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('No endpoints yet.')).toBeVisible()
    await screenshot(page, 'integrations-empty')

    // A mistake first: the server's answer names the field, and what was typed stays.
    await page.getByRole('button', { name: 'Add an endpoint' }).click()
    const urlField = page.getByLabel('Endpoint URL')
    await urlField.fill('https://169.254.169.254/latest/meta-data/')
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(page.getByText(/169\.254\.169\.254 is a cloud metadata address/)).toBeVisible()
    await expect(urlField).toHaveValue('https://169.254.169.254/latest/meta-data/')
    await expect(urlField).toHaveAttribute('aria-invalid', 'true')
    await screenshot(page, 'integrations-form-error')

    await urlField.fill(receiver.url)
    await page.getByLabel('Name (optional)').fill('HubSpot via Zapier')
    await page.getByRole('checkbox', { name: /A person's status changes/ }).uncheck()
    await page.getByRole('button', { name: 'Add endpoint' }).click()

    const secretBox = page.getByRole('region', { name: /Signing secret for HubSpot via Zapier/ })
    await expect(secretBox).toBeVisible()
    const secret = await secretBox.getByLabel('Signing secret').inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{48}$/)
    await expectAccessible(page)
    await screenshot(page, 'integrations-secret')
    await secretBox.getByRole('button', { name: 'I have copied it' }).click()
    await expect(secretBox).toHaveCount(0)

    const card = page.getByRole('article').filter({ hasText: 'HubSpot via Zapier' })
    // New, it has delivered nothing (the worker's server is its own: no other test's audit or
    // message reaches it meanwhile).
    await expect(card).toContainText('Nothing delivered yet')
    await expect(card).not.toContainText("A person's status changes")
    await card.getByRole('button', { name: 'Send test event' }).click()
    await expect(card.getByText(/^Test event queued/)).toBeVisible()
    await flush()

    // The test event's lines, and what the receiver got of it.
    const log = card.getByRole('region', { name: 'Delivery log of HubSpot via Zapier' })
    const rows = log.locator('tbody tr').filter({ hasText: 'Test event' })
    const tests = () =>
      receiver.received.filter(
        (r) => (JSON.parse(r.body) as { type: string }).type === 'webhook.test',
      )
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Test event (test)')
    await expect(rows.first()).toContainText('Delivered')
    await expect(rows.first()).toContainText('HTTP 200')
    await expect(rows.first()).toContainText('{"status":"caught"}')
    await expect(card).toContainText('Working: last delivered')

    expect(tests()).toHaveLength(1)
    const first = tests()[0]
    const payload = new Webhook(secret).verify(first.body, first.headers) as { type: string }
    expect(payload.type).toBe('webhook.test')

    await rows
      .first()
      .getByRole('button', { name: /Resend/ })
      .click()
    await expect(card.getByText(/^Queued again/)).toBeVisible()
    await flush()
    await expect(rows).toHaveCount(2)
    await expect(rows.first()).toContainText('Test event (resent)')
    expect(tests()).toHaveLength(2)
    expect(tests()[1].headers['webhook-id']).toBe(first.headers['webhook-id'])
    await expectAccessible(page)
    // The narrowest phone and a desktop (390, 1024 and 1920 px were looked at too; the log is a
    // card per attempt on a phone like every console table: newcomer-console.spec.ts).
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: width < 700 ? MOBILE.height : 900 })
      await screenshot(page, 'integrations')
    }

    await card.getByRole('button', { name: 'Delete' }).click()
    await card.getByRole('button', { name: 'Delete endpoint' }).click()
    await expect(page.getByText('No endpoints yet.')).toBeVisible()
  } finally {
    await receiver.close()
  }
})
