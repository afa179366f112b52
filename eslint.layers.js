// The source layers, lowest first. A module may import from its own layer and the ones before
// it, never from a later one; a feature never imports another feature. Why:
// docs/decisions/005-layer-boundaries.md. Shared by eslint.config.js and the lint test, which
// applies the same rules to a fixture tree.
export const LAYERS = [
  'config',
  'audit',
  'content',
  'backend',
  'offline',
  'components',
  'features',
  'app',
]

import { browserToServerZone } from './eslint.server.js'

export const FEATURES = ['account', 'admin', 'audit', 'call', 'home', 'legal', 'newsletter']

/** ESLint rules for the source tree `root`, a folder of `basePath`. */
export function layerRules(basePath, root = 'src') {
  const zones = []
  LAYERS.forEach((layer, i) => {
    const later = [...LAYERS.slice(i + 1), 'main.tsx'].map((name) => `./${root}/${name}`)
    zones.push({
      target: `./${root}/${layer}`,
      from: later,
      message: `${layer}/ sits below ${LAYERS.slice(i + 1).join(', ')}: import downwards only.`,
    })
  })
  for (const feature of FEATURES) {
    zones.push({
      target: `./${root}/features/${feature}`,
      from: `./${root}/features`,
      except: [`./${feature}`],
      message: 'A feature never imports another feature: move the shared part down a layer.',
    })
  }
  zones.push(browserToServerZone(basePath, { src: root }))
  return {
    'import-x/no-restricted-paths': ['error', { basePath, zones }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  }
}
