// `npm run test:deploy`: the production front (deploy/Caddyfile in a real Caddy before
// `npm start`) and the service unit. Kept out of `npm test`, which needs no Caddy.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'deploy',
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // One front at a time: the files start servers on loopback and share the machine.
    fileParallelism: false,
  },
})
