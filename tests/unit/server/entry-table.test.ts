// The entry table (pb_hooks/*.pb.js) stays thin, and every line of it reaches real code: each
// file holds only registrations (routes, middlewares, record and mailer hooks, cron jobs), each
// handler is ONE call into the server's bundle, and each call names a function the built bundle
// exports, so a misspelt name fails here rather than on the first request that takes that route.
import { parse } from 'acorn'
import type { Node } from 'acorn'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const hooksDir = join(root, 'pb_hooks')
const bundlePath = join(hooksDir, 'generated/server.cjs')
const BUNDLE = '/generated/server.cjs'

type AnyNode = Node & Record<string, unknown>

/** A file's registrations: what each calls in the bundle, and what is not a registration. */
function readEntryFile(source: string) {
  const program = parse(source, { ecmaVersion: 2022, sourceType: 'script' }) as unknown as {
    body: AnyNode[]
  }
  const calls: string[][] = []
  const problems: string[] = []
  const handlerCall = (fn: AnyNode) => {
    const body = fn.body as AnyNode
    if (fn.type !== 'ArrowFunctionExpression' || body.type !== 'CallExpression') {
      problems.push(
        `a handler that is not one call (line ${source.slice(0, fn.start).split('\n').length})`,
      )
      return
    }
    const path: string[] = []
    let target = body.callee as AnyNode
    while (target.type === 'MemberExpression') {
      path.unshift(String((target.property as AnyNode).name))
      target = target.object as AnyNode
    }
    const argument = (target.arguments as AnyNode[] | undefined)?.[0]
    const quasis = argument?.type === 'TemplateLiteral' ? (argument.quasis as AnyNode[]) : []
    const named = quasis.map((q) => (q.value as { raw: string }).raw).join('${}')
    if (
      target.type !== 'CallExpression' ||
      (target.callee as AnyNode).name !== 'require' ||
      named !== `\${}${BUNDLE}`
    ) {
      problems.push(`a handler that does not call into ${BUNDLE}`)
      return
    }
    calls.push(path)
  }
  for (const statement of program.body) {
    const call = statement.expression as AnyNode | undefined
    const callee = call?.callee as AnyNode | undefined
    // routerAdd(...), onRecordCreateRequest(...), cronAdd(...), or $app.onServe().bindFunc(...)
    const appHook = callee?.type === 'MemberExpression' ? (callee.object as AnyNode) : undefined
    const appHookName = ((appHook?.callee as AnyNode | undefined)?.property as AnyNode | undefined)
      ?.name
    const isRegistration =
      statement.type === 'ExpressionStatement' &&
      call?.type === 'CallExpression' &&
      ((callee?.type === 'Identifier' &&
        /^(routerAdd|routerUse|cronAdd|on[A-Z]\w+)$/.test(String(callee.name))) ||
        ((callee?.property as AnyNode | undefined)?.name === 'bindFunc' &&
          /^on[A-Z]\w+$/.test(String(appHookName))))
    if (!isRegistration) {
      problems.push(`a top-level ${statement.type} that registers nothing`)
      continue
    }
    for (const argument of call.arguments as AnyNode[]) {
      if (argument.type.includes('Function')) handlerCall(argument)
      // routerUse(new Middleware(handler, priority, id))
      if (argument.type === 'NewExpression' && (argument.callee as AnyNode).name === 'Middleware') {
        handlerCall((argument.arguments as AnyNode[])[0])
      }
    }
  }
  return { calls, problems }
}

const entryFiles = readdirSync(hooksDir).filter((file) => file.endsWith('.pb.js'))

describe('the entry table', () => {
  it.each(entryFiles)('%s only registers, each handler one call into the bundle', (file) => {
    const { calls, problems } = readEntryFile(readFileSync(join(hooksDir, file), 'utf8'))
    expect(problems).toEqual([])
    expect(calls.length).toBeGreaterThan(0)
  })

  it('calls only functions the built bundle exports', () => {
    expect(existsSync(bundlePath), 'build it first: node scripts/build-server.mjs').toBe(true)
    const bundle = createRequire(import.meta.url)(bundlePath) as Record<string, unknown>
    const missing: string[] = []
    for (const file of entryFiles) {
      for (const path of readEntryFile(readFileSync(join(hooksDir, file), 'utf8')).calls) {
        let value: unknown = bundle
        for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key]
        if (typeof value !== 'function') missing.push(`${file}: ${path.join('.')}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('tells a handler with logic of its own from a call into the bundle', () => {
    const thick = "routerAdd('GET', '/api/x', (e) => { return e.json(200, {}) })\n"
    const lib = "routerAdd('GET', '/api/x', (e) => require(`${__hooks}/lib/x.js`).x(e))\n"
    const top =
      "const limit = 5\nrouterAdd('GET', '/api/x', (e) => require(`${__hooks}/generated/server.cjs`).a.b(e))\n"
    expect(readEntryFile(thick).problems).toHaveLength(1)
    expect(readEntryFile(lib).problems).toHaveLength(1)
    expect(readEntryFile(top).problems).toEqual([
      'a top-level VariableDeclaration that registers nothing',
    ])
  })
})
