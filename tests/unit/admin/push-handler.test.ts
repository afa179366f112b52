// The console's alerts in the service worker (public/push-handler.js), run as the worker runs it
// (a plain script, in a context of its own) against a stand-in for the worker's globals: a push
// shows a notification, whatever the payload; a tap opens a page of this site and never another
// site; a replaced subscription is reported to the open pages. The real worker is tested in
// tests/e2e/push-alerts.spec.ts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'

const SCRIPT = readFileSync(join(import.meta.dirname, '../../../public/push-handler.js'), 'utf8')
const ORIGIN = 'https://northcountry.example'

interface FakeClient {
  url: string
  focused: boolean
  messages: unknown[]
  navigatedTo: string | null
  /** navigate() answers null for a page the worker does not control. */
  controlled: boolean
  focus(): Promise<FakeClient>
  navigate(url: string): Promise<FakeClient | null>
  postMessage(message: unknown): void
}

function fakeClient(url: string, controlled = true): FakeClient {
  const client: FakeClient = {
    url,
    focused: false,
    messages: [],
    navigatedTo: null,
    controlled,
    async focus() {
      client.focused = true
      return client
    },
    async navigate(to: string) {
      if (!client.controlled) return null
      client.navigatedTo = to
      client.url = to
      return client
    },
    postMessage(message: unknown) {
      client.messages.push(message)
    },
  }
  return client
}

/** The script loaded into a fresh stand-in worker; `fire` runs one event to its end. */
function loadWorker(windows: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>()
  const shown: { title: string; options: Record<string, unknown> }[] = []
  const opened: string[] = []
  const worker = {
    location: { origin: ORIGIN },
    addEventListener(type: string, listener: (event: unknown) => void) {
      listeners.set(type, listener)
    },
    registration: {
      async showNotification(title: string, options: Record<string, unknown>) {
        shown.push({ title, options })
      },
    },
    clients: {
      async matchAll() {
        return windows
      },
      async openWindow(url: string) {
        opened.push(url)
        return null
      },
    },
  }
  runInNewContext(SCRIPT, { self: worker, URL })

  async function fire(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = []
    const listener = listeners.get(type)
    if (!listener) throw new Error(`no ${type} listener`)
    listener({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) })
    expect(waits, `${type} keeps the worker alive until it is done`).toHaveLength(1)
    await Promise.all(waits)
  }
  return { fire, shown, opened }
}

/** A push event's data as the browser gives it. */
function pushData(text: string) {
  return {
    text: () => text,
    json: () => JSON.parse(text) as unknown,
  }
}

describe('push', () => {
  it('shows the alert the server sent: title, body, tag, the page to open, the icons', async () => {
    const { fire, shown } = loadWorker()
    const alert = {
      title: 'New call-back request',
      body: 'Jordan Lodge: Please call me back',
      url: '/audit-admin?tab=people&person=abc123',
      tag: 'person-abc123',
    }
    await fire('push', { data: pushData(JSON.stringify(alert)) })
    expect(shown).toEqual([
      {
        title: 'New call-back request',
        options: {
          body: 'Jordan Lodge: Please call me back',
          tag: 'person-abc123',
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          data: { url: '/audit-admin?tab=people&person=abc123' },
        },
      },
    ])
  })

  it.each([
    ['text that is not JSON', pushData('new lead!')],
    ['JSON that is not an object', pushData('"hello"')],
    ['an object without a title', pushData('{"body":42,"url":7}')],
    ['no payload at all', null],
  ])('still shows "New activity in your console" for %s', async (_, data) => {
    const { fire, shown } = loadWorker()
    await fire('push', { data })
    expect(shown).toHaveLength(1)
    expect(shown[0].title).toBe('New activity in your console')
    expect(shown[0].options.data).toEqual({ url: '/audit-admin' })
    expect(shown[0].options).not.toHaveProperty('tag')
  })

  it.each([
    ['https://evil.example/audit-admin', '/audit-admin'],
    ['//evil.example/x', '/audit-admin'],
    ['javascript:alert(1)', '/audit-admin'],
    [`${ORIGIN}/audit-admin?tab=people&person=p1`, '/audit-admin?tab=people&person=p1'],
    ['/audit-admin?tab=people&person=p1#notes', '/audit-admin?tab=people&person=p1#notes'],
  ])('keeps %j to a page of this site: %j', async (url, kept) => {
    const { fire, shown } = loadWorker()
    await fire('push', { data: pushData(JSON.stringify({ title: 'x', url })) })
    expect(shown[0].options.data).toEqual({ url: kept })
  })
})

describe('notificationclick', () => {
  function click(url: unknown) {
    const notification = { data: { url }, closed: false, close: () => void 0 }
    notification.close = () => {
      notification.closed = true
    }
    return notification
  }

  it('closes the notification and opens the page in a new window when none is open', async () => {
    const { fire, opened } = loadWorker()
    const notification = click('/audit-admin?tab=people&person=p1')
    await fire('notificationclick', { notification })
    expect(notification.closed).toBe(true)
    expect(opened).toEqual([`${ORIGIN}/audit-admin?tab=people&person=p1`])
  })

  it('brings the open console forward and shows the person there', async () => {
    const site = fakeClient(`${ORIGIN}/free-audit`)
    const consoleWindow = fakeClient(`${ORIGIN}/audit-admin`)
    const { fire, opened } = loadWorker([site, consoleWindow])
    await fire('notificationclick', { notification: click('/audit-admin?tab=people&person=p1') })
    expect(consoleWindow.focused).toBe(true)
    expect(consoleWindow.navigatedTo).toBe(`${ORIGIN}/audit-admin?tab=people&person=p1`)
    expect(site.focused).toBe(false)
    expect(opened).toEqual([])
  })

  it('uses a window of another site never, and a new window when the open one cannot be moved', async () => {
    const elsewhere = fakeClient('https://other.example/audit-admin')
    const uncontrolled = fakeClient(`${ORIGIN}/`, false)
    const { fire, opened } = loadWorker([elsewhere, uncontrolled])
    await fire('notificationclick', { notification: click('/audit-admin') })
    expect(elsewhere.focused).toBe(false)
    expect(opened).toEqual([`${ORIGIN}/audit-admin`])
  })

  it('opens the console itself for an address of another site', async () => {
    const { fire, opened } = loadWorker()
    await fire('notificationclick', { notification: click('https://evil.example/phish') })
    expect(opened).toEqual([`${ORIGIN}/audit-admin`])
  })
})

describe('pushsubscriptionchange', () => {
  it('tells every open page, which sends the new subscription (the worker has no sign-in)', async () => {
    const pages = [fakeClient(`${ORIGIN}/audit-admin`), fakeClient(`${ORIGIN}/`)]
    const { fire } = loadWorker(pages)
    await fire('pushsubscriptionchange', {})
    for (const page of pages) expect(page.messages).toEqual([{ type: 'push-subscription-changed' }])
  })
})
