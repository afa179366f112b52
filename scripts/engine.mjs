// What PocketBase 0.40.4's JavaScript engine (goja) lacks, probed on the pinned binary: the lint
// of server/ (eslint.server.js) refuses these in the source and scripts/build-server.mjs in the
// built files. (Its syntax reaches ES2022 but for async generators and `for await`; a regular
// expression's \p{...} quietly never matches.)
export const MISSING_GLOBALS = [
  'Intl',
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'WeakRef',
  'FinalizationRegistry',
]
