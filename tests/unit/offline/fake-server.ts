// A stand-in for PocketBase's record-create and batch endpoints, answering with the exact
// shapes PocketBase 0.40.4 produces (checked against the real binary; the integration tests
// run the same scenarios against it). Unit tests use it to control timing and failures.
import PocketBase from 'pocketbase'
import {
  createOfflineDatabase,
  type OfflineDatabase,
  type OutboxItem,
} from '../../../src/offline/db'
import type { AuditInput, ContactInput } from '../../../src/backend/types'
import { newRecordId } from '../../../src/backend/outbox-transport'

export interface SeenRequest {
  method: string
  path: string
  /** Parsed JSON body; for /api/batch the `requests` array. */
  body: unknown
  authorization: string | null
  at: number
}

export type Answer = Response | 'network'
export type Responder = (req: SeenRequest, server: FakeServer) => Answer | Promise<Answer>

export interface FakeServer {
  /** Rows by collection name and id, as the server stored them. */
  rows: Map<string, Map<string, Record<string, unknown>>>
  requests: SeenRequest[]
  /** Ids of every create the server received, single or inside a batch, in order. */
  createdIds(): string[]
  fetch: typeof fetch
  /** Replace the behaviour; the default is `realisticCreate`. */
  respond: Responder
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

export const answers = {
  duplicateId: () =>
    json(400, {
      status: 400,
      message: 'Failed to create record.',
      data: { id: { code: 'validation_not_unique', message: 'Value must be unique.' } },
    }),
  invalidEmail: () =>
    json(400, {
      status: 400,
      message: 'Failed to create record.',
      data: { email: { code: 'validation_is_email', message: 'Must be a valid email address.' } },
    }),
  status: (status: number, message: string, headers: Record<string, string> = {}) =>
    json(status, { status, message, data: {} }, headers),
}

function duplicateResult() {
  return {
    status: 400,
    body: {
      status: 400,
      message: 'Failed to create record.',
      data: { id: { code: 'validation_not_unique', message: 'Value must be unique.' } },
    },
  }
}

/** A create as PocketBase does it: duplicate id -> 400 not_unique, bad e-mail -> 400. */
function createOne(
  server: FakeServer,
  collection: string,
  body: Record<string, unknown>,
  commit: boolean,
): { status: number; body: Record<string, unknown> } {
  const table = server.rows.get(collection) ?? new Map()
  server.rows.set(collection, table)
  if (table.has(String(body.id))) return duplicateResult()
  if (typeof body.email === 'string' && !body.email.includes('@')) {
    return {
      status: 400,
      body: {
        status: 400,
        message: 'Failed to create record.',
        data: { email: { code: 'validation_is_email', message: 'Must be a valid email address.' } },
      },
    }
  }
  const record = { ...body, collectionName: collection }
  if (commit) table.set(String(body.id), record)
  return { status: 200, body: record }
}

export const realisticCreate: Responder = (req, server) => {
  if (req.path === '/api/batch') {
    const requests = req.body as { method: string; url: string; body: Record<string, unknown> }[]
    // One transaction: check everything first, commit only if all pass.
    const staged = new Set<string>()
    for (const [index, sub] of requests.entries()) {
      const collection = sub.url.split('/')[3]
      const key = `${collection}/${String(sub.body.id)}`
      const result = staged.has(key)
        ? duplicateResult()
        : createOne(server, collection, sub.body, false)
      if (result.status !== 200) {
        return json(400, {
          status: 400,
          message: 'Batch transaction failed.',
          data: {
            requests: {
              [String(index)]: {
                code: 'batch_request_failed',
                message: 'Batch request failed.',
                response: result.body,
              },
            },
          },
        })
      }
      staged.add(key)
    }
    return json(
      200,
      requests.map((sub) => ({
        status: 200,
        body: createOne(server, sub.url.split('/')[3], sub.body, true).body,
      })),
    )
  }
  const collection = req.path.split('/')[3]
  const result = createOne(server, collection, req.body as Record<string, unknown>, true)
  return json(result.status, result.body)
}

export function fakeServer(now: () => number = Date.now): FakeServer {
  const server: FakeServer = {
    rows: new Map(),
    requests: [],
    respond: realisticCreate,
    createdIds() {
      return server.requests.flatMap((r) =>
        r.path === '/api/batch'
          ? (r.body as { body: { id: string } }[]).map((sub) => sub.body.id)
          : [(r.body as { id: string }).id],
      )
    },
    fetch: async (input, init) => {
      const url = new URL(String(input))
      const raw = init?.body
      let body: unknown = undefined
      if (raw instanceof FormData) {
        body = JSON.parse(String(raw.get('@jsonPayload'))).requests
      } else if (typeof raw === 'string') {
        body = JSON.parse(raw)
      }
      const headers = new Headers(init?.headers)
      const req: SeenRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body,
        authorization: headers.get('authorization'),
        at: now(),
      }
      server.requests.push(req)
      const answer = await server.respond(req, server)
      if (answer === 'network') throw new TypeError('fetch failed')
      return answer
    },
  }
  return server
}

export function rowCount(server: FakeServer): number {
  let n = 0
  for (const table of server.rows.values()) n += table.size
  return n
}

let dbCounter = 0

/** A database of its own for each test (same fake-indexeddb, unique name). */
export function freshDb(): OfflineDatabase {
  dbCounter += 1
  return createOfflineDatabase(`unit-offline-${dbCounter}-${Math.random().toString(36).slice(2)}`)
}

export function guestClient(): PocketBase {
  const pb = new PocketBase('http://pb.test')
  pb.autoCancellation(false)
  return pb
}

/** A syntactically valid JWT the SDK accepts as unexpired (it only decodes `exp`). */
export function fakeToken(
  userId: string,
  expSeconds = Math.floor(Date.now() / 1000) + 3600,
): string {
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ id: userId, type: 'auth', exp: expSeconds })}.sig`
}

export function signIn(pb: PocketBase, userId: string): void {
  pb.authStore.save(fakeToken(userId), {
    id: userId,
    collectionId: '_pb_users_auth_',
    collectionName: 'users',
  })
}

export const contact = (n: number, email = `visitor${n}@example.com`): ContactInput => ({
  name: `Visitor ${n}`,
  email,
  message: `Message ${n}`,
  source: 'portfolio_website',
})

/** Only the fields a queue test looks at; the fake server does not validate audits. */
export const auditStub = (fields: Partial<AuditInput>) => fields as AuditInput

/** A backlog an earlier offline session left behind: queued, tried once, due now. */
export async function seedBacklog(
  db: OfflineDatabase,
  payloads: OutboxItem['payload'][],
  collection: OutboxItem['collection'] = 'contacts',
): Promise<string[]> {
  const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0
  const items: OutboxItem[] = payloads.map((payload, n) => ({
    id: newRecordId(),
    collection,
    payload,
    status: 'queued',
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: Date.now(),
    seq: last + n + 1,
    lastError: {
      kind: 'network',
      status: 0,
      serverMessage: 'Something went wrong.',
      fieldErrors: {},
    },
  }))
  await db.outbox.bulkAdd(items)
  return items.map((i) => i.id)
}
