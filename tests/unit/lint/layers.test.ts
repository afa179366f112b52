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

describe('the lint of the server code', () => {
  it("covers pb_hooks and pb_migrations, knowing PocketBase's globals", async () => {
    const root = join(import.meta.dirname, '../../..')
    execFileSync(process.execPath, [join(root, 'scripts/pb-types.mjs')])
    const eslint = new ESLint({ cwd: root })
    const lint = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath }))[0].messages.map((m) => m.ruleId)
    const hook = "routerAdd('GET', '/api/x', (e) => e.json(200, { ok: $app.isDev() }))\n"
    expect(await lint(join(root, 'pb_hooks/example.pb.js'), hook)).toEqual([])
    expect(await lint(join(root, 'pb_hooks/example.pb.js'), 'notAGlobal()\n')).toEqual(['no-undef'])
    expect(await lint(join(root, 'pb_migrations/1_example.js'), 'let unused = 1\n')).toEqual([
      'no-unused-vars',
    ])
  })
})
