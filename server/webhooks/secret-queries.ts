// A webhook's signing secret is never an answer, nor an oracle: superusers may filter and sort on
// hidden fields, so without this `?filter=@collection.webhook_endpoints.secret ?~ 'whsec_b%'`
// on any collection, `webhook_attempts?filter=endpoint.secret ~ ...` or `sort=endpoint.secret`
// would read a secret a character at a time; so would a realtime subscription's filter
// (`webhook_attempts/*?options={"query":{"filter":"endpoint.secret ~ ..."}}`: an event arrives
// or not). Every records list or view request, and every realtime subscription, whose filter,
// sort or expand names a secret field, through any relation or @collection join, answers 400
// before PocketBase reads anything (pb_hooks/webhooks.pb.js, a middleware every request passes:
// this module imports nothing, so an engine loads only these few lines).
import type { RequestEvent } from '../platform/events'

/** The webhook_endpoints fields that hold a secret (hidden fields; hooks.ts hides them too). */
const SECRET_FIELDS = ['secret', 'previoussecret']

/** The records list and view routes: the ones that take `filter`, `sort` and `expand`. */
const RECORDS_READ = /^\/api\/collections\/[^/]+\/records(\/[^/]+)?\/?$/

/** The query parameters that name fields, and whether their text may hold quoted values. */
const FIELD_PARAMS: readonly (readonly [name: string, quoted: boolean])[] = [
  ['filter', true],
  ['sort', false],
  ['expand', false],
]

/** A field path as PocketBase's filter language spells one (`@collection.x:alias.y:lower`). */
const FIELD_PATH = /[A-Za-z@_#][A-Za-z0-9_.:]*/g

/**
 * `filter` without its quoted values and comments, read as PocketBase's filter parser (fexpr)
 * reads them: a value runs from a quote to the same quote not preceded by a backslash, a comment
 * from `//` to the end of the line. What is left are the field paths, operators and numbers.
 */
function withoutValues(filter: string): string {
  let out = ''
  let i = 0
  while (i < filter.length) {
    const ch = filter.charAt(i)
    if (ch === "'" || ch === '"') {
      let end = i + 1
      while (
        end < filter.length &&
        !(filter.charAt(end) === ch && filter.charAt(end - 1) !== '\\')
      ) {
        end++
      }
      out += ' '
      i = end + 1
    } else if (ch === '/' && filter.charAt(i + 1) === '/') {
      const end = filter.indexOf('\n', i)
      out += ' '
      i = end < 0 ? filter.length : end
    } else {
      out += ch
      i++
    }
  }
  return out
}

/** The first field path in `text` that reaches a secret field, or ''. */
export function secretFieldIn(text: string): string {
  for (const path of text.match(FIELD_PATH) || []) {
    for (const segment of path.split('.')) {
      // `secret:lower`, `webhook_endpoints:e`: the name is before the colon.
      const name = segment.split(':')[0].toLowerCase()
      if (SECRET_FIELDS.indexOf(name) >= 0) return path
    }
  }
  return ''
}

/** The first of `query`'s field parameters that reaches a secret, as [param, path], or null. */
function secretParamIn(query: (name: string) => string): [string, string] | null {
  for (const [param, quoted] of FIELD_PARAMS) {
    const value = query(param)
    const path = value ? secretFieldIn(quoted ? withoutValues(value) : value) : ''
    if (path) return [param, path]
  }
  return null
}

/**
 * The query each subscription's `options` parameter carries (PocketBase reads
 * `topic?options={"query":{...}}`); every `options` value, so no duplicate hides one.
 */
function subscriptionQueries(subscriptions: unknown): Record<string, unknown>[] {
  const queries: Record<string, unknown>[] = []
  if (!Array.isArray(subscriptions)) return queries
  for (const topic of subscriptions) {
    const text = String(topic)
    const start = text.indexOf('?')
    if (start < 0) continue
    for (const pair of text.slice(start + 1).split('&')) {
      const [name, value = ''] = pair.split('=')
      if (name !== 'options') continue
      try {
        const options = JSON.parse(decodeURIComponent(value.replace(/\+/g, ' '))) as {
          query?: Record<string, unknown>
        }
        if (options && options.query && typeof options.query === 'object') {
          queries.push(options.query)
        }
      } catch {
        // PocketBase cannot read these options either: it applies no filter.
      }
    }
  }
  return queries
}

/** The 400 naming the parameter and the path that reached a secret. */
function refusal(param: string, path: string): BadRequestError {
  return new BadRequestError('Webhook secrets cannot be searched, sorted or expanded.', {
    [param]: new ValidationError(
      'validation_secret_field',
      `"${path}" reaches a webhook secret, which no answer reveals.`,
    ),
  })
}

/**
 * The middleware: a records read, or a realtime subscription, whose filter, sort or expand
 * reaches a secret answers 400.
 */
export function refuseSecretQueries(e: RequestEvent, next: () => void = () => e.next()): void {
  const url = e.request.url
  if (!url) return next()
  if (e.request.method === 'POST' && url.path === '/api/realtime') {
    let body: { subscriptions?: unknown } = {}
    try {
      body = (e.requestInfo().body || {}) as { subscriptions?: unknown }
    } catch {
      return next() // an unreadable body: PocketBase's own 400
    }
    for (const query of subscriptionQueries(body.subscriptions)) {
      const found = secretParamIn((name) => String(query[name] ?? ''))
      if (found) throw refusal(found[0], found[1])
    }
    return next()
  }
  if (e.request.method !== 'GET' || !url.rawQuery || !RECORDS_READ.test(url.path)) {
    return next()
  }
  const query = url.query()
  const found = secretParamIn((name) => String(query.get(name) || ''))
  if (found) throw refusal(found[0], found[1])
  return next()
}
