// The layer rules of eslint.layers.js, applied to a small fixture tree (tests/lint-fixtures):
// each forbidden direction and an import cycle fail, a downward import passes.
import { ESLint } from 'eslint'
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM config module shared with eslint.config.js
import { FEATURES, layerRules } from '../../../eslint.layers.js'
// @ts-expect-error -- plain ESM config module shared with eslint.config.js
import { AREAS, SERVER_RESTRICTED_SYNTAX, serverRules } from '../../../eslint.server.js'

const fixtures = join(import.meta.dirname, '../../lint-fixtures')

async function ruleIdsFor(file: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'import-x': importX },
        settings: {
          ...importX.flatConfigs.typescript.settings,
          'import-x/resolver-next': [createTypeScriptImportResolver()],
        },
        rules: layerRules(fixtures),
      },
      {
        files: ['server/**/*.ts'],
        rules: {
          ...serverRules(fixtures),
          'no-restricted-syntax': ['error', ...SERVER_RESTRICTED_SYNTAX],
        },
      },
    ],
  })
  const [result] = await eslint.lintFiles([join(fixtures, file)])
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`)
}

describe('the layer boundaries lint', () => {
  it.each([
    ['a backend module importing a feature', 'src/backend/imports-feature.ts'],
    ['a shared component importing the app layer', 'src/components/imports-app.ts'],
    ['a feature importing another feature', 'src/features/account/imports-home.ts'],
  ])('refuses %s', async (_what, file) => {
    expect(await ruleIdsFor(file)).toEqual(['import-x/no-restricted-paths'])
  })

  it('refuses an import cycle', async () => {
    expect(await ruleIdsFor('src/offline/cycle-a.ts')).toEqual(['import-x/no-cycle'])
  })

  it('knows every feature folder, so each is kept from importing the others', () => {
    const folders = readdirSync(join(import.meta.dirname, '../../../src/features'))
    expect([...FEATURES].sort()).toEqual(folders.sort())
  })

  it('allows a feature to import a lower layer', async () => {
    expect(await ruleIdsFor('src/features/account/imports-config.ts')).toEqual([])
  })
})

describe("the server's areas lint", () => {
  it.each([
    ['a lower area importing a higher one', 'server/queue/imports-webhooks.ts'],
    [
      "an area importing another area's module instead of its index.ts",
      'server/webhooks/imports-queue-internals.ts',
    ],
    ['the server importing a browser layer of src/', 'server/webhooks/imports-backend.ts'],
    [
      "the browser importing server code that is not an area's api.ts",
      'src/backend/imports-server-internals.ts',
    ],
  ])('refuses %s', async (_what, file) => {
    expect(await ruleIdsFor(file)).toEqual(['import-x/no-restricted-paths'])
  })

  it('refuses an import cycle', async () => {
    expect(await ruleIdsFor('server/mail/cycle-a.ts')).toEqual(['import-x/no-cycle'])
  })

  it('refuses a require(), whose edge no tool would see', async () => {
    expect(await ruleIdsFor('server/webhooks/uses-require.ts')).toEqual(['no-restricted-syntax'])
  })

  it.each([
    ["a higher area importing a lower one's index.ts", 'server/webhooks/index.ts'],
    ["an area importing platform/'s modules", 'server/queue/enqueue.ts'],
    ['the server importing the pure facts of src/', 'server/webhooks/imports-config.ts'],
    ["the browser taking types from an area's api.ts", 'src/backend/imports-server-api.ts'],
  ])('allows %s', async (_what, file) => {
    expect(await ruleIdsFor(file)).toEqual([])
  })

  it('knows every folder of server/, in its order', () => {
    const folders = readdirSync(join(import.meta.dirname, '../../../server'), {
      withFileTypes: true,
    })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect([...AREAS].sort()).toEqual(folders.sort())
  })
})

describe('the lint of the entry table and the migrations', () => {
  it("knows PocketBase's globals and lets the entry table reach only the server's bundle", async () => {
    const root = join(import.meta.dirname, '../../..')
    execFileSync(process.execPath, [join(root, 'scripts/pb-types.mjs')])
    const eslint = new ESLint({ cwd: root })
    const lint = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath }))[0].messages.map((m) => m.ruleId)
    const hook = "routerAdd('GET', '/api/x', (e) => e.json(200, { ok: $app.isDev() }))\n"
    expect(await lint(join(root, 'pb_hooks/example.pb.js'), hook)).toEqual([])
    expect(await lint(join(root, 'pb_hooks/example.pb.js'), 'notAGlobal()\n')).toEqual(['no-undef'])
    const call = (path: string) =>
      `routerAdd('GET', '/api/x', (e) => require(\`\${__hooks}/${path}\`).mail.routes.health(e))\n`
    expect(await lint(join(root, 'pb_hooks/example.pb.js'), call('generated/server.cjs'))).toEqual(
      [],
    )
    expect(await lint(join(root, 'pb_hooks/example.pb.js'), call('lib/deliveries.js'))).toEqual([
      'no-restricted-syntax',
    ])
    expect(await lint(join(root, 'pb_migrations/1_example.js'), 'let unused = 1\n')).toEqual([
      'no-unused-vars',
    ])
  })
})
