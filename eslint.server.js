// The server's areas, lowest first (docs/decisions/030-server-code-in-typescript.md). An area
// imports from its own folder and from LOWER areas only, and from another area only through that
// area's index.ts (platform/, the toolbox, module by module); no import cycles; nothing of src/
// but its pure layers; nothing the engine lacks; and the browser's code reaches the server only
// through the pure api.ts files. Shared by eslint.config.js and the lint test, which applies the
// same rules to a fixture tree.
import { MISSING_GLOBALS } from './scripts/engine.mjs'

export const AREAS = [
  'platform',
  'site',
  'queue',
  'mail',
  'pages',
  'limits',
  'people',
  'funnel',
  'payoff',
  'webhooks',
  'push',
  'newsletter',
  'followups',
  'leads',
  'accounts',
]

/** The layers of src/ the server may import: pure facts, the audit engine, the Markdown renderer. */
export const PURE_SRC_LAYERS = ['config', 'audit', 'content']
const OTHER_SRC_LAYERS = ['backend', 'offline', 'components', 'features', 'app']

/** Globals PocketBase's engine (goja) does not have, and the browser's the server never has. */
export const MISSING_ENGINE_GLOBALS = [...MISSING_GLOBALS, 'fetch', 'window', 'document'].map(
  (name) => ({ name, message: `PocketBase's engine has no ${name}.` }),
)

/** Syntax the engine cannot run, and the CommonJS the server no longer writes. */
export const SERVER_RESTRICTED_SYNTAX = [
  {
    selector: ':function[async=true][generator=true]',
    message: "PocketBase's engine has no async generators.",
  },
  { selector: 'ForOfStatement[await=true]', message: "PocketBase's engine has no `for await`." },
  {
    selector: 'Literal[regex.flags=/u/][regex.pattern=/\\\\[pP]\\{/]',
    message: "PocketBase's engine matches no Unicode property escape (\\p{...}).",
  },
  {
    selector: "CallExpression[callee.name='require']",
    message: 'Import with a relative ES import: the graph must be visible to every tool.',
  },
]

/**
 * ESLint rules for the server tree `server` (and the browser tree `src`), folders of `basePath`.
 * @param {string} basePath
 * @param {{ server?: string, src?: string }} [roots]
 */
export function serverRules(basePath, { server = 'server', src = 'src' } = {}) {
  const zones = []
  AREAS.forEach((area, i) => {
    const higher = AREAS.slice(i + 1)
    if (higher.length > 0) {
      zones.push({
        target: `./${server}/${area}`,
        from: [...higher.map((name) => `./${server}/${name}`), `./${server}/main.ts`],
        message: `${area}/ sits below ${higher.join(', ')}: import downwards only.`,
      })
    }
    // platform/ is the toolbox every area uses module by module (events, request, errors, sql).
    for (const lower of AREAS.slice(1, i)) {
      zones.push({
        target: `./${server}/${area}`,
        from: `./${server}/${lower}`,
        except: ['./index.ts'],
        message: `Import ${lower}/ through its index.ts, its public surface.`,
      })
    }
  })
  zones.push({
    target: `./${server}`,
    from: OTHER_SRC_LAYERS.map((layer) => `./${src}/${layer}`),
    message: `The server imports only the pure layers of ${src}/ (${PURE_SRC_LAYERS.join(', ')}).`,
  })
  return {
    'import-x/no-restricted-paths': ['error', { basePath, zones }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  }
}

/**
 * The rule for the browser's side: src/ imports from server/ only its api.ts files (the
 * request and response types, and the pure rules both sides share).
 * @param {string} basePath
 * @param {{ server?: string, src?: string }} [roots]
 */
export function browserToServerZone(basePath, { server = 'server', src = 'src' } = {}) {
  return {
    target: `./${src}`,
    from: `./${server}`,
    except: AREAS.map((area) => `./${area}/api.ts`),
    message: `${src}/ reaches the server only through its api.ts files (types and pure rules).`,
  }
}
